/**
 * Static assets carry the same security headers as pages (public/_headers; pages and API answers
 * get theirs from worker/http/security-headers.ts), served by the real runtime. Personal pages and
 * their data requests are never cached (private, no-store).
 */
import { afterAll, describe, expect, it } from "vitest";
import { baseURL, closeBrowser, openPage } from "./browser.ts";
import { makeList } from "./lists.ts";
import { registerViaApi } from "./users.ts";
import { expectDefined } from "../core/lib/expect-defined.ts";

const SAME_ON_EVERY_RESPONSE = [
  "x-content-type-options",
  "referrer-policy",
  "x-frame-options",
  "cross-origin-opener-policy",
  "permissions-policy",
];

async function assetPaths(): Promise<string[]> {
  const html = await (await fetch(`${baseURL()}/`)).text();
  // Scripts are named in links and in the inline boot script (the route manifest among them).
  const paths = [...html.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? "");
  // The site stylesheet is inline (decision 0017); the stylesheets of parts loaded on demand are
  // named by the scripts that load them (the route manifest names each route's).
  for (const js of paths.filter((p) => p.endsWith(".js"))) {
    const code = await (await fetch(`${baseURL()}${js}`)).text();
    for (const m of code.matchAll(/assets\/[\w.-]+\.css/g)) paths.push(`/${m[0]}`);
  }
  return [...new Set(paths)].filter(Boolean);
}

describe("security headers", () => {
  it("static assets (script, stylesheet, icon) get nosniff and the page's other headers", async () => {
    const page = await fetch(`${baseURL()}/`);
    await page.arrayBuffer();
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const assets = await assetPaths();
    expect(assets.some((p) => p.endsWith(".js"))).toBe(true);
    expect(assets.some((p) => p.endsWith(".css"))).toBe(true);
    const someOfEach = [...assets.filter((p) => p.endsWith(".js")).slice(0, 3), expectDefined(assets.find((p) => p.endsWith(".css")))];
    for (const p of [...someOfEach, "/favicon.svg"]) {
      const res = await fetch(`${baseURL()}${p}`);
      await res.arrayBuffer();
      expect(res.status, p).toBe(200);
      for (const name of SAME_ON_EVERY_RESPONSE) expect(res.headers.get(name), `${p} ${name}`).toBe(page.headers.get(name));
      expect(res.headers.get("content-security-policy"), p).toMatch(/frame-ancestors 'none'/);
    }
  });

  it("hashed files under /assets/ are cached for a year", async () => {
    const [first] = await assetPaths();
    const res = await fetch(`${baseURL()}${first}`);
    await res.arrayBuffer();
    expect(res.headers.get("cache-control")).toMatch(/max-age=31536000/);
  });
});

describe("personal pages are never cached", () => {
  afterAll(closeBrowser);

  it("/dashboard, /history, /favorites, /shopping-list/{id} and their .data requests send Cache-Control: private, no-store", async () => {
    const { page, context } = await openPage();
    await registerViaApi(page, "nocache");
    const list = await makeList(page, { name: "Private week" });
    const paths = ["/dashboard", "/dashboard?tab=profile", "/history", "/favorites", `/shopping-list/${list.id}`];
    for (const path of paths) {
      const [pathname, query] = path.split("?");
      for (const url of [path, `${pathname}.data${query ? `?${query}` : ""}`]) {
        const res = await page.request.get(url, { maxRedirects: 0 });
        expect(res.status(), url).toBe(200);
        expect(res.headers()["cache-control"], url).toBe("private, no-store");
      }
    }
    // A public page keeps its own caching (none forced here).
    const about = await page.request.get("/about");
    expect(about.headers()["cache-control"] ?? "").not.toMatch(/private/);
    await context.close();
  });
});
