/**
 * React Router reads a page's data answer (`….data`) through a stream. Chromium reports a
 * `Cache-Control: no-store` answer (the personal pages', web/lib/private-page.ts) read that way as
 * aborted (net::ERR_ABORTED, its body gone from the developer tools) whenever it arrives in more than
 * one piece, although every byte reached the page. So, in the browser, such an answer is read whole
 * by the browser itself and handed on as a fresh answer: nothing is lost (our loaders stream no
 * deferred values) and a request that really fails still fails.
 */
const NO_STORE = /(?:^|,)\s*no-store\s*(?:,|$)/i;

/** Is this a same-origin React Router data request (`/x.data?…`)? */
export function isDataRequest(url: URL, origin: string): boolean {
  return url.origin === origin && url.pathname.endsWith(".data");
}

/** Wraps `window.fetch` once, in the browser. */
export function readDataAnswersWhole(): void {
  if (typeof window === "undefined" || (window.fetch as { wholeData?: true }).wholeData) return;
  const original = window.fetch.bind(window);
  const wrapped = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const res = await original(input, init);
    const href = input instanceof Request ? input.url : String(input);
    if (!res.body || !isDataRequest(new URL(href, location.href), location.origin)) return res;
    if (!NO_STORE.test(res.headers.get("cache-control") ?? "")) return res;
    return new Response(await res.blob(), { status: res.status, statusText: res.statusText, headers: res.headers });
  };
  window.fetch = Object.assign(wrapped, { wholeData: true as const });
}
