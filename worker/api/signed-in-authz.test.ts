/**
 * Authorization matrix over every signed-in and admin route: signed out, another user, the
 * owner and an admin, for reading, changing and deleting. Each row names the status each caller gets
 * and, where a 2xx is allowed, checks the answer is about the caller's own data.
 */
import { describe, expect, it } from "vitest";
import type { FavoriteListsResponse, FavoriteRecipesResponse, HistoryResponse } from "../../core/api/favorites.ts";
import type { StaplesResponse } from "../../core/api/staples.ts";
import { eq } from "drizzle-orm";
import { emailVerifications } from "../db/schema.ts";
import { addUser, api, apiJson, db, makeList, manualRecipe, type TestUser } from "../test/signed-in.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";
import { STORE_AISLES } from "../../core/shopping/store-order.ts";

type Who = "signedOut" | "other" | "owner" | "admin";
const WHO: Who[] = ["signedOut", "other", "owner", "admin"];

interface World {
  owner: TestUser;
  other: TestUser;
  admin: TestUser;
  recipeId: string;
  listId: string;
  /** One item of the owner's list, and the owner's session. */
  itemId: string;
  sessionId: string;
  /** The owner's list's live read-only share link (decision 0031). */
  shareId: string;
  /** One of the owner's stores (decision 0048). */
  storeId: string;
}

/** A fresh owner with a favourited recipe and list, another user and an admin. */
async function world(): Promise<World> {
  const [owner, other, admin] = await Promise.all([addUser(), addUser(), addUser({ admin: true })]);
  const recipe = await manualRecipe("Owner's curry", ["1 onion", "400 ml coconut milk"], owner);
  const list = await makeList("Owner's list", [recipe.id], owner);
  await apiJson(`/api/recipes/${recipe.id}/favorite`, { method: "POST", as: owner });
  await apiJson(`/api/shopping-lists/${list.id}/favorite`, { method: "POST", as: owner });
  await apiJson("/api/users/me/staples", { method: "POST", as: owner, body: { item: "coconut milk" } });
  const itemId = expectDefined(Object.values(list.ingredients).flat()[0]).id;
  const sessionId = expectDefined((await apiJson<{ sessions: { id: string }[] }>("/api/auth/sessions", { as: owner })).sessions[0]).id;
  const shareId = (await apiJson<{ id: string }>(`/api/shopping-lists/${list.id}/shares`, { method: "POST", as: owner }, 201)).id;
  const storeId = (
    await apiJson<{ id: string }>("/api/users/me/stores", { method: "POST", as: owner, body: { name: "Owner's store" } }, 201)
  ).id;
  return { owner, other, admin, recipeId: recipe.id, listId: list.id, itemId, sessionId, shareId, storeId };
}

const as = (w: World, who: Who) => (who === "signedOut" ? null : w[who]);

interface Row {
  name: string;
  kind: "read" | "change" | "delete";
  request: (w: World) => { path: string; method: string; body?: unknown };
  expect: Record<Who, number>;
  /** After the call: checks on what the caller saw, or that nothing of the owner's changed. */
  check?: (w: World, who: Who, res: Response) => Promise<void>;
}

const ownFavoriteRecipes = async (w: World, who: Who, res: Response) => {
  if (res.status !== 200) return;
  const ids = ((await res.json()) as FavoriteRecipesResponse).recipes.map((r) => r.id);
  expect(ids).toEqual(who === "owner" ? [w.recipeId] : []);
};
const ownFavoriteLists = async (w: World, who: Who, res: Response) => {
  if (res.status !== 200) return;
  const ids = ((await res.json()) as FavoriteListsResponse).lists.map((l) => l.id);
  expect(ids).toEqual(who === "owner" ? [w.listId] : []);
};
const ownHistory = async (w: World, who: Who, res: Response) => {
  if (res.status !== 200) return;
  const ids = ((await res.json()) as HistoryResponse).lists.map((l) => l.id);
  expect(ids).toEqual(who === "owner" ? [w.listId] : []);
};
/** The owner's own favourite is untouched by anyone else's call. */
const ownerStillFavorites = (kind: "recipes" | "lists") => async (w: World, who: Who) => {
  if (who === "owner") return;
  const mine = await apiJson<FavoriteRecipesResponse & FavoriteListsResponse>(`/api/users/me/favorites/${kind}`, { as: w.owner });
  expect(mine[kind]).toHaveLength(1);
};

