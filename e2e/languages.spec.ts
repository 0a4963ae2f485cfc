/**
 * The app's languages in Chromium (decision 0038): addresses per language with <html lang>, hreflang
 * alternates and a canonical link per language; the first visit to / in the browser's language (never a
 * crawler's); the language menu's choice kept in a cookie across reloads.
 */
import { afterAll, describe, expect, it } from "vitest";
import { LOCALES, localePath } from "../web/i18n/locales.ts";
import { baseURL, closeBrowser, getBrowser, hydrated } from "./browser.ts";

afterAll(closeBrowser);

const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

describe("addresses per language", () => {
  it("every public page in every language: its lang, hreflang to all plus x-default, and its own canonical", async () => {
    const browser = await getBrowser();
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    for (const path of ["/", "/about", "/help", "/contact", "/privacy", "/terms", "/auth"]) {
      // Every language for two pages; English and German for the rest (the same code answers them all).
      for (const locale of path === "/" || path === "/help" ? LOCALES : (["en", "de"] as const)) {
        const address = localePath(locale, path);
        const res = await page.goto(address);
        expect(res?.status(), address).toBe(200);
        expect(await page.locator("html").getAttribute("lang"), address).toBe(locale);
        const alternates = await page
          .locator('link[rel="alternate"][hreflang]')
          .evaluateAll((links) => links.map((l) => [l.getAttribute("hreflang"), l.getAttribute("href")]));
        expect(alternates, address).toEqual([
          ...LOCALES.map((l) => [l, new URL(localePath(l, path), baseURL()).href]),
          ["x-default", new URL(path, baseURL()).href],
        ]);
        if (path !== "/auth") {
          expect(await page.locator('link[rel="canonical"]').getAttribute("href"), address).toBe(new URL(address, baseURL()).href);
        }
      }
    }
    await context.close();
  }, 180_000);

  it("links inside a German page stay German, and a personal page's sign-in redirect too", async () => {
    const browser = await getBrowser();
    const context = await browser.newContext({ baseURL: baseURL(), serviceWorkers: "block" });
    const page = await context.newPage();
    await page.goto("/de/help");
    await hydrated(page);
    expect(await page.locator("main").getByRole("link", { name: /./ }).first().getAttribute("href")).toMatch(/^\/de(\/|$)/);
    const res = await page.goto("/de/favorites");
    expect(new URL(page.url()).pathname).toBe("/de/auth");
    expect(res?.status()).toBe(200);
    await context.close();
  }, 60_000);
});

describe("which language a visitor gets", () => {
  it("a first visit to / from a German browser opens /de/; a crawler asking the same stays on /", async () => {
    const browser = await getBrowser();
    const visitor = await browser.newContext({ baseURL: baseURL(), locale: "de-DE", userAgent: BROWSER_UA, serviceWorkers: "block" });
    const page = await visitor.newPage();
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/de/");
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    await visitor.close();

    const crawler = await browser.newContext({ baseURL: baseURL(), locale: "de-DE", userAgent: GOOGLEBOT, javaScriptEnabled: false });
    const bot = await crawler.newPage();
    const res = await bot.goto("/");
    expect(res?.status()).toBe(200);
    expect(new URL(bot.url()).pathname).toBe("/");
    expect(res?.request().redirectedFrom()).toBeNull();
    expect(await bot.locator("html").getAttribute("lang")).toBe("en");
    await crawler.close();
  }, 60_000);

  it("the language chosen in the menu is kept across reloads and over the browser's own", async () => {
    const browser = await getBrowser();
    const context = await browser.newContext({ baseURL: baseURL(), locale: "de-DE", userAgent: BROWSER_UA, serviceWorkers: "block" });
    const page = await context.newPage();
    await page.goto("/language?to=fr&next=/help");
    expect(new URL(page.url()).pathname).toBe("/fr/help");
    expect((await context.cookies()).find((c) => c.name === "rc_lang")?.value).toBe("fr");
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/fr/");
    await page.reload();
    expect(new URL(page.url()).pathname).toBe("/fr/");
    await page.goto("/language?to=en&next=/fr/");
    expect(new URL(page.url()).pathname).toBe("/");
    await page.goto("/");
    expect(new URL(page.url()).pathname).toBe("/");
    await context.close();
  }, 60_000);
});
