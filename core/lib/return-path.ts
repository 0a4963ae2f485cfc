/**
 * Where sign-in returns to (decision 0042): a personal page visited signed out sends the visitor to
 * `/auth?next=/favorites`, and once signed in (password, new account, or Google/GitHub) they land on
 * the page they asked for. Only a path on this site is taken: never another origin (`//evil.example`,
 * `/\evil.example`, `https:…`), never the API or the sign-in page itself.
 */

/** The query parameter that carries the page to return to. */
export const RETURN_PARAM = "next";
/** Longest path kept (a history search fits; anything longer lands on the home page). */
const RETURN_PATH_MAX = 512;
const BASE = "http://return.invalid";

/** The path to return to, or null when `value` is absent or not a plain path on this site. */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > RETURN_PATH_MAX) return null;
  // One leading slash, then no second slash or backslash (a browser reads those as another host).
  if (!/^\/(?![/\\])/.test(value)) return null;
  // Control characters and backslashes have no place in our paths (and browsers drop or turn some).
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (url.pathname === "/auth" || url.pathname.startsWith("/api/")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** A request's path and query (what `next` carries). */
export function pathOf(request: { url: string }): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/** The sign-in page's address that returns to `path` afterwards (plain /auth when `path` is not safe). */
export function signInPath(path: string): string {
  const next = safeReturnPath(path);
  return next && next !== "/" ? `/auth?${RETURN_PARAM}=${encodeURIComponent(next)}` : "/auth";
}
