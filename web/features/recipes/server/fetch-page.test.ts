import { describe, expect, inject, it } from "vitest";
import { BROWSER_HEADERS, decodeHtml, fetchPage, looksLikeBotWall, sniffsAsHtml } from "./fetch-page.ts";

const base = inject("fixtureBaseUrl");
const hitCount = async (path: string) =>
  ((await (await fetch(`${base}/__hits?path=${encodeURIComponent(path)}`)).json()) as { count: number }).count;

const local = { allowLoopback: true };
const problemOf = async (url: string, options = {}) => {
  const r = await fetchPage(url, { ...local, ...options });
  if (r.ok) throw new Error(`expected a failure for ${url}`);
  return r.problem;
};

describe("fetchPage: good pages", () => {
  it("reads an HTML page through the loopback allowance", async () => {
    const r = await fetchPage(`${base}/recipe/good?t=read`, local);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.page.html).toContain("Fixture Tomato Soup");
    expect(r.page.url).toBe(`${base}/recipe/good?t=read`);
    expect(r.page.charset).toBe("utf-8");
    expect(r.page.botWall).toBe(false);
    expect(await hitCount("/recipe/good?t=read")).toBe(1);
  });

  it("is refused without the allowance (loopback is not public)", async () => {
    const r = await fetchPage(`${base}/recipe/good?t=noallow`);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.problem.code).toBe("blocked_address");
    expect(await hitCount("/recipe/good?t=noallow")).toBe(0);
  });

  it("accepts application/xhtml+xml and a missing type that sniffs as HTML", async () => {
    for (const path of ["/recipe/xhtml", "/recipe/no-type"]) {
      const r = await fetchPage(`${base}${path}`, local);
      expect(r.ok, path).toBe(true);
    }
  });

  it("decodes windows-1252 declared in Content-Type", async () => {
    const r = await fetchPage(`${base}/recipe/windows-1252`, local);
    expect(r.ok && r.page.charset).toBe("windows-1252");
    expect(r.ok && r.page.html).toContain("Crème brûlée");
    expect(r.ok && r.page.html).toContain("100 g sugar – caster");
  });

  it("decodes a charset declared only in <meta>", async () => {
    const r = await fetchPage(`${base}/recipe/meta-charset`, local);
    expect(r.ok && r.page.html).toContain("Crème brûlée à la maison");
    expect(r.ok && r.page.html).toContain("½ vanilla pod");
  });

  it("follows up to 5 redirects, relative ones included, and reports the final URL", async () => {
    const r = await fetchPage(`${base}/redirect-chain?n=5&tag=five`, local);
    expect(r.ok && r.page.url).toBe(`${base}/recipe/good?from-chain=five`);
    expect(r.ok && r.page.requestedUrl).toBe(`${base}/redirect-chain?n=5&tag=five`);
  });

  it("carries cookies set during the redirect chain (cookie-check walls)", async () => {
    const r = await fetchPage(`${base}/cookie-gate?t=jar`, local);
    expect(r.ok && r.page.html).toContain("Fixture Tomato Soup");
    expect(await hitCount("/cookie-gate?t=jar")).toBe(2);
  });

  it("sends browser-like headers", () => {
    expect(BROWSER_HEADERS.accept).toMatch(/^text\/html/);
    expect(BROWSER_HEADERS["accept-language"]).toMatch(/^en/);
    expect(BROWSER_HEADERS["user-agent"]).toMatch(/^Mozilla\/5\.0 .*Chrome\//);
  });
});

describe("fetchPage: redirects are checked like the first address", () => {
  const targets = [
    "http://10.0.0.1/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://169.254.169.254/latest/meta-data/",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://192.168.1.1/admin",
    "http://0xa9fea9fe/",
    "http://[fd00::1]/",
    "http://[64:ff9b::a00:1]/",
  ];
  for (const target of targets) {
    it(`refuses a redirect to ${target}`, async () => {
      const p = await problemOf(`${base}/redirect?to=${encodeURIComponent(target)}`);
      expect(p).toMatchObject({ status: 400, code: "blocked_address" });
    });
  }

  it("refuses a redirect to another scheme", async () => {
    const p = await problemOf(`${base}/redirect?to=${encodeURIComponent("file:///etc/passwd")}`);
    expect(p).toMatchObject({ status: 400, code: "invalid_url" });
  });

  it("refuses a redirect to a public host on an odd port", async () => {
    const p = await problemOf(`${base}/redirect?to=${encodeURIComponent("http://example.com:8080/")}`);
    expect(p.code).toBe("invalid_url");
  });

  it("gives up after 5 redirects", async () => {
    const p = await problemOf(`${base}/redirect-chain?n=6&tag=six`);
    expect(p).toMatchObject({ status: 502, code: "fetch_failed" });
    expect(await hitCount("/recipe/good?from-chain=six")).toBe(0);
  });

  it("handles 301, 303, 307 and 308 like 302", async () => {
    for (const status of [301, 303, 307, 308]) {
      const p = await problemOf(`${base}/redirect?status=${status}&to=${encodeURIComponent("http://10.1.2.3/")}`);
      expect(p.code, String(status)).toBe("blocked_address");
    }
  });
});

