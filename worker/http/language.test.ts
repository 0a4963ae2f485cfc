import { describe, expect, it } from "vitest";
import { homeLanguageRedirect, isCrawler, LANGUAGE_COOKIE, languageOfPath, languageSwitch } from "./language.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

function get(path: string, headers: Record<string, string> = {}) {
  const url = new URL(path, "https://recipecart.example");
  return { request: new Request(url, { headers }), url };
}

describe("the first visit to the home page", () => {
  it("sends a browser asking for German to /de/ (query kept), and one asking for English or nothing we speak nowhere", () => {
    const { request, url } = get("/?add=abc", { "user-agent": CHROME, "accept-language": "de-DE,de;q=0.9,en;q=0.8" });
    const res = homeLanguageRedirect(request, url);
    expect(res?.status).toBe(302);
    expect(res?.headers.get("location")).toBe("/de/?add=abc");
    expect(res?.headers.get("vary")).toContain("Accept-Language");
    for (const accept of ["en-US,en;q=0.9", "ja", ""]) {
      const r = get("/", { "user-agent": CHROME, "accept-language": accept });
      expect(homeLanguageRedirect(r.request, r.url), accept).toBeNull();
    }
  });

  it("never redirects a crawler, whatever it asks for", () => {
    for (const ua of [GOOGLEBOT, "Mozilla/5.0 (compatible; bingbot/2.0)", "facebookexternalhit/1.1", "", "curl/8.5.0"]) {
      const { request, url } = get("/", { "user-agent": ua, "accept-language": "fr-FR", cookie: `${LANGUAGE_COOKIE}=fr` });
      expect(homeLanguageRedirect(request, url), ua).toBeNull();
    }
    expect(isCrawler(CHROME)).toBe(false);
  });

  it("follows a remembered choice over the browser's languages, English included", () => {
    let r = get("/", { "user-agent": CHROME, "accept-language": "de", cookie: `a=1; ${LANGUAGE_COOKIE}=en` });
    expect(homeLanguageRedirect(r.request, r.url)).toBeNull();
    r = get("/", { "user-agent": CHROME, "accept-language": "en-US", cookie: `${LANGUAGE_COOKIE}=it` });
    expect(homeLanguageRedirect(r.request, r.url)?.headers.get("location")).toBe("/it/");
    // Another page, or a data request, is answered where it was asked.
    r = get("/help", { "user-agent": CHROME, "accept-language": "de" });
    expect(homeLanguageRedirect(r.request, r.url)).toBeNull();
    r = get("/_root.data", { "user-agent": CHROME, "accept-language": "de" });
    expect(homeLanguageRedirect(r.request, r.url)).toBeNull();
  });
});

describe("the language menu's link", () => {
  it("remembers the language and opens the same page in it", () => {
    const { request, url } = get("/language?to=de&next=/help%3Fq%3D1");
    const res = languageSwitch(request, url);
    expect(res?.status).toBe(303);
    expect(res?.headers.get("location")).toBe("/de/help?q=1");
    expect(res?.headers.get("set-cookie")).toMatch(/^rc_lang=de; Path=\/; SameSite=Lax; Max-Age=31536000; Secure$/);
  });

  it("takes the page from a prefixed address, back to English too, and only a path on this site", () => {
    const at = (q: string) => {
      const { request, url } = get(`/language?${q}`);
      return languageSwitch(request, url);
    };
    expect(at("to=en&next=/de/favorites")?.headers.get("location")).toBe("/favorites");
    expect(at("to=fr&next=/de/")?.headers.get("location")).toBe("/fr/");
    expect(at("to=nl&next=//evil.example/x")?.headers.get("location")).toBe("/nl/");
    expect(at("to=pt")?.headers.get("location")).toBe("/pt/");
    expect(at("to=xx&next=/help")?.status).toBe(400);
    const post = new Request("https://recipecart.example/language?to=de", { method: "POST" });
    expect(languageSwitch(post, new URL(post.url))?.status).toBe(405);
    expect(languageSwitch(get("/help").request, get("/help").url)).toBeNull();
  });

  it("reads a page address's language", () => {
    expect(languageOfPath("/de/help")).toBe("de");
    expect(languageOfPath("/design")).toBe("en");
    expect(languageOfPath("/")).toBe("en");
  });
});
