/**
 * Security headers on every response. Pages get a nonce-based Content-Security-Policy (React
 * Router's inline hydration scripts carry the nonce, see web/entry.server.tsx); API answers get
 * the strictest policy, since they are never rendered as documents. An answer over https also tells
 * the browser to use https only for a year (Strict-Transport-Security); over plain http (local runs)
 * the header would mean nothing, so it is left out.
 */
export function pageCsp(nonce: string, dev: boolean): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic' lets the nonced module scripts import the route chunks.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

export const HSTS = "max-age=31536000; includeSubDomains";

export function withSecurityHeaders(response: Response, csp: string, url: URL): Response {
  // Responses from fetch() or cache can be immutable: copy before touching headers.
  const res = new Response(response.body, response);
  const h = res.headers;
  h.set("content-security-policy", csp);
  h.set("x-content-type-options", "nosniff");
  h.set("referrer-policy", "strict-origin-when-cross-origin");
  h.set("x-frame-options", "DENY");
  h.set("cross-origin-opener-policy", "same-origin");
  h.set("permissions-policy", "camera=(), microphone=(), geolocation=(), payment=()");
  if (url.protocol === "https:") h.set("strict-transport-security", HSTS);
  return res;
}
