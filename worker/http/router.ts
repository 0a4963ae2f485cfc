/**
 * A deliberately small router for the JSON API: method + path pattern ("/api/recipes/:id").
 * Unknown paths answer a JSON 404 problem; a known path with another method a 405.
 * Each route declares who may call it (`access`: public | user | admin); the router enforces it
 * before the handler runs, so handlers never repeat sign-in checks. Domain errors thrown by
 * services become problem answers here (worker/http/domain-errors.ts).
 */
import type { Db } from "../db/client.ts";
import type { Access, Caller, CallerUser } from "../services/caller.ts";
import { InvariantError } from "../../core/lib/invariant.ts";
import { DomainError } from "../services/errors.ts";
import { domainErrorResponse } from "./domain-errors.ts";
import { ProblemError, problem } from "./problem.ts";

export interface ApiContext {
  request: Request;
  url: URL;
  env: Env;
  ctx: ExecutionContext;
  params: Record<string, string>;
  db: Db;
  requestId: string;
  /** Resolved once by the Worker entry (worker/http/caller.ts). */
  caller: Caller;
}

/** What a handler of a `user` or `admin` route sees: the caller is known to be signed in. */
export interface SignedInApiContext extends ApiContext {
  user: CallerUser;
}

export type Handler = (c: ApiContext) => Promise<Response> | Response;

export type Route =
  | { method: Method; path: string; access: "public"; handler: Handler }
  | { method: Method; path: string; access: "user" | "admin"; handler: (c: SignedInApiContext) => Promise<Response> | Response };

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The guard: null when the caller may use a route with this access, else the problem to answer. */
export function guard(access: Access, caller: Caller): Response | null {
  if (access === "public") return null;
  if (!caller.user) return problem(401, "unauthenticated", "You are not signed in.");
  if (access === "admin" && !caller.user.isAdmin) return problem(403, "forbidden", "This needs an administrator account.");
  return null;
}

/**
 * A path parameter the matched route declares (`:id` in its path). The router fills every declared
 * parameter, so a missing one is a handler asking for a name its path lacks: a bug, not bad input.
 */
export function param(params: Record<string, string>, name: string): string {
  const value = params[name];
  if (value === undefined) throw new InvariantError(`the route has no :${name} path parameter`);
  return value;
}

type Compiled = Route & { parts: string[] };

export function createRouter(routes: Route[]) {
  const compiled: Compiled[] = routes.map((r) => ({ ...r, parts: r.path.split("/").filter(Boolean) }));

  function match(pathname: string): { route: Compiled; params: Record<string, string> }[] {
    const segs = pathname.split("/").filter(Boolean);
    const out: { route: Compiled; params: Record<string, string> }[] = [];
    for (const route of compiled) {
      if (route.parts.length !== segs.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (const [i, seg] of segs.entries()) {
        const part = route.parts[i];
        if (part === undefined) {
          ok = false;
          break;
        }
        if (part.startsWith(":")) {
          try {
            params[part.slice(1)] = decodeURIComponent(seg);
          } catch {
            ok = false;
            break;
          }
        } else if (part !== seg) {
          ok = false;
          break;
        }
      }
      if (ok) out.push({ route, params });
    }
    return out;
  }

  return async function handle(base: Omit<ApiContext, "params">): Promise<Response> {
    const matches = match(base.url.pathname);
    if (matches.length === 0) {
      return problem(404, "not_found", `No API endpoint at ${base.url.pathname}.`);
    }
    const method = base.request.method === "HEAD" ? "GET" : base.request.method;
    const hit = matches.find((m) => m.route.method === method);
    if (!hit) {
      const allow = [...new Set(matches.map((m) => m.route.method))].join(", ");
      const res = problem(405, "method_not_allowed", `Use ${allow} for ${base.url.pathname}.`);
      res.headers.set("allow", allow);
      return res;
    }
    const refused = guard(hit.route.access, base.caller);
    if (refused) return refused;
    try {
      const c = { ...base, params: hit.params };
      const route = hit.route;
      if (route.access === "public") return await route.handler(c);
      // The guard above refused a signed-out caller, so the user is there; the check narrows it.
      const user = base.caller.user;
      if (!user) return problem(401, "unauthenticated", "You are not signed in.");
      return await route.handler({ ...c, user });
    } catch (err) {
      if (err instanceof DomainError) return domainErrorResponse(err);
      if (err instanceof ProblemError) return err.toResponse();
      console.error(`[${base.requestId}] ${base.request.method} ${base.url.pathname} failed`, err);
      return problem(500, "internal", "Something went wrong on our side. Please try again.", {
        requestId: base.requestId,
      });
    }
  };
}
