/**
 * CSRF defence. A request that is not a safe method is refused (403 `origin_mismatch`) when:
 * - it is authenticated by the session cookie and does not carry an Origin naming this site (the
 *   request's own origin, or APP_ORIGIN): browsers send Origin on every POST/PUT/DELETE, so a cookie
 *   request without ours is forged or stale;
 * - it is a form posted to a page (`form`; a sign-in has no session yet) whose Origin names another
 *   site, or is `null`. A page POST without any Origin and without a session cookie comes from no
 *   browser (every browser names the origin of a cross-site form), so it is not a forgery and goes on
 *   to the page: an action answers it, a page without one answers 405.
 * A bearer token is never sent by the browser on its own, so bearer requests to the API need no check.
 */
import type { Caller } from "../services/caller.ts";
import { problem } from "./problem.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export function originRefusal(request: Request, url: URL, caller: Caller, appOrigin: string | undefined, form = false): Response | null {
  if (SAFE.has(request.method)) return null;
  const byCookie = caller.session?.via === "cookie";
  if (!form && !byCookie) return null;
  const origin = request.headers.get("origin");
  if (origin === null && form && !byCookie) return null;
  const allowed = new Set([url.origin]);
  if (appOrigin) {
    try {
      allowed.add(new URL(appOrigin).origin);
    } catch {
      // A malformed APP_ORIGIN allows nothing extra.
    }
  }
  if (origin && allowed.has(origin)) return null;
  return problem(403, "origin_mismatch", "This request came from another site and was refused. Reload the page and try again.");
}
