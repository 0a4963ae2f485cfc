/**
 * vitest globalSetup for the integration project: a small Node HTTP server on loopback that
 * serves the recipe-import fixture pages (good, broken, hostile). It runs in the vitest main
 * process because a workerd test cannot listen on a socket; tests reach it through
 * `inject("fixtureBaseUrl")` and the RECIPECART_ALLOW_LOOPBACK_FETCH test binding.
 *
 * Every request is counted by path + query: GET /__hits?path=/recipe/good?x=1 -> {"count": n}.
 */
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { CAPTION_CASES } from "../../core/social/fixtures/cases.ts";
import { casePage } from "../../core/social/fixtures/pages.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";

declare module "vitest" {
  export interface ProvidedContext {
    fixtureBaseUrl: string;
  }
}

export const GOOD_RECIPE = {
  "@context": "https://schema.org",
  "@type": "Recipe",
  name: "Fixture Tomato Soup",
  image: "https://images.example.com/tomato-soup.jpg",
  recipeYield: "4 servings",
  recipeIngredient: ["2 tbsp olive oil", "1 large onion, chopped", "800 g canned tomatoes", "500 ml vegetable stock", "salt to taste"],
  recipeInstructions: [
    { "@type": "HowToStep", text: "Soften the onion in the oil." },
    { "@type": "HowToStep", text: "Add the rest and simmer." },
  ],
};

function page(head: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
}

const goodPage = page(
  `<title>Fixture Tomato Soup | Fixture Kitchen</title><meta property="og:site_name" content="Fixture Kitchen">
<script type="application/ld+json">${JSON.stringify(GOOD_RECIPE)}</script>`,
  `<h1>Fixture Tomato Soup</h1><p>A soup.</p>`,
);

const brokenJsonLdPage = page(
  `<title>Broken</title><script type="application/ld+json">{"@type": "Recipe", "name": "Half a recipe", "recipeIngredient": [</script>`,
  `<h1>Nothing to see</h1><p>This page has no usable recipe.</p>`,
);

const botWall = `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title>
<meta http-equiv="refresh" content="390"></head><body><div id="challenge-running">Checking if the site connection is secure</div>
<noscript>Enable JavaScript and cookies to continue</noscript><script src="/cdn-cgi/challenge-platform/h/g/orchestrate/chl_page/v1"></script></body></html>`;

/** "Crème brûlée" page encoded as windows-1252 (bytes è=0xE8, û=0xFB, é=0xE9, ½=0xBD, –=0x96). */
function latinRecipe(title: string, headerCharset: string | null, metaCharset: string | null): { body: Buffer; type: string } {
  const recipe = {
    "@context": "https://schema.org",
    "@type": "Recipe",
    name: title,
    recipeIngredient: ["500 ml crème fraîche", "½ vanilla pod", "100 g sugar – caster", "4 egg yolks"],
  };
  const html = `<!doctype html><html><head>${metaCharset ? `<meta charset="${metaCharset}">` : ""}<title>${title}</title>
<script type="application/ld+json">${JSON.stringify(recipe)}</script></head><body><h1>${title}</h1></body></html>`;
  return { body: encodeWindows1252(html), type: headerCharset ? `text/html; charset=${headerCharset}` : "text/html" };
}

const CP1252_HIGH: Record<string, number> = { "–": 0x96, "—": 0x97, "€": 0x80, "’": 0x92, "“": 0x93, "”": 0x94 };

function encodeWindows1252(text: string): Buffer {
  const out: number[] = [];
  for (const ch of text) {
    const code = expectDefined(ch.codePointAt(0));
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) out.push(code);
    else if (CP1252_HIGH[ch] !== undefined) out.push(CP1252_HIGH[ch]);
    else out.push(0x3f);
  }
  return Buffer.from(out);
}