describe("fetchPage: limits and failures", () => {
  it("times out a body that trickles forever (whole-exchange deadline)", async () => {
    const p = await problemOf(`${base}/slow-body`, { timeoutMs: 800 });
    expect(p).toMatchObject({ status: 504, code: "timeout" });
  });

  it("times out a server that never answers", async () => {
    const p = await problemOf(`${base}/slow-headers`, { timeoutMs: 800 });
    expect(p).toMatchObject({ status: 504, code: "timeout" });
  });

  it("refuses a body over 5 MB while streaming", async () => {
    const p = await problemOf(`${base}/huge`);
    expect(p).toMatchObject({ status: 413, code: "too_large" });
  });

  it("refuses a declared Content-Length over 5 MB before reading", async () => {
    const p = await problemOf(`${base}/huge-declared`);
    expect(p).toMatchObject({ status: 413, code: "too_large" });
  });

  it("refuses non-HTML content", async () => {
    for (const path of ["/data.json", "/text-plain", "/image.png"]) {
      const p = await problemOf(`${base}${path}`);
      expect(p, path).toMatchObject({ status: 415, code: "not_html" });
    }
  });

  it("reports sites that block servers as site_blocked, suggesting the extension", async () => {
    for (const [path, upstream] of [
      ["/bot-wall", 403],
      ["/unauthorized", 401],
      ["/rate-limited", 429],
      ["/challenge-200", 200],
    ] as const) {
      const p = await problemOf(`${base}${path}`);
      expect(p, path).toMatchObject({ status: 502, code: "site_blocked", upstreamStatus: upstream });
      expect(p.message).toMatch(/extension/);
      expect(p.message).toMatch(/by hand/);
    }
  });

  it("reports other upstream errors as fetch_failed with the upstream status", async () => {
    expect(await problemOf(`${base}/no-such-page`)).toMatchObject({ status: 502, code: "fetch_failed", upstreamStatus: 404 });
    expect(await problemOf(`${base}/server-error`)).toMatchObject({ status: 502, code: "fetch_failed", upstreamStatus: 500 });
  });

  it("reports an unreachable host as fetch_failed without an upstream status", async () => {
    const p = await problemOf("http://127.0.0.1:1/");
    expect(p).toMatchObject({ status: 502, code: "fetch_failed", upstreamStatus: null });
  });
});

describe("decoding and sniffing", () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  const ascii = (s: string) => new TextEncoder().encode(s);

  it("lets a byte-order mark win over the header", () => {
    const r = decodeHtml(bytes(0xef, 0xbb, 0xbf, 0x43, 0x72, 0xc3, 0xa8, 0x6d, 0x65), "text/html; charset=windows-1252");
    expect(r).toEqual({ html: "Crème", charset: "utf-8" });
  });

  it("reads <meta http-equiv> charsets and ignores unknown or UTF-16 labels", () => {
    const page = (meta: string) => new Uint8Array([...ascii(`<html><head>${meta}</head>`), 0xe8]);
    expect(decodeHtml(page(`<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1">`), null).html).toMatch(/è$/);
    expect(decodeHtml(page(`<meta charset="bogus-8">`), null).charset).toBe("utf-8");
    expect(decodeHtml(page(`<meta charset="utf-16">`), null).charset).toBe("utf-8");
    expect(decodeHtml(page(""), `text/html; charset="koi8-r"`).charset).toBe("koi8-r");
  });

  it("sniffs HTML only when the body starts like HTML", () => {
    expect(sniffsAsHtml(ascii("\n  <!DOCTYPE html><html>"))).toBe(true);
    expect(sniffsAsHtml(ascii("<html lang=en>"))).toBe(true);
    expect(sniffsAsHtml(ascii('{"a": "<html>"}'))).toBe(false);
    expect(sniffsAsHtml(ascii("%PDF-1.7"))).toBe(false);
  });

  it("recognises bot-check pages but not ordinary pages carrying Cloudflare's script", () => {
    expect(looksLikeBotWall("<html><head><title>Just a moment...</title>")).toBe(true);
    expect(looksLikeBotWall('<script src="https://ct.captcha-delivery.com/c.js"></script>')).toBe(true);
    expect(looksLikeBotWall('<title>Soup</title><script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"></script>')).toBe(false);
  });
});
