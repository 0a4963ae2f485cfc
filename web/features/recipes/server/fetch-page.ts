/**
 * Fetches one recipe page for import, defensively: only public http(s) addresses (checked again
 * after every redirect), at most 5 redirects, 10 s in total, at most 5 MB, HTML only, decoded
 * with the page's own charset. Expected failures come back as values with a stable problem code;
 * see docs/decisions/0012-server-fetch.md.
 */
import { checkFetchUrl } from "./address-policy.ts";

/** Total time for one import fetch, redirects and body included. */
export const FETCH_TIMEOUT_MS = 10_000;
/** Largest page read, in bytes (also the limit for HTML sent by the browser extension). */
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;
export const MAX_REDIRECTS = 5;

/** Sent with every fetch: many recipe sites serve a bare or blocked page to unknown agents. */
export const BROWSER_HEADERS: Record<string, string> = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-language": "en-US,en;q=0.9",
  "user-agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};

export type FetchProblemCode = "invalid_url" | "blocked_address" | "fetch_failed" | "site_blocked" | "timeout" | "too_large" | "not_html";

/** A failed fetch in the API's problem vocabulary (status is the status recipecart answers). */
export interface FetchProblem {
  status: number;
  code: FetchProblemCode;
  message: string;
  /** The remote site's HTTP status, when it answered. */
  upstreamStatus?: number | null;
}

export interface FetchedPage {
  /** The URL asked for, canonicalised (no fragment). */
  requestedUrl: string;
  /** Where the page was finally read, after redirects. */
  url: string;
  html: string;
  /** Encoding the bytes were decoded with (WHATWG name, e.g. "windows-1252"). */
  charset: string;
  /** The page looks like a bot check (Cloudflare "Just a moment...", DataDome, ...). */
  botWall: boolean;
}

export type FetchPageResult = { ok: true; page: FetchedPage } | { ok: false; problem: FetchProblem };

export interface FetchPageOptions {
  /** RECIPECART_ALLOW_LOOPBACK_FETCH: let plain loopback addresses through (local testing only). */
  allowLoopback?: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** The fetch to use (tests); defaults to the global one. */
  fetcher?: typeof fetch;
}

const SITE_BLOCKED_MESSAGE =
  "This site does not let servers read its pages. Open the recipe in your browser and import it with the recipecart browser extension, or add the recipe by hand.";

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

class Timeout extends Error {}

/**
 * Fetches a page that a user asked to import. Never throws for a remote problem: every
 * expected failure is a `{ ok: false, problem }` with a stable code.
 *
 * @example
 * const r = await fetchPage("https://example.com/soup");
 * if (r.ok) extract(r.page.html, r.page.url);
 */
