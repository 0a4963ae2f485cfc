/**
 * A page and its endpoint answer the same caller the same (core/api/access.ts): for a signed-out visitor, a
 * user and an admin, each personal page's loader (with the in-process API routed by the real router and
 * route table, the services stood in for) against its endpoint's own route: the endpoint's 401 is the page's
 * redirect to sign in, its 403 the page's 403, its 200 the page's data.
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { favoriteEndpoints } from "../../core/api/favorites.ts";
import type { Endpoint } from "../../core/api/endpoint.ts";
import type { Db } from "../db/client.ts";
import type { PageApiFetch } from "./page-api.ts";
import { createRouter, type Route as ApiRoute } from "./router.ts";
import { adminEndpoints } from "../../web/features/admin/contract.ts";
import { adminRoutes } from "../../web/features/admin/server/routes.ts";
import { loader as favoritesLoader } from "../../web/features/favorites-history/routes/favorites.tsx";
import { loader as historyLoader } from "../../web/features/favorites-history/routes/history.tsx";
import { favoriteRoutes } from "../../web/features/favorites-history/server/routes.ts";
import { householdEndpoints } from "../../web/features/household/contract.ts";
import { loader as householdLoader } from "../../web/features/household/routes/household.tsx";
import { householdRoutes } from "../../web/features/household/server/routes.ts";
import { type Caller, callerContext, pageApiContext } from "../../web/context.ts";
import { pageUser } from "../../web/lib/page-access.server.ts";

const person = (isAdmin: boolean): Caller => ({
  kind: "user",
  user: { id: "u1", firstName: "Ada", lastName: "Cook", email: "ada@example.com", isAdmin, createdAt: new Date(0), updatedAt: new Date(0) },
  session: { id: "s1", via: "cookie", expiresAt: new Date(Date.now() + 60_000) },
});
const CALLERS: Record<string, Caller> = {
  "signed out": { kind: "anonymous", user: null, session: null },
  user: person(false),
  admin: person(true),
};

/** What the stood-in services answer, by path. */
const ANSWERS: Record<string, unknown> = {
  "/api/users/me/shopping-lists": { lists: [], search: null },
  "/api/users/me/favorites/recipes": { recipes: [] },
  "/api/users/me/favorites/lists": { lists: [] },
  "/api/household": { household: null },
  "/api/admin/stats": {},
};

/** The real route table's guards, each handler answering its fixed JSON instead of calling a service. */
const router = createRouter(
  [...favoriteRoutes, ...householdRoutes, ...adminRoutes].map(
    (r): ApiRoute => ({ ...r, handler: (c) => Response.json(ANSWERS[c.url.pathname] ?? {}) }),
  ),
);

function callApi(caller: Caller, path: string, method = "GET"): Promise<Response> {
  const url = new URL(path, "http://x");
  const base = { url, env: {} as Env, ctx: {} as ExecutionContext, db: {} as Db, requestId: "t", caller };
  return router({ ...base, request: new Request(url, { method }) });
}

function pageContext(caller: Caller): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(callerContext, caller);
  const inProcess: PageApiFetch = (path, init) => callApi(caller, path, init.method);
  context.set(pageApiContext, inProcess);
  return context;
}

/** A page's answer as a status: its data 200, a redirect to sign in 401, a thrown status that status. */
async function pageStatus(run: () => Promise<unknown>): Promise<number> {
  try {
    await run();
    return 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get("location")?.startsWith("/auth") ? 401 : thrown.status;
    const init = (thrown as { init?: { status?: number } }).init;
    if (init?.status) return init.status;
    throw thrown;
  }
}

type Loader = (args: { request: Request; params: Record<string, string>; context: RouterContextProvider }) => Promise<unknown>;
const PAGES: { page: string; loader: Loader; endpoint: Endpoint; path: string }[] = [
  {
    page: "/history",
    loader: historyLoader as unknown as Loader,
    endpoint: favoriteEndpoints.history,
    path: "/api/users/me/shopping-lists",
  },
  {
    page: "/favorites",
    loader: favoritesLoader as unknown as Loader,
    endpoint: favoriteEndpoints.recipes,
    path: "/api/users/me/favorites/recipes",
  },
  { page: "/household", loader: householdLoader as unknown as Loader, endpoint: householdEndpoints.get, path: "/api/household" },
];

describe("a page and its endpoint under one access rule", () => {
  for (const { page, loader, endpoint, path } of PAGES) {
    it(`${page} answers each caller as ${endpoint.method} ${endpoint.path} does`, async () => {
      expect(path).toBe(endpoint.path);
      const seen: Record<string, [number, number]> = {};
      for (const [who, caller] of Object.entries(CALLERS)) {
        const api = (await callApi(caller, path)).status;
        const request = new Request(`http://x${page}`);
        seen[who] = [api, await pageStatus(() => loader({ request, params: {}, context: pageContext(caller) }))];
      }
      expect(seen).toEqual({ "signed out": [401, 401], user: [200, 200], admin: [200, 200] });
    });
  }

  it("an admin-only page would answer as an admin endpoint does (pageUser under 'admin')", async () => {
    const seen: Record<string, [number, number]> = {};
    for (const [who, caller] of Object.entries(CALLERS)) {
      const api = (await callApi(caller, adminEndpoints.stats.path)).status;
      const request = new Request("http://x/somewhere");
      seen[who] = [api, await pageStatus(async () => pageUser(pageContext(caller), request, "admin"))];
    }
    expect(seen).toEqual({ "signed out": [401, 401], user: [403, 403], admin: [200, 200] });
  });

  it("sends the signed-out visitor to sign in and back to the page asked for", async () => {
    const thrown = await historyLoader({
      request: new Request("http://x/history?search=eggs"),
      params: {},
      context: pageContext(CALLERS["signed out"] as Caller),
    } as unknown as Parameters<typeof historyLoader>[0]).catch((e: unknown) => e);
    expect((thrown as Response).headers.get("location")).toBe("/auth?next=%2Fhistory%3Fsearch%3Deggs");
  });
});
