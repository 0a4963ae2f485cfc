/**
 * A deliberately small router for the JSON API. Each route serves one declared endpoint
 * (core/api/endpoint.ts: method, path pattern such as "/api/recipes/:id", body, query and answer
 * schemas), so the path and schemas the clients use are the ones routed here: `serve(endpoint,
 * access, handler)`. Unknown paths answer a JSON 404 problem; a known path with another method a 405.
 * Each route says who may call it (`access`: public | user | admin); the router enforces it
 * before the handler runs, so handlers never repeat sign-in checks. Domain errors thrown by
 * services become problem answers here (worker/http/domain-errors.ts).
 */
import type { z } from "zod";
import type { Endpoint } from "../../core/api/endpoint.ts";
import type { Db } from "../db/client.ts";
import { type Access, refusal, SIGNED_OUT } from "../../core/api/access.ts";
import type { Caller, CallerUser } from "../services/caller.ts";
import { InvariantError } from "../../core/lib/invariant.ts";
import { DomainError } from "../services/errors.ts";
import { domainErrorResponse } from "./domain-errors.ts";
import { ProblemError, problem, readJson } from "./problem.ts";
import { readQuery } from "./query.ts";

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

/** What a handler reads through its endpoint's declaration: the body and the query, each checked with its schema. */
export interface DeclaredReads<E extends Endpoint> {
  /** The JSON body, checked with the declared request schema (400 with field errors; 413 over `maxBytes`). */
  body: E["request"] extends z.ZodType ? (maxBytes?: number) => Promise<z.infer<E["request"]>> : never;
  /** The query string, checked with the declared query schema (400 `invalid_query`). */
  query: E["query"] extends z.ZodType ? () => z.infer<E["query"]> : never;
}

type Answer = Promise<Response> | Response;

export interface Route {
  endpoint: Endpoint;
  access: Access;
  /** `user` is there for a `user` or `admin` route (the guard let a signed-in caller through). */
  handler: (c: ApiContext & { user?: CallerUser }) => Answer;
}

/** The route of a declared endpoint: who may call it, and what answers. */
export function serve<E extends Endpoint>(endpoint: E, access: "public", handler: (c: ApiContext & DeclaredReads<E>) => Answer): Route;
export function serve<E extends Endpoint>(
  endpoint: E,
  access: "user" | "admin",
  handler: (c: SignedInApiContext & DeclaredReads<E>) => Answer,
): Route;
export function serve<E extends Endpoint>(
  endpoint: E,
  access: Access,
  handler: (c: SignedInApiContext & DeclaredReads<E>) => Answer,
): Route {
  return {
    endpoint,
    access,
    handler: (c) => {
      const reads = {
        body: (maxBytes?: number) => {
          if (!endpoint.request) throw new InvariantError(`${endpoint.method} ${endpoint.path} declares no body`);
          return readJson(c.request, endpoint.request, maxBytes);
        },
        query: () => {
          if (!endpoint.query) throw new InvariantError(`${endpoint.method} ${endpoint.path} declares no query`);
          return readQuery(c.url, endpoint.query);
        },
      } as DeclaredReads<E>;
      // The overloads type a public handler without `user` and a signed-in one with it; the router passes it for those.
      return handler({ ...c, ...reads } as SignedInApiContext & DeclaredReads<E>);
    },
  };
}

type Method = Endpoint["method"];

/** The guard: null when the caller may use a route with this access, else the problem to answer (core/api/access.ts). */
export function guard(access: Access, caller: Caller): Response | null {
  const refused = refusal(access, caller.user);
  return refused ? problem(refused.status, refused.code, refused.message) : null;
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

type Compiled = Route & { method: Method; parts: string[] };

export function createRouter(routes: Route[]) {
  const compiled: Compiled[] = routes.map((r) => ({ ...r, method: r.endpoint.method, parts: r.endpoint.path.split("/").filter(Boolean) }));

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
      if (!user) return problem(SIGNED_OUT.status, SIGNED_OUT.code, SIGNED_OUT.message);
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
