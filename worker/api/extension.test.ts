/**
 * The browser extension's side of the API: CORS only for the configured extension
 * origins (vitest.integration.config.ts sets EXTENSION_ORIGINS), with the Authorization header and
 * without credentials; captured pages limited per session token (or per address when signed out)
 * with the same size limit as a fetched page.
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { RECIPE_HTML_MAX_BYTES } from "../../core/api/recipes.ts";
import { createDb } from "../db/client.ts";
import { isAllowedExtensionOrigin, parseExtensionOrigins } from "../http/cors.ts";
import { sessions, users } from "../db/schema.ts";
import { sha256Hex } from "../lib/crypto.ts";
import { newId, newToken } from "../lib/ids.ts";

const CHROME = "chrome-extension://abcdefghijklmnopabcdefghijklmnop";
const FIREFOX = "moz-extension://0f8b7c1e-3a2d-4b5c-9d8e-7f6a5b4c3d2e";
const db = createDb(env.DB);
const call = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);

const preflight = (origin: string, path = "/api/recipes/parse") =>
  call(path, {
    method: "OPTIONS",
    headers: { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" },
  });

const recipeHtml = (name: string) =>
  `<html><head><script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Recipe",
    name,
    recipeIngredient: ["200 g flour", "2 eggs"],
  })}</script></head><body></body></html>`;

async function bearer(): Promise<string> {
  const id = newId();
  const token = newToken();
  await db.insert(users).values({ id, email: `${id}@example.org`, passwordHash: "x", firstName: "E", lastName: "X" });
  await db.insert(sessions).values({ tokenHash: await sha256Hex(token), userId: id, expiresAt: new Date(Date.now() + 3_600_000) });
  return token;
}

describe("CORS for the browser extension", () => {
  it("answers the preflight of a configured Chrome extension, allowing the Authorization header", async () => {
    const res = await preflight(CHROME);
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(CHROME);
    expect(res.headers.get("access-control-allow-headers")).toMatch(/\bauthorization\b/);
    expect(res.headers.get("access-control-allow-headers")).toMatch(/\bcontent-type\b/);
    // the extension sends back the database bookmark a write handed it (read-your-writes, decision 0040)
    expect(res.headers.get("access-control-allow-headers")).toMatch(/\bx-d1-bookmark\b/);
    expect(res.headers.get("access-control-allow-methods")).toMatch(/\bPOST\b/);
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    expect(res.headers.get("vary")).toMatch(/Origin/);
  });

  it("allows any Firefox install when configured with moz-extension://*", async () => {
    const res = await preflight(FIREFOX);
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(FIREFOX);
  });

  it("gives no CORS header to web sites, other extensions or look-alike origins", async () => {
    for (const origin of [
      "https://evil.example",
      "chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba",
      `${CHROME}.evil.example`,
      "null",
    ]) {
      const pre = await preflight(origin);
      expect(pre.headers.get("access-control-allow-origin"), origin).toBeNull();
      const res = await call("/api/health", { headers: { origin } });
      expect(res.headers.get("access-control-allow-origin"), origin).toBeNull();
    }
  });

  it("adds the allow-origin header to the real answer, success or problem", async () => {
    const ok = await call("/api/recipes/parse", {
      method: "POST",
      headers: { origin: CHROME, "content-type": "application/json" },
      body: JSON.stringify({ url: "https://example.com/cors", html: recipeHtml("CORS Pancakes") }),
    });
    expect(ok.status).toBe(201);
    expect(ok.headers.get("access-control-allow-origin")).toBe(CHROME);
    expect(ok.headers.get("access-control-expose-headers")).toMatch(/retry-after/i);
    // a write's bookmark, readable by the extension
    expect(ok.headers.get("access-control-expose-headers")).toMatch(/x-d1-bookmark/i);
    expect(ok.headers.get("x-d1-bookmark")).toBeTruthy();
    const bad = await call("/api/recipes/parse", {
      method: "POST",
      headers: { origin: CHROME, "content-type": "application/json" },
      body: JSON.stringify({ url: "https://example.com/none", html: "<html><body><p>Hello</p></body></html>" }),
    });
    expect(bad.status).toBe(422);
    expect(bad.headers.get("access-control-allow-origin")).toBe(CHROME);
  });

  it("reads EXTENSION_ORIGINS strictly: well-formed extension origins only, case and trailing slash ignored", () => {
    const allowed = parseExtensionOrigins(` ${CHROME.toUpperCase()}/ ,https://example.com moz-extension://nope chrome-extension://short`);
    expect([...allowed.exact]).toEqual([CHROME]);
    expect(allowed.anyFirefox).toBe(false);
    expect(isAllowedExtensionOrigin(CHROME, allowed)).toBe(true);
    expect(isAllowedExtensionOrigin(FIREFOX, allowed)).toBe(false);
    expect(isAllowedExtensionOrigin(null, parseExtensionOrigins(""))).toBe(false);
    expect(isAllowedExtensionOrigin(CHROME, parseExtensionOrigins(undefined))).toBe(false);
  });
});

describe("captured pages: limits", () => {
  it("refuses captured HTML over 5 MB (too_large), like a fetched page", async () => {
    const html = `<html><body>${"x".repeat(RECIPE_HTML_MAX_BYTES)}</body></html>`;
    const res = await call("/api/recipes/parse", {
      method: "POST",
      headers: { origin: CHROME, "content-type": "application/json" },
      body: JSON.stringify({ url: "https://example.com/huge", html }),
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe("too_large");
  });

  it("limits imports per session token: another address does not reset it, another token is not affected", async () => {
    const toBoundary = 60_000 - (Date.now() % 60_000);
    if (toBoundary < 6_000) await new Promise((r) => setTimeout(r, toBoundary + 100));
    const [token, other] = [await bearer(), await bearer()];
    // a page of its own each time: a page the account already has answers its saved copy (200, decision 0042)
    let page = 0;
    const send = (t: string, address: string) =>
      call("/api/recipes/parse", {
        method: "POST",
        headers: { origin: CHROME, "content-type": "application/json", authorization: `Bearer ${t}`, "cf-connecting-ip": address },
        body: JSON.stringify({ url: `https://example.com/per-token/${++page}`, html: recipeHtml("Token Pancakes") }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await send(token, `203.0.113.${(i % 200) + 1}`)).status);
    expect(statuses).toEqual(new Array(30).fill(201));
    const limited = await send(token, "192.0.2.99");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("access-control-allow-origin")).toBe(CHROME);
    expect(((await limited.json()) as { code: string }).code).toBe("rate_limited");
    expect((await send(other, "192.0.2.99")).status).toBe(201);
  }, 20_000);
});

describe("POST /api/auth/extension-session", () => {
  const ask = (extensionOrigin: string, token?: string) =>
    call("/api/auth/extension-session", {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify({ extensionOrigin }),
    });

  it("signed out: 401, no session made", async () => {
    expect((await ask(CHROME)).status).toBe(401);
  });

  it("gives a configured extension its own session, which logout ends", async () => {
    const web = await bearer();
    const res = await ask(CHROME, web);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { token: string; user: { email: string }; expiresAt: string };
    expect(body.token).not.toBe(web);
    expect(body.user.email).toMatch(/@example\.org$/);
    const me = (t: string) => call("/api/auth/me", { headers: { authorization: `Bearer ${t}` } });
    expect((await me(body.token)).status).toBe(200);
    // 'Disconnect': the extension logs its own session out; the web session goes on.
    const out = await call("/api/auth/logout", { method: "POST", headers: { authorization: `Bearer ${body.token}` } });
    expect(out.status).toBe(204);
    expect((await me(body.token)).status).toBe(401);
    expect((await me(web)).status).toBe(200);
  });

  it("refuses an extension the server does not trust", async () => {
    const web = await bearer();
    for (const origin of ["chrome-extension://ponmlkjihgfedcbaponmlkjihgfedcba", "https://evil.example", "moz-extension://nope"]) {
      const res = await ask(origin, web);
      expect(res.status, origin).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe("extension_not_allowed");
    }
  });
});