export async function fetchPage(input: string, options: FetchPageOptions = {}): Promise<FetchPageResult> {
  const timeoutMs = options.timeoutMs ?? FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? MAX_PAGE_BYTES;
  const maxRedirects = options.maxRedirects ?? MAX_REDIRECTS;
  const doFetch = options.fetcher ?? fetch;
  const policy = { allowLoopback: options.allowLoopback === true };

  const first = checkFetchUrl(input, policy);
  if (!first.ok) return fail(400, first.code, first.message);

  // One deadline for the whole exchange: a server that trickles bytes forever is cut off too.
  const controller = new AbortController();
  let onTimeout: () => void = () => {};
  const deadline = new Promise<never>((_, reject) => {
    onTimeout = () => reject(new Timeout());
  });
  deadline.catch(() => {});
  const timer = setTimeout(() => {
    onTimeout();
    controller.abort();
  }, timeoutMs);
  const within = <T>(p: Promise<T>): Promise<T> => {
    // The loser of the race may still reject later (aborted fetch, cancelled read): not an error.
    p.catch(() => {});
    return Promise.race([p, deadline]);
  };

  let url = first.url;
  let response: Response | undefined;
  // Cookies set during the redirect chain only (consent and "cookie check" hops); never kept.
  const jar = new CookieJar();
  try {
    for (let hop = 0; ; hop++) {
      const headers = new Headers(BROWSER_HEADERS);
      const cookie = jar.headerFor(url);
      if (cookie) headers.set("cookie", cookie);
      response = await within(doFetch(url.href, { method: "GET", headers, redirect: "manual", signal: controller.signal }));
      if (!REDIRECT_STATUSES.has(response.status)) break;
      jar.store(url, response.headers);
      discard(response);
      const location = response.headers.get("location");
      if (!location) return fail(502, "fetch_failed", "The site answered with a redirect but no new address.", response.status);
      if (hop >= maxRedirects) {
        return fail(502, "fetch_failed", `The site redirected more than ${maxRedirects} times.`, response.status);
      }
      let next: URL;
      try {
        next = new URL(location, url);
      } catch {
        return fail(502, "fetch_failed", "The site redirected to an invalid address.", response.status);
      }
      const verdict = checkFetchUrl(next, policy);
      if (!verdict.ok) {
        return verdict.code === "blocked_address"
          ? fail(400, "blocked_address", `The page redirected to a private or internal address, which recipecart does not fetch.`)
          : fail(400, "invalid_url", `The page redirected to an address recipecart does not fetch: ${verdict.message}`);
      }
      url = verdict.url;
    }

    const status = response.status;
    if (response.headers.get("cf-mitigated") === "challenge" || status === 401 || status === 403 || status === 429) {
      discard(response);
      return fail(502, "site_blocked", SITE_BLOCKED_MESSAGE, status, { suggestion: "extension" });
    }
    if (status < 200 || status > 299) {
      discard(response);
      return fail(502, "fetch_failed", `The site answered with HTTP ${status}.`, status);
    }

    const contentType = response.headers.get("content-type");
    const mediaType = (contentType ?? "").split(";", 1).join("").trim().toLowerCase();
    if (mediaType !== "" && mediaType !== "text/html" && mediaType !== "application/xhtml+xml") {
      discard(response);
      return fail(415, "not_html", `That address is not a web page (it is ${mediaType}).`);
    }
    const declared = Number(response.headers.get("content-length") ?? "");
    if (Number.isFinite(declared) && declared > maxBytes) {
      discard(response);
      return fail(413, "too_large", `The page is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
    }

    const bytes = await readLimited(response, maxBytes, within);
    if (bytes === null) return fail(413, "too_large", `The page is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`);
    if (mediaType === "" && !sniffsAsHtml(bytes)) {
      return fail(415, "not_html", "That address is not a web page.");
    }
    const { html, charset } = decodeHtml(bytes, contentType);
    return {
      ok: true,
      page: { requestedUrl: first.url.href, url: url.href, html, charset, botWall: looksLikeBotWall(html) },
    };
  } catch (err) {
    if (err instanceof Timeout || controller.signal.aborted) {
      if (response) discard(response);
      return fail(504, "timeout", `The site did not send the page within ${Math.round(timeoutMs / 1000)} seconds.`);
    }
    // DNS failure, refused connection, TLS error...: no upstream status.
    return fail(502, "fetch_failed", "The site could not be reached.", null);
  } finally {
    clearTimeout(timer);
  }
}

function fail(
  status: number,
  code: FetchProblemCode,
  message: string,
  upstreamStatus?: number | null,
  extra: Record<string, unknown> = {},
): FetchPageResult {
  const problem: FetchProblem = { status, code, message, ...extra };
  if (upstreamStatus !== undefined) problem.upstreamStatus = upstreamStatus;
  return { ok: false, problem };
}

/**
 * The smallest cookie jar that gets through redirect-based cookie checks: name=value pairs per
 * host (a Domain attribute widens it to subdomains), sent back only on later hops of one fetch.
 */
class CookieJar {
  private readonly cookies: { host: string; includeSubdomains: boolean; name: string; value: string }[] = [];

  store(url: URL, headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq <= 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      let host = url.hostname;
      let includeSubdomains = false;
      for (const attr of attrs) {
        const domain = /^\s*domain\s*=\s*\.?([^\s;]+)\s*$/i.exec(attr)?.[1]?.toLowerCase();
        // Only the host itself or a parent of it may be named (no cookies for other sites).
        if (domain && (host === domain || host.endsWith(`.${domain}`))) {
          host = domain;
          includeSubdomains = true;
        }
      }
      const i = this.cookies.findIndex((c) => c.host === host && c.name === name);
      if (i >= 0) this.cookies.splice(i, 1);
      if (this.cookies.length < 50) this.cookies.push({ host, includeSubdomains, name, value });
    }
  }

  headerFor(url: URL): string {
    const host = url.hostname;
    return this.cookies
      .filter((c) => c.host === host || (c.includeSubdomains && host.endsWith(`.${c.host}`)))
      .map((c) => `${c.name}=${c.value}`)
      .join("; ");
  }
}

/** Drops a body we will not read, so the connection is released at once. */
function discard(response: Response): void {
  response.body?.cancel().catch(() => {});
}

/** Reads the body as a stream; null (and the stream cancelled) as soon as it passes `maxBytes`. */
async function readLimited(response: Response, maxBytes: number, within: <T>(p: Promise<T>) => Promise<T>): Promise<Uint8Array | null> {
  if (!response.body) return new Uint8Array(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await within(reader.read());
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        reader.cancel().catch(() => {});
        return null;
      }
      chunks.push(value);
    }
  } catch (err) {
    reader.cancel().catch(() => {});
    throw err;
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    all.set(c, offset);
    offset += c.byteLength;
  }
  return all;
}

/** A body without a Content-Type is taken as HTML only when it starts like HTML (WHATWG sniffing, simplified). */
export function sniffsAsHtml(bytes: Uint8Array): boolean {
  const head = latin1(bytes.subarray(0, 1024)).replace(/^\uFEFF|^\xEF\xBB\xBF/, "");
  return /^\s*<(?:!doctype\s+html|html|head|body|script|iframe|h1|div|font|table|a|style|title|b|br|p|meta|!--)[\s>/]/i.test(head);
}

/**
 * Decodes page bytes: a byte-order mark wins, then the Content-Type charset, then a
 * `<meta charset>` / `<meta http-equiv="Content-Type">` in the first 4 KB, else UTF-8.
 * Unknown labels fall back to UTF-8; invalid bytes become U+FFFD instead of failing.
 */
export function decodeHtml(bytes: Uint8Array, contentType: string | null): { html: string; charset: string } {
  const bom = bomEncoding(bytes);
  const candidates = [bom, headerCharset(contentType), metaCharset(bytes)];
  for (const label of candidates) {
    if (!label) continue;
    let decoder: TextDecoder;
    try {
      decoder = new TextDecoder(label);
    } catch {
      continue;
    }
    // A <meta> that claims UTF-16 is wrong by definition (the prescan read it as ASCII).
    if (label !== bom && decoder.encoding.startsWith("utf-16")) continue;
    return { html: decoder.decode(bytes), charset: decoder.encoding };
  }
  return { html: new TextDecoder("utf-8").decode(bytes), charset: "utf-8" };
}

function bomEncoding(b: Uint8Array): string | null {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return "utf-8";
  if (b[0] === 0xfe && b[1] === 0xff) return "utf-16be";
  if (b[0] === 0xff && b[1] === 0xfe) return "utf-16le";
  return null;
}

function headerCharset(contentType: string | null): string | null {
  return /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? "")?.[1] ?? null;
}

function metaCharset(bytes: Uint8Array): string | null {
  const head = latin1(bytes.subarray(0, 4096));
  return /<meta\b[^>]*?charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(head)?.[1] ?? null;
}

function latin1(bytes: Uint8Array): string {
  let s = "";
  for (const byte of bytes) s += String.fromCharCode(byte);
  return s;
}

/**
 * Bot-check pages served with a 2xx status. Signatures are the pages' own titles and scripts,
 * not the challenge script Cloudflare also adds to ordinary pages.
 */
export function looksLikeBotWall(html: string): boolean {
  const head = html.slice(0, 20_000);
  return (
    /<title>\s*(?:Just a moment\.\.\.|Attention Required! \| Cloudflare|Access denied|Pardon Our Interruption|Are you a robot\?)\s*<\/title>/i.test(
      head,
    ) || /captcha-delivery\.com|_Incapsula_Resource|px-captcha|cf-browser-verification|cf_chl_opt/i.test(head)
  );
}
