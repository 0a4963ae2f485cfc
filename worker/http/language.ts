/**
 * Which language a page request is answered in (decision 0038): the address says it (`/de/…`, English
 * without a prefix). Two requests are answered here before React Router sees them:
 * - `GET /language?to=de&next=/help`, the language menu's links: remembers the choice in the `rc_lang`
 *   cookie (a year) and sends the reader to the page in that language (works without the script);
 * - the first visit to `/` (no `rc_lang` cookie) from a browser asking for one of our other languages is
 *   sent to that language's home (`/de/`); a remembered choice is followed the same way. A search engine's
 *   crawler is never redirected: it gets the address it asked for, which names the others (hreflang).
 */
import { safeReturnPath } from "../../core/lib/return-path.ts";
import { DEFAULT_LOCALE, isLocale, type Locale, localePath, negotiateLocale, splitLocalePath } from "../../web/i18n/locales.ts";
import { readCookie } from "./caller.ts";
import { isLocalhost } from "./session-cookie.ts";

export const LANGUAGE_COOKIE = "rc_lang";
export const LANGUAGE_PATH = "/language";
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Search engines, link previews and other robots: they index what they asked for, never a redirect's target. */
const CRAWLER =
  /bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|embedly|quora link preview|whatsapp|telegram|skypeuripreview|lighthouse|pagespeed|headless|curl\/|wget\//i;

export function isCrawler(userAgent: string | null): boolean {
  return !userAgent || CRAWLER.test(userAgent);
}

/** The language a reader chose in the menu (the cookie), null when none or unknown. */
export function chosenLanguage(request: Request): Locale | null {
  const value = readCookie(request, LANGUAGE_COOKIE);
  return isLocale(value) ? value : null;
}

export function languageCookie(url: URL, locale: Locale): string {
  return [
    `${LANGUAGE_COOKIE}=${locale}`,
    "Path=/",
    "SameSite=Lax",
    `Max-Age=${LANGUAGE_COOKIE_MAX_AGE}`,
    ...(isLocalhost(url) ? [] : ["Secure"]),
  ].join("; ");
}

/** The language of a page address (`/de/help` → de). */
export function languageOfPath(pathname: string): Locale {
  return splitLocalePath(pathname).locale;
}

/**
 * The answer to the language menu's link: 303 to `next` (an English path; the home page when absent or
 * not a path on this site) in the chosen language, with the cookie. An unknown language is a 400.
 */
export function languageSwitch(request: Request, url: URL): Response | null {
  if (url.pathname !== LANGUAGE_PATH) return null;
  if (request.method !== "GET" && request.method !== "HEAD") return new Response(null, { status: 405, headers: { allow: "GET, HEAD" } });
  const to = url.searchParams.get("to");
  if (!isLocale(to)) return new Response("Unknown language", { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } });
  const next = safeReturnPath(url.searchParams.get("next")) ?? "/";
  // `next` may carry a language already (the menu on /de/help asks for /de/help's page): keep its path only.
  const { path } = splitLocalePath(new URL(next, url.origin).pathname);
  const rest = next.slice(new URL(next, url.origin).pathname.length);
  return new Response(null, {
    status: 303,
    headers: { location: `${localePath(to, path)}${rest}`, "set-cookie": languageCookie(url, to), "cache-control": "no-store" },
  });
}

/**
 * The first visit to the home page in the reader's language: a browser (not a crawler) asking for `/`
 * with no choice remembered goes where its Accept-Language points, with a choice to the chosen language.
 * Null when the English home page is the answer.
 */
export function homeLanguageRedirect(request: Request, url: URL): Response | null {
  if (url.pathname !== "/" || (request.method !== "GET" && request.method !== "HEAD")) return null;
  if (isCrawler(request.headers.get("user-agent"))) return null;
  const locale = chosenLanguage(request) ?? negotiateLocale(request.headers.get("accept-language"));
  if (locale === DEFAULT_LOCALE) return null;
  return new Response(null, {
    status: 302,
    headers: {
      location: `${localePath(locale, "/")}${url.search}`,
      vary: "Accept-Language, Cookie, User-Agent",
      "cache-control": "private, no-store",
    },
  });
}
