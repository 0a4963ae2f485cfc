/**
 * A deliberately small router for the JSON API: method + path pattern ("/api/recipes/:id").
 * Unknown paths answer a JSON 404 problem; a known path with another method a 405.
 */
import type { Db } from "../db/client.ts";
import { ProblemError, problem } from "./problem.ts";

export interface ApiContext {
  request: Request;
  url: URL;
  env: Env;
  ctx: ExecutionContext;
  params: Record<string, string>;
  db: Db;
  requestId: string;
}

export type Handler = (c: ApiContext) => Promise<Response> | Response;

export interface Route {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  handler: Handler;
}

interface Compiled extends Route {
  parts: string[];
}

export function createRouter(routes: Route[]) {
  const compiled: Compiled[] = routes.map((r) => ({ ...r, parts: r.path.split("/").filter(Boolean) }));

  function match(pathname: string): { route: Compiled; params: Record<string, string> }[] {
    const segs = pathname.split("/").filter(Boolean);
    const out: { route: Compiled; params: Record<string, string> }[] = [];
    for (const route of compiled) {
      if (route.parts.length !== segs.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      for (let i = 0; i < segs.length; i++) {
        const part = route.parts[i]!;
        if (part.startsWith(":")) {
          try {
            params[part.slice(1)] = decodeURIComponent(segs[i]!);
          } catch {
            ok = false;
            break;
          }
        } else if (part !== segs[i]) {
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
    try {
      return await hit.route.handler({ ...base, params: hit.params });
    } catch (err) {
      if (err instanceof ProblemError) return err.toResponse();
      console.error(`[${base.requestId}] ${base.request.method} ${base.url.pathname} failed`, err);
      return problem(500, "internal", "Something went wrong on our side. Please try again.", {
        requestId: base.requestId,
      });
    }
  };
}
