/**
 * CORS for the browser extension only (docs/decisions/0024-browser-extension.md).
 * EXTENSION_ORIGINS (wrangler.toml [vars]) lists the extension origins allowed to call the API,
 * separated by commas or spaces: `chrome-extension://<id>` for the Chrome build, and
 * `moz-extension://<uuid>` or `moz-extension://*` for Firefox (Firefox gives every install its own
 * random uuid, so a store build can only be named by the wildcard). Nothing else ever gets a CORS
 * header: web pages on other sites stay unable to read the API.
 *
 * No credentials are allowed: the extension authenticates with its bearer token and sends no
 * cookies, so a cross-origin call can never ride on a web session.
 */

const CHROME_ORIGIN = /^chrome-extension:\/\/[a-p]{32}$/;
const FIREFOX_ORIGIN = /^moz-extension:\/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const CORS_ALLOW_METHODS = "GET, POST, PUT, PATCH, DELETE";
/** x-d1-bookmark: the extension sends back the database bookmark a write handed it (decision 0040). */
export const CORS_ALLOW_HEADERS = "authorization, content-type, accept, x-edit-token, x-d1-bookmark";
export const CORS_EXPOSE_HEADERS = "retry-after, x-d1-bookmark";
/** How long a browser may reuse a preflight answer, in seconds. */
export const CORS_MAX_AGE = 600;

export interface ExtensionOrigins {
  exact: ReadonlySet<string>;
  anyFirefox: boolean;
}

/** Reads EXTENSION_ORIGINS; malformed entries are ignored (and never match). */
export function parseExtensionOrigins(value: string | undefined | null): ExtensionOrigins {
  const exact = new Set<string>();
  let anyFirefox = false;
  for (const raw of (value ?? "").split(/[\s,]+/)) {
    const entry = raw.trim().replace(/\/+$/, "").toLowerCase();
    if (!entry) continue;
    if (entry === "moz-extension://*") anyFirefox = true;
    else if (CHROME_ORIGIN.test(entry) || FIREFOX_ORIGIN.test(entry)) exact.add(entry);
  }
  return { exact, anyFirefox };
}

/** True when `origin` (the request's Origin header) is a configured extension. */
export function isAllowedExtensionOrigin(origin: string | null, allowed: ExtensionOrigins): origin is string {
  if (!origin) return false;
  if (allowed.exact.has(origin)) return true;
  return allowed.anyFirefox && FIREFOX_ORIGIN.test(origin);
}

/** The answer to a CORS preflight from an allowed extension, or null (not a preflight, or not allowed). */
export function preflightResponse(request: Request, allowed: ExtensionOrigins): Response | null {
  if (request.method !== "OPTIONS" || !request.headers.has("access-control-request-method")) return null;
  const origin = request.headers.get("origin");
  if (!isAllowedExtensionOrigin(origin, allowed)) return null;
  return new Response(null, {
    status: 204,
    headers: {
      "access-control-allow-origin": origin,
      "access-control-allow-methods": CORS_ALLOW_METHODS,
      "access-control-allow-headers": CORS_ALLOW_HEADERS,
      "access-control-max-age": String(CORS_MAX_AGE),
      vary: "Origin",
      "cache-control": "no-store",
    },
  });
}

/** Adds the CORS headers to an API answer for an allowed extension; every API answer varies by Origin. */
export function withCors(response: Response, request: Request, allowed: ExtensionOrigins): Response {
  const res = new Response(response.body, response);
  res.headers.append("vary", "Origin");
  const origin = request.headers.get("origin");
  if (isAllowedExtensionOrigin(origin, allowed)) {
    res.headers.set("access-control-allow-origin", origin);
    res.headers.set("access-control-expose-headers", CORS_EXPOSE_HEADERS);
  }
  return res;
}