/**
 * The extraction core's real saved pages (core/extract/fixtures/<host>/<case>.html.gz, from
 * recipe-scrapers, MIT): served gzip-encoded at /real/<host>/<case>, listed at /real-index.
 */
const REAL_DIR = path.join(import.meta.dirname, "../../core/extract/fixtures");

function realIndex(): { path: string; url: string; title: string; ingredients: string[] }[] {
  const out: { path: string; url: string; title: string; ingredients: string[] }[] = [];
  let hosts: string[] = [];
  try {
    hosts = readdirSync(REAL_DIR, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return out;
  }
  for (const host of hosts.sort()) {
    for (const file of readdirSync(path.join(REAL_DIR, host)).sort()) {
      if (!file.endsWith(".expected.json")) continue;
      const name = file.slice(0, -".expected.json".length);
      const expected = JSON.parse(readFileSync(path.join(REAL_DIR, host, file), "utf8"));
      out.push({ path: `/real/${host}/${name}`, url: expected.url, title: expected.title, ingredients: expected.ingredients });
    }
  }
  return out;
}

const hits = new Map<string, number>();

function handle(req: http.IncomingMessage, res: http.ServerResponse, base: string): void {
  const url = new URL(req.url ?? "/", base);
  const key = url.pathname + url.search;
  if (url.pathname !== "/__hits") hits.set(key, (hits.get(key) ?? 0) + 1);
  const send = (status: number, type: string | null, body: string | Buffer, headers: Record<string, string> = {}) => {
    res.writeHead(status, { ...(type ? { "content-type": type } : {}), ...headers });
    res.end(body);
  };

  const real = /^\/real\/([\w.-]+)\/([\w.-]+)$/.exec(url.pathname);
  if (real) {
    let gz: Buffer;
    try {
      gz = readFileSync(path.join(REAL_DIR, expectDefined(real[1]), `${expectDefined(real[2])}.html.gz`));
    } catch {
      return send(404, "text/html", "no such fixture");
    }
    return send(200, "text/html; charset=utf-8", gz, { "content-encoding": "gzip" });
  }

  // social post pages (core/social/fixtures): /social/<case id>; their og:url names the network
  const social = /^\/social\/([\w-]+)$/.exec(url.pathname);
  if (social) {
    if (social[1] === "link-to-blog") {
      // a post whose caption links to a recipe page on this server
      const html = casePage({
        id: "ig-link-to-loopback",
        network: "instagram",
        shape: "instagram-og",
        lang: "en",
        user: "fixturekitchen",
        name: "Fixture Kitchen",
        caption: `Tomato soup season 🍅 Full recipe on my blog: ${base}/recipe/good\n#soup #comfortfood`,
        expect: { noRecipe: true, recipeUrl: `${base}/recipe/good` },
      }).html;
      return send(200, "text/html; charset=utf-8", html);
    }
    const c = CAPTION_CASES.find((x) => x.id === social[1]);
    return c ? send(200, "text/html; charset=utf-8", casePage(c).html) : send(404, "text/html", "no such post");
  }

  switch (url.pathname) {
    case "/real-index":
      return send(200, "application/json", JSON.stringify(realIndex()));
    case "/__hits":
      return send(200, "application/json", JSON.stringify({ count: hits.get(url.searchParams.get("path") ?? "") ?? 0 }));
    case "/recipe/good":
      return send(200, "text/html; charset=utf-8", goodPage);
    case "/recipe/xhtml":
      return send(200, "application/xhtml+xml", goodPage);
    case "/recipe/no-type":
      return send(200, null, goodPage);
    case "/recipe/broken-json-ld":
      return send(200, "text/html; charset=utf-8", brokenJsonLdPage);
    case "/recipe/windows-1252": // Declared in the Content-Type header.
      {
        const p = latinRecipe("Crème brûlée", "windows-1252", null);
        return send(200, p.type, p.body);
      }
    case "/recipe/meta-charset": // Declared only in <meta charset>; the header says text/html with no charset.
      {
        const p = latinRecipe("Crème brûlée à la maison", null, "iso-8859-1");
        return send(200, p.type, p.body);
      }
    case "/redirect": {
      // /redirect?to=<absolute or relative target>&status=302
      const status = Number(url.searchParams.get("status") ?? "302");
      return send(status, "text/html", "moved", { location: url.searchParams.get("to") ?? "/" });
    }
    case "/redirect-chain": {
      // /redirect-chain?n=3 -> n redirects, then the good recipe (tag keeps cache keys apart).
      const n = Number(url.searchParams.get("n") ?? "0");
      const tag = url.searchParams.get("tag") ?? "";
      const next = n <= 1 ? `/recipe/good?from-chain=${tag}` : `/redirect-chain?n=${n - 1}&tag=${tag}`;
      return send(302, "text/html", "moved", { location: next });
    }
    case "/cookie-gate":
      // Redirects to itself with a cookie until the cookie comes back, like consent/cookie-check walls.
      if (/(?:^|;\s*)gate=ok(?:;|$)/.test(req.headers.cookie ?? "")) return send(200, "text/html; charset=utf-8", goodPage);
      return send(302, "text/html", "moved", { location: url.pathname + url.search, "set-cookie": "gate=ok; Path=/; HttpOnly" });
    case "/slow-body": {
      // Headers at once, then one byte every 200 ms forever.
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<!doctype html><html><head><title>slow</title>");
      const timer = setInterval(() => res.write(" "), 200);
      const stop = () => clearInterval(timer);
      res.on("close", stop);
      req.on("close", stop);
      return;
    }
    case "/slow-headers":
      // Never answers; the client must give up.
      req.on("close", () => res.destroy());
      return;
    case "/huge": {
      // 6 MB of HTML in chunks, no Content-Length.
      res.writeHead(200, { "content-type": "text/html" });
      res.write("<!doctype html><html><head><title>huge</title></head><body>");
      const chunk = `<p>${"x".repeat(64 * 1024 - 7)}</p>`;
      let sent = 0;
      const pump = () => {
        while (sent < 6 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end("</body></html>");
      };
      res.on("error", () => {});
      return pump();
    }
    case "/huge-declared":
      // Announces 6 MB; the client must refuse before reading.
      res.writeHead(200, { "content-type": "text/html", "content-length": String(6 * 1024 * 1024) });
      res.write("<!doctype html>");
      req.on("close", () => res.destroy());
      return;
    case "/data.json":
      return send(200, "application/json", JSON.stringify({ name: "not a page" }));
    case "/text-plain":
      return send(200, "text/plain", goodPage);
    case "/image.png":
      return send(200, null, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]));
    case "/bot-wall":
      return send(403, "text/html; charset=UTF-8", botWall, { "cf-mitigated": "challenge", server: "cloudflare" });
    case "/challenge-200":
      // Some walls answer 200 with the challenge page; the header gives them away.
      return send(200, "text/html; charset=UTF-8", botWall, { "cf-mitigated": "challenge" });
    case "/captcha-200":
      // A bot check served as an ordinary 200 page with no tell-tale header.
      return send(200, "text/html; charset=UTF-8", botWall);
    case "/unauthorized":
      return send(401, "text/html", page("<title>Sign in</title>", "Sign in"));
    case "/rate-limited":
      return send(429, "text/html", page("<title>Slow down</title>", "Too many requests"), { "retry-after": "60" });
    case "/server-error":
      return send(500, "text/html", page("<title>Oops</title>", "Oops"));
    default:
      return send(404, "text/html", page("<title>Not found</title>", "Not found"));
  }
}

/** vitest globalSetup: start the server, hand its base URL to the tests, stop it afterwards. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let base = "";
  const server = http.createServer((req, res) => handle(req, res, base));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  project.provide("fixtureBaseUrl", base);
  return async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
