/**
 * CSRF defence for cookie sessions: a request that is authenticated by the session cookie and is
 * not a safe method must carry an Origin header naming this site (the request's own origin, or
 * APP_ORIGIN). Browsers send Origin on every cross-site and same-site POST/PUT/DELETE; a bearer
 * token is never sent by the browser on its own, so bearer requests need no check. A form posted to a
 * page (`form`: sign-in included, which has no session yet) must carry it whoever the caller is.
 */
import type { Caller } from "../services/caller.ts";
import { problem } from "./problem.ts";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

export function originRefusal(request: Request, url: URL, caller: Caller, appOrigin: string | undefined, form = false): Response | null {
  if (SAFE.has(request.method) || (!form && caller.session?.via !== "cookie")) return null;
  const origin = request.headers.get("origin");
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
