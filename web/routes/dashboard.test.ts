/**
 * The dashboard's tab choice and loader (the server read behind the first HTML), called with a stand-in
 * for the in-process API in React Router's context (the real one runs in the e2e tests against workerd + D1).
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { PageApiFetch } from "../../worker/http/page-api.ts";
import { type Caller, callerContext, pageApiContext } from "../context.ts";
import { loader, selectedTab, tabsFor } from "./dashboard.tsx";

const ANONYMOUS: Caller = { kind: "anonymous", user: null, session: null };
const user = (isAdmin: boolean): Caller => ({
  kind: "user",
  user: { id: "u1", firstName: "Ada", lastName: "Cook", email: "ada@example.com", isAdmin, createdAt: new Date(0), updatedAt: new Date(0) },
  session: { id: "s1", via: "cookie", expiresAt: new Date(Date.now() + 60_000) },
});

/** The JSON API in process, stood in for: each GET is noted (path and query) and answered as the endpoint would. */
function pageApi(asked: string[]): PageApiFetch {
  const answers: Record<string, unknown> = {
    "/api/users/me/staples": { mine: ["soy sauce"], builtIn: [{ key: "salt", on: false }], max: 200 },
    "/api/users/me/favorites/recipes": { recipes: [] },
    "/api/users/me/favorites/lists": { lists: [] },
    "/api/auth/sessions": { sessions: [] },
    "/api/admin/stats": {
      totalUsers: 1,
      totalRecipes: 0,
      totalShoppingLists: 0,
      totalFavoriteRecipes: 0,
      totalFavoriteLists: 0,
      topDomains: [],
    },
    "/api/admin/users": { users: [], page: 1, pageSize: 20, total: 0 },
    "/api/admin/contact-messages": { messages: [], page: 1, pageSize: 10, total: 0 },
  };
  return async (path) => {
    const url = new URL(path, "http://x");
    if (url.pathname === "/api/users/me/shopping-lists") {
      const search = url.searchParams.get("search");
      asked.push(`history ${url.searchParams.get("limit")} ${search ?? ""}`);
      return Response.json({ lists: [], search });
    }
    asked.push(url.pathname);
    const answer = answers[url.pathname];
    return answer ? Response.json(answer) : Response.json({ code: "not_found" }, { status: 404 });
  };
}

function load(caller: Caller, search: string, asked: string[]) {
  const context = new RouterContextProvider();
  context.set(callerContext, caller);
  context.set(pageApiContext, pageApi(asked));
  return loader({ request: new Request(`http://x/dashboard${search}`), params: {}, context } as unknown as Parameters<typeof loader>[0]);
}

describe("dashboard tabs", () => {
  it("lists admin only for admins and falls back to the overview", () => {
    expect(tabsFor(false)).toEqual(["overview", "favorites", "history", "staples", "stores", "profile", "security"]);
    expect(tabsFor(true)).toContain("admin");
    expect(selectedTab("admin", false)).toBe("overview");
    expect(selectedTab("admin", true)).toBe("admin");
    expect(selectedTab("nope")).toBe("overview");
    expect(selectedTab(null)).toBe("overview");
    expect(selectedTab("security")).toBe("security");
  });

  it("sends a signed-out visitor to /auth, which returns to the tab asked for", async () => {
    const thrown = await load(ANONYMOUS, "", []).catch((e: unknown) => e);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe("/auth?next=%2Fdashboard");
    const history = await load(ANONYMOUS, "?tab=history", []).catch((e: unknown) => e);
    expect((history as Response).headers.get("location")).toBe("/auth?next=%2Fdashboard%3Ftab%3Dhistory");
  });

  it("reads only the chosen tab's data", async () => {
    const asked: string[] = [];
    const data = await load(user(false), "?tab=history&search=%20saffron%20", asked);
    expect(data.tab).toBe("history");
    expect(asked).toEqual(["history 5 saffron"]);

    const none: string[] = [];
    expect((await load(user(false), "?tab=profile", none)).tab).toBe("profile");
    expect(none).toEqual([]);

    const staples: string[] = [];
    const staplesData = await load(user(false), "?tab=staples", staples);
    expect(staples).toEqual(["/api/users/me/staples"]);
    expect(staplesData).toMatchObject({
      tab: "staples",
      staples: { mine: ["soy sauce"], builtIn: [{ key: "salt", on: false }], max: 200 },
    });

    const overview: string[] = [];
    await load(user(false), "", overview);
    expect(overview.sort()).toEqual(["/api/users/me/favorites/lists", "/api/users/me/favorites/recipes", "history 5 "]);
  });

  it("never reads admin data for a non-admin, and reads it for an admin", async () => {
    const asked: string[] = [];
    expect((await load(user(false), "?tab=admin", asked)).tab).toBe("overview");
    expect(asked.some((a) => a.startsWith("/api/admin"))).toBe(false);
    const adminAsked: string[] = [];
    expect((await load(user(true), "?tab=admin&users=ada&page=2", adminAsked)).tab).toBe("admin");
    expect(adminAsked.sort()).toEqual(["/api/admin/contact-messages", "/api/admin/stats", "/api/admin/users"]);
  });
});