const ROWS: Row[] = [
  {
    name: "GET favourite recipes",
    kind: "read",
    request: () => ({ method: "GET", path: "/api/users/me/favorites/recipes" }),
    expect: { signedOut: 401, other: 200, owner: 200, admin: 200 },
    check: ownFavoriteRecipes,
  },
  {
    name: "GET favourite lists",
    kind: "read",
    request: () => ({ method: "GET", path: "/api/users/me/favorites/lists" }),
    expect: { signedOut: 401, other: 200, owner: 200, admin: 200 },
    check: ownFavoriteLists,
  },
  {
    name: "GET list history",
    kind: "read",
    request: () => ({ method: "GET", path: "/api/users/me/shopping-lists?search=curry" }),
    expect: { signedOut: 401, other: 200, owner: 200, admin: 200 },
    check: ownHistory,
  },
  {
    name: "POST recipe favourite (the owner's private recipe)",
    kind: "change",
    request: (w) => ({ method: "POST", path: `/api/recipes/${w.recipeId}/favorite` }),
    expect: { signedOut: 401, other: 404, owner: 200, admin: 404 },
  },
  {
    name: "DELETE recipe favourite",
    kind: "delete",
    request: (w) => ({ method: "DELETE", path: `/api/recipes/${w.recipeId}/favorite` }),
    expect: { signedOut: 401, other: 404, owner: 200, admin: 404 },
    check: ownerStillFavorites("recipes"),
  },
  {
    // A list is readable by its link (decision 0013): anyone signed in may keep it as their own favourite.
    name: "POST list favourite",
    kind: "change",
    request: (w) => ({ method: "POST", path: `/api/shopping-lists/${w.listId}/favorite` }),
    expect: { signedOut: 401, other: 200, owner: 200, admin: 200 },
    check: ownerStillFavorites("lists"),
  },
  {
    name: "DELETE list favourite (only one's own favourite goes)",
    kind: "delete",
    request: (w) => ({ method: "DELETE", path: `/api/shopping-lists/${w.listId}/favorite` }),
    expect: { signedOut: 401, other: 200, owner: 200, admin: 200 },
    check: ownerStillFavorites("lists"),
  },
  {
    // Renaming: whoever may change the list (decision 0013); a list link is read-only.
    name: "PATCH (rename) the owner's list",
    kind: "change",
    request: (w) => ({ method: "PATCH", path: `/api/shopping-lists/${w.listId}`, body: { name: "Renamed" } }),
    expect: { signedOut: 403, other: 403, owner: 200, admin: 403 },
    check: async (w, who) => {
      const list = await apiJson<{ name: string }>(`/api/shopping-lists/${w.listId}`);
      expect(list.name).toBe(who === "owner" ? "Renamed" : "Owner's list");
    },
  },
  {
    name: "GET list history's older page (only one's own lists)",
    kind: "read",
    request: () => ({ method: "GET", path: `/api/users/me/shopping-lists?limit=1&before=${Date.now() + 60_000}.zzzzzzzz` }),
    expect: { signedOut: 401, other: 200, owner: 200, admin: 200 },
    check: ownHistory,
  },
  {
    name: "GET one's own stores (decision 0048)",
    kind: "read",
    request: () => ({ method: "GET", path: "/api/users/me/stores" }),
    expect: { signedOut: 401, other: 200, owner: 200, admin: 200 },
    check: async (w, who, res) => {
      if (res.status !== 200) return;
      const ids = ((await res.json()) as { stores: { id: string }[] }).stores.map((s) => s.id);
      expect(ids).toEqual(who === "owner" ? [w.storeId] : []);
    },
  },
  {
    name: "POST a store: one's own only",
    kind: "change",
    request: () => ({ method: "POST", path: "/api/users/me/stores", body: { name: "Another store" } }),
    expect: { signedOut: 401, other: 201, owner: 201, admin: 201 },
    check: async (w, who) => {
      const mine = await apiJson<{ stores: unknown[] }>("/api/users/me/stores", { as: w.owner });
      expect(mine.stores).toHaveLength(who === "owner" ? 2 : 1);
    },
  },
  {
    name: "PUT the owner's store",
    kind: "change",
    request: (w) => ({
      method: "PUT",
      path: `/api/users/me/stores/${w.storeId}`,
      body: { name: "Changed", aisles: [...STORE_AISLES].reverse(), hidden: [] },
    }),
    expect: { signedOut: 401, other: 404, owner: 200, admin: 404 },
    check: async (w, who) => {
      const mine = await apiJson<{ stores: { name: string }[] }>("/api/users/me/stores", { as: w.owner });
      expect(mine.stores.map((s) => s.name)).toEqual([who === "owner" ? "Changed" : "Owner's store"]);
    },
  },
  {
    name: "DELETE the owner's store",
    kind: "delete",
    request: (w) => ({ method: "DELETE", path: `/api/users/me/stores/${w.storeId}` }),
    expect: { signedOut: 401, other: 404, owner: 204, admin: 404 },
    check: async (w, who) => {
      const mine = await apiJson<{ stores: unknown[] }>("/api/users/me/stores", { as: w.owner });
      expect(mine.stores).toHaveLength(who === "owner" ? 0 : 1);
    },
  },
  {
    name: "PUT the store the owner's list is shown for",
    kind: "change",
    request: (w) => ({ method: "PUT", path: `/api/shopping-lists/${w.listId}/store`, body: { storeId: w.storeId } }),
    expect: { signedOut: 403, other: 403, owner: 200, admin: 403 },
    check: async (w, who) => {
      const list = await apiJson<{ store: { id: string } | null }>(`/api/shopping-lists/${w.listId}`);
      expect(list.store?.id ?? null).toBe(who === "owner" ? w.storeId : null);
    },
  },
  {
    name: "DELETE the list",
    kind: "delete",
    request: (w) => ({ method: "DELETE", path: `/api/shopping-lists/${w.listId}` }),
    expect: { signedOut: 403, other: 403, owner: 204, admin: 403 },
    check: async (w, who) => {
      expect((await api(`/api/shopping-lists/${w.listId}`)).status).toBe(who === "owner" ? 404 : 200);
    },
  },
  {
    // Shopping mode: a list link is read-only; only the owner changes a signed-in list.
    name: "POST shopping-mode changes to the owner's list",
    kind: "change",
    request: (w) => ({
      method: "POST",
      path: `/api/shopping-lists/${w.listId}/changes`,
      body: {
        changes: [
          { op: "tick", itemId: w.itemId, checked: true, at: Date.now() },
          { op: "edit", itemId: w.itemId, name: "changed", amount: "" },
          { op: "add", itemId: `probe_${w.itemId}`, text: "1 lemon", at: Date.now() },
        ],
      },
    }),
    expect: { signedOut: 403, other: 403, owner: 200, admin: 403 },
    check: async (w, who) => {
      const list = await apiJson<{ ingredients: Record<string, { id: string; name: string; checked: boolean }[]> }>(
        `/api/shopping-lists/${w.listId}`,
      );
      const items = Object.values(list.ingredients).flat();
      const item = expectDefined(items.find((i) => i.id === w.itemId));
      expect(item.checked).toBe(who === "owner");
      expect(item.name === "changed").toBe(who === "owner");
      expect(items.some((i) => i.id === `probe_${w.itemId}`)).toBe(who === "owner");
    },
  },
  {
    name: "DELETE one item of the owner's list",
    kind: "delete",
    request: (w) => ({ method: "DELETE", path: `/api/shopping-lists/${w.listId}/items/${w.itemId}` }),
    expect: { signedOut: 403, other: 403, owner: 204, admin: 403 },
    check: async (w, who) => {
      const list = await apiJson<{ ingredients: Record<string, { id: string }[]> }>(`/api/shopping-lists/${w.listId}`);
      expect(
        Object.values(list.ingredients)
          .flat()
          .some((i) => i.id === w.itemId),
      ).toBe(who !== "owner");
    },
  },
  {
    // Share links (decision 0031): only whoever may change the list shares it; sharing again hands out the same link.
    name: "POST a share link of the owner's list",
    kind: "change",
    request: (w) => ({ method: "POST", path: `/api/shopping-lists/${w.listId}/shares` }),
    expect: { signedOut: 403, other: 403, owner: 200, admin: 403 },
    check: async (w) => {
      const live = await apiJson<{ shares: { id: string }[] }>(`/api/shopping-lists/${w.listId}/shares`, { as: w.owner });
      expect(live.shares.map((s) => s.id)).toEqual([w.shareId]);
    },
  },
  {
    name: "GET the owner's list's share links",
    kind: "read",
    request: (w) => ({ method: "GET", path: `/api/shopping-lists/${w.listId}/shares` }),
    expect: { signedOut: 403, other: 403, owner: 200, admin: 403 },
  },
  {
    // Anyone holding the link reads the list, and learns neither its id nor its recipes' ids.
    name: "GET the list through its share link",
    kind: "read",
    request: (w) => ({ method: "GET", path: `/api/shares/${w.shareId}` }),
    expect: { signedOut: 200, other: 200, owner: 200, admin: 200 },
    check: async (w, _who, res) => {
      const text = await res.text();
      expect(text).not.toContain(w.listId);
      expect(text).not.toContain(w.recipeId);
    },
  },
  {
    name: "DELETE (revoke) the owner's share link",
    kind: "delete",
    request: (w) => ({ method: "DELETE", path: `/api/shopping-lists/${w.listId}/shares/${w.shareId}` }),
    expect: { signedOut: 403, other: 403, owner: 204, admin: 403 },
    check: async (w, who) => {
      expect((await api(`/api/shares/${w.shareId}`)).status).toBe(who === "owner" ? 404 : 200);
    },
  },
  {
    name: "GET sessions (one's own only)",
    kind: "read",
    request: () => ({ method: "GET", path: "/api/auth/sessions" }),
    expect: { signedOut: 401, other: 200, owner: 200, admin: 200 },
    check: async (w, who, res) => {
      if (res.status !== 200) return;
      const ids = ((await res.json()) as { sessions: { id: string }[] }).sessions.map((s) => s.id);
      expect(ids.includes(w.sessionId)).toBe(who === "owner");
    },
  },
  {
    name: "DELETE the owner's session by id",
    kind: "delete",
    request: (w) => ({ method: "DELETE", path: `/api/auth/sessions/${w.sessionId}` }),
    expect: { signedOut: 401, other: 404, owner: 204, admin: 404 },
    check: async (w, who) => {
      expect((await api("/api/auth/me", { as: w.owner })).status).toBe(who === "owner" ? 401 : 200);
    },
  },
  {
    // OAuth's routes are public; with no provider configured (this env) start and callback are 404 problems for everyone.
    name: "GET OAuth providers, start and callback",
    kind: "read",
    request: () => ({ method: "GET", path: "/api/auth/oauth/google/start" }),
    expect: { signedOut: 404, other: 404, owner: 404, admin: 404 },
    check: async (w, who) => {
      const providers = await api("/api/auth/providers", { as: as(w, who) });
      expect(providers.status).toBe(200);
      const callback = await api("/api/auth/oauth/google/callback?code=x&state=y", { as: as(w, who) });
      expect(callback.status).toBe(404);
      expect(((await callback.json()) as { code: string }).code).toBe("provider_not_configured");
    },
  },
  {
    name: "GET one's own staples",
    kind: "read",
    request: () => ({ method: "GET", path: "/api/users/me/staples" }),
    expect: { signedOut: 401, other: 200, owner: 200, admin: 200 },
    check: async (_w, who, res) => {
      if (res.status === 200) expect(((await res.json()) as StaplesResponse).mine).toEqual(who === "owner" ? ["coconut milk"] : []);
    },
  },
  {
    name: "POST, DELETE a staple and PUT built-in staples: only one's own change",
    kind: "change",
    request: () => ({ method: "DELETE", path: "/api/users/me/staples/coconut%20milk" }),
    expect: { signedOut: 401, other: 200, owner: 200, admin: 200 },
    check: async (w, who) => {
      if (who !== "signedOut") {
        await apiJson("/api/users/me/staples", { method: "POST", as: as(w, who), body: { item: "2 limes" } });
        await apiJson("/api/users/me/staples/built-in", { method: "PUT", as: as(w, who), body: { on: false } });
      } else {
        expect((await api("/api/users/me/staples", { method: "POST", body: { item: "2 limes" } })).status).toBe(401);
        expect((await api("/api/users/me/staples/built-in", { method: "PUT", body: { on: false } })).status).toBe(401);
      }
      const owners = await apiJson<StaplesResponse>("/api/users/me/staples", { as: w.owner });
      expect(owners.mine).toEqual(who === "owner" ? ["lime"] : ["coconut milk"]);
      expect(owners.builtIn.every((b) => b.on)).toBe(who !== "owner");
    },
  },
  {
    name: "GET one's own e-mail confirmation state (decision 0044)",
    kind: "read",
    request: () => ({ method: "GET", path: "/api/users/me/email-verification" }),
    expect: { signedOut: 401, other: 200, owner: 200, admin: 200 },
    check: async (w, who, res) => {
      if (res.status === 200) expect(await res.json()).toEqual({ email: expectDefined(as(w, who)).email, verified: false });
    },
  },
  {
    name: "POST a new confirmation link: it goes to the caller's own address only",
    kind: "change",
    request: () => ({ method: "POST", path: "/api/users/me/email-verification" }),
    expect: { signedOut: 401, other: 202, owner: 202, admin: 202 },
    check: async (w, who) => {
      // A link went to the caller's own address, and only there: never to the owner's for someone else.
      const links = await db.select().from(emailVerifications).where(eq(emailVerifications.userId, w.owner.id));
      expect(links.map((l) => l.email)).toEqual(who === "owner" ? [w.owner.email] : []);
      if (who !== "signedOut") {
        const mine = await db
          .select()
          .from(emailVerifications)
          .where(eq(emailVerifications.userId, expectDefined(as(w, who)).id));
        expect(mine.map((l) => l.email)).toEqual([expectDefined(as(w, who)).email]);
        expect((await api("/api/users/me/email-verification", { method: "POST", as: as(w, who) })).status).toBe(429);
      }
    },
  },
  {
    // The owner's address is unproven: they may send to themselves only; nobody else may send the list at all.
    name: "POST e-mail the owner's list to another address",
    kind: "change",
    request: (w) => ({ method: "POST", path: `/api/shopping-lists/${w.listId}/email`, body: { email: "friend@example.test" } }),
    expect: { signedOut: 403, other: 403, owner: 403, admin: 403 },
    check: async (w, who, res) => {
      if (who === "owner") expect(((await res.json()) as { code: string }).code).toBe("sender_unverified");
      if (who === "owner") {
        const self = await api(`/api/shopping-lists/${w.listId}/email`, { method: "POST", as: w.owner, body: { email: w.owner.email } });
        expect(self.status).toBe(202);
      }
    },
  },
  {
    name: "PUT the profile with the owner's address: only the owner, whose address it is (decision 0045)",
    kind: "change",
    request: (w) => ({ method: "PUT", path: "/api/users/me", body: { firstName: "Taken", lastName: "Over", email: w.owner.email } }),
    // Anyone else asks for a new address (the owner's) without their password: refused before the address is looked up.
    expect: { signedOut: 401, other: 400, owner: 200, admin: 400 },
    check: async (w, who, res) => {
      if (res.status === 400) expect(((await res.json()) as { code: string }).code).toBe("password_required");
      const owner = (await apiJson<{ user: { email: string; firstName: string } }>("/api/auth/me", { as: w.owner })).user;
      expect(owner.email).toBe(w.owner.email);
      expect(owner.firstName).toBe(who === "owner" ? "Taken" : "");
    },
  },
  {
    name: "GET admin stats",
    kind: "read",
    request: () => ({ method: "GET", path: "/api/admin/stats" }),
    expect: { signedOut: 401, other: 403, owner: 403, admin: 200 },
  },
  {
    name: "GET admin users",
    kind: "read",
    request: () => ({ method: "GET", path: "/api/admin/users" }),
    expect: { signedOut: 401, other: 403, owner: 403, admin: 200 },
  },
  {
    name: "GET admin contact messages (decision 0021)",
    kind: "read",
    request: () => ({ method: "GET", path: "/api/admin/contact-messages" }),
    expect: { signedOut: 401, other: 403, owner: 403, admin: 200 },
  },
  {
    name: "DELETE a user through the admin desk (the owner's account)",
    kind: "delete",
    request: (w) => ({ method: "DELETE", path: `/api/admin/users/${w.owner.id}` }),
    expect: { signedOut: 401, other: 403, owner: 403, admin: 204 },
    check: async (w, who) => {
      const status = (await api("/api/users/me/favorites/recipes", { as: w.owner })).status;
      expect(status).toBe(who === "admin" ? 401 : 200);
    },
  },
];

describe("authorization matrix of the signed-in and admin routes", () => {
  for (const row of ROWS) {
    it(`${row.kind}: ${row.name}`, async () => {
      for (const who of WHO) {
        const w = await world();
        const { path, method, body } = row.request(w);
        const res = await api(path, { method, as: as(w, who), body });
        expect(res.status, `${who} ${method} ${path}`).toBe(row.expect[who]);
        if (res.status >= 400) {
          expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
          expect(((await res.clone().json()) as { code?: string }).code).toBeTruthy();
        }
        await row.check?.(w, who, res);
      }
    });
  }
});
