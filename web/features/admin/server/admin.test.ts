import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AdminStats, AdminUsersResponse } from "../contract.ts";
import { adminAuditLog, users } from "../../../../worker/db/schema.ts";
import { addUser, api, apiJson, db, makeList, manualRecipe, type TestUser } from "../../../../worker/test/signed-in.ts";
import { expectDefined } from "../../../../core/lib/expect-defined.ts";

/** Every user-owned table and its column naming the user (or what hangs off their lists). */
async function leftOf(userId: string, email: string, listIds: string[], recipeIds: string[]) {
  const d1 = db.$client;
  const n = async (sql: string, ...args: unknown[]) =>
    (
      await d1
        .prepare(sql)
        .bind(...args)
        .first<{ n: number }>()
    )?.n ?? -1;
  const lists = JSON.stringify(listIds);
  const recipes = JSON.stringify(recipeIds);
  return {
    users: await n("select count(*) as n from users where id = ?1", userId),
    sessions: await n("select count(*) as n from sessions where user_id = ?1", userId),
    recipes: await n("select count(*) as n from recipes where user_id = ?1 or id in (select value from json_each(?2))", userId, recipes),
    lists: await n("select count(*) as n from shopping_lists where user_id = ?1 or id in (select value from json_each(?2))", userId, lists),
    items: await n("select count(*) as n from shopping_list_items where list_id in (select value from json_each(?1))", lists),
    listRecipes: await n("select count(*) as n from shopping_list_recipes where list_id in (select value from json_each(?1))", lists),
    search: await n("select count(*) as n from shopping_list_search where list_id in (select value from json_each(?1))", lists),
    favoriteRecipes: await n(
      "select count(*) as n from favorite_recipes where user_id = ?1 or recipe_id in (select value from json_each(?2))",
      userId,
      recipes,
    ),
    favoriteLists: await n(
      "select count(*) as n from favorite_lists where user_id = ?1 or shopping_list_id in (select value from json_each(?2))",
      userId,
      lists,
    ),
    emailSends: await n(
      "select count(*) as n from list_email_sends where sender_key = 'u:' || ?1 or list_id in (select value from json_each(?2))",
      userId,
      lists,
    ),
    mail: await n('select count(*) as n from mail_outbox where lower("to") = lower(?1)', email),
    preferences: await n("select count(*) as n from user_grocery_preferences where user_id = ?1", userId),
    orders: await n("select count(*) as n from grocery_orders where user_id = ?1", userId),
    oauthAccounts: await n("select count(*) as n from oauth_accounts where user_id = ?1", userId),
    itemCategories: await n("select count(*) as n from user_item_categories where user_id = ?1", userId),
    staples: await n("select count(*) as n from user_staples where user_id = ?1", userId),
    listShares: await n("select count(*) as n from list_shares where list_id in (select value from json_each(?1))", lists),
  };
}

describe("DELETE /api/admin/users/{id}", () => {
  it("removes the user and everything of theirs in one go, and writes the audit line", async () => {
    const admin = await addUser({ admin: true, email: `boss-${Date.now()}@example.test` });
    const ann = await addUser({ email: `Ann.${Date.now()}@Example.test`, verified: true });
    const bob = await addUser();
    const r1 = await manualRecipe("Ann soup", ["2 onions", "1 l stock"], ann);
    const r2 = await manualRecipe("Ann salad", ["1 lettuce"], ann);
    const list = await makeList("Ann's week", [r1.id, r2.id], ann);
    await apiJson(`/api/recipes/${r1.id}/favorite`, { method: "POST", as: ann });
    await apiJson(`/api/shopping-lists/${list.id}/favorite`, { method: "POST", as: ann });
    // Bob favourites Ann's list; Ann e-mails her list to herself and a visitor's list to someone.
    const bobRecipe = await manualRecipe("Bob bread", ["500 g flour"], bob);
    const bobList = await makeList("Bob's", [bobRecipe.id], bob);
    const visitorRecipe = await manualRecipe("Visitor bread", ["500 g flour"]);
    const visitorList = await makeList("Visitor's", [visitorRecipe.id]);
    await apiJson(`/api/shopping-lists/${list.id}/favorite`, { method: "POST", as: bob });
    expect((await api(`/api/shopping-lists/${list.id}/email`, { method: "POST", as: ann, body: { email: ann.email } })).status).toBe(202);
    expect(
      (await api(`/api/shopping-lists/${visitorList.id}/email`, { method: "POST", as: ann, body: { email: "x@example.test" } })).status,
    ).toBe(202);
    await db.$client
      .prepare("insert into user_grocery_preferences (id, user_id, provider) values (?1, ?2, 'instacart')")
      .bind(`p-${ann.id}`, ann.id)
      .run();
    await db.$client
      .prepare("insert into grocery_orders (id, user_id, shopping_list_id, provider) values (?1, ?2, ?3, 'instacart')")
      .bind(`o-${ann.id}`, ann.id, list.id)
      .run();

    await db.$client
      .prepare("insert into oauth_accounts (provider, provider_user_id, user_id, email) values ('github', ?1, ?1, ?2)")
      .bind(ann.id, ann.email)
      .run();
    await db.$client
      .prepare("insert into user_item_categories (user_id, item_key, category) values (?1, 'onion', 'Produce')")
      .bind(ann.id)
      .run();
    await db.$client.prepare("insert into user_staples (user_id, item_key, have) values (?1, 'salt', 1)").bind(ann.id).run();
    await db.$client.prepare("insert into list_shares (id, list_id) values (?1, ?2)").bind(`s-${ann.id}`, list.id).run();
    const before = await leftOf(ann.id, ann.email, [list.id], [r1.id, r2.id]);
    expect(Object.values(before).every((n) => n > 0)).toBe(true);

    const started = Date.now();
    const res = await api(`/api/admin/users/${ann.id}`, { method: "DELETE", as: admin });
    expect(res.status).toBe(204);
    const after = await leftOf(ann.id, ann.email, [list.id], [r1.id, r2.id]);
    expect(after).toEqual(Object.fromEntries(Object.keys(before).map((k) => [k, 0])));
    // Ann's session no longer works.
    expect((await api("/api/users/me/favorites/recipes", { as: ann })).status).toBe(401);

    const audit = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, ann.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "delete_user",
      actorId: admin.id,
      actorEmail: admin.email,
      targetId: ann.id,
      targetEmail: ann.email,
      details: { recipes: 2, shoppingLists: 1, favoriteRecipes: 1, favoriteLists: 1 },
    });
    expect(expectDefined(audit[0]).createdAt.getTime()).toBeGreaterThanOrEqual(started - 1000);

    // Bob, his things and the visitor's list are untouched.
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, bob.id))).toHaveLength(1);
    expect((await api(`/api/shopping-lists/${bobList.id}`)).status).toBe(200);
    expect((await api(`/api/shopping-lists/${visitorList.id}`)).status).toBe(200);
    // A second delete: the user is gone.
    expect((await api(`/api/admin/users/${ann.id}`, { method: "DELETE", as: admin })).status).toBe(404);
  });

  it("refuses to delete an admin or oneself, and writes no audit line", async () => {
    const admin = await addUser({ admin: true });
    const other = await addUser({ admin: true });
    for (const [target, code] of [
      [other, "cannot_delete_admin"],
      [admin, "cannot_delete_self"],
    ] as [TestUser, string][]) {
      const res = await api(`/api/admin/users/${target.id}`, { method: "DELETE", as: admin });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe(code);
      expect(await db.select({ id: users.id }).from(users).where(eq(users.id, target.id))).toHaveLength(1);
      expect(await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, target.id))).toEqual([]);
    }
    expect((await api("/api/admin/users/AAAAAAAAAAAAAAAAAAAAAA", { method: "DELETE", as: admin })).status).toBe(404);
  });
});

describe("GET /api/admin/stats and /api/admin/users", () => {
  it("answers totals, the top 10 domains by parse count, and users with their counts, paged and searchable", async () => {
    const admin = await addUser({ admin: true });
    const tag = Date.now().toString(36);
    const zed = await addUser({ email: `zed.${tag}@example.test`, firstName: "Zed", lastName: "Ångström" });
    const r = await manualRecipe("Z soup", ["1 onion"], zed);
    await manualRecipe("Z stew", ["1 carrot"], zed);
    await makeList("Z list", [r.id], zed);
    await apiJson(`/api/recipes/${r.id}/favorite`, { method: "POST", as: zed });
    const d1 = db.$client;
    for (let i = 0; i < 12; i++) {
      await d1
        .prepare("insert into recipe_domains (domain, parse_count) values (?1, ?2) on conflict (domain) do update set parse_count = ?2")
        .bind(`site${i}-${tag}.example`, 1000 + i)
        .run();
    }

    const stats = await apiJson<AdminStats>("/api/admin/stats", { as: admin });
    const count = async (table: string) => expectDefined(await d1.prepare(`select count(*) as n from ${table}`).first<{ n: number }>()).n;
    expect(stats).toMatchObject({
      totalUsers: await count("users"),
      totalRecipes: await count("recipes"),
      totalShoppingLists: await count("shopping_lists"),
      totalFavoriteRecipes: await count("favorite_recipes"),
      totalFavoriteLists: await count("favorite_lists"),
    });
    expect(stats.topDomains).toHaveLength(10);
    expect(stats.topDomains[0]).toEqual({ domain: `site11-${tag}.example`, parseCount: 1011 });
    expect(stats.topDomains.map((d) => d.parseCount)).toEqual([...stats.topDomains.map((d) => d.parseCount)].sort((a, b) => b - a));

    const byEmail = await apiJson<AdminUsersResponse>(`/api/admin/users?search=${encodeURIComponent(`ZED.${tag}`)}`, { as: admin });
    expect(byEmail.total).toBe(1);
    expect(byEmail.users[0]).toMatchObject({
      id: zed.id,
      email: zed.email,
      firstName: "Zed",
      isAdmin: false,
      counts: { recipes: 2, shoppingLists: 1, favoriteRecipes: 1 },
    });
    const byName = await apiJson<AdminUsersResponse>(`/api/admin/users?search=${encodeURIComponent("ZED Ångström")}`, { as: admin });
    expect(byName.users.map((u) => u.id)).toContain(zed.id);
    // Wildcards are text, not patterns: as a pattern '%<tag>' would find Zed, whose address holds the tag.
    expect((await apiJson<AdminUsersResponse>(`/api/admin/users?search=${encodeURIComponent(`%${tag}`)}`, { as: admin })).users).toEqual(
      [],
    );

    const total = await count("users");
    const page1 = await apiJson<AdminUsersResponse>("/api/admin/users?pageSize=2", { as: admin });
    const page2 = await apiJson<AdminUsersResponse>("/api/admin/users?pageSize=2&page=2", { as: admin });
    expect(page1).toMatchObject({ page: 1, pageSize: 2, total });
    expect(page1.users).toHaveLength(2);
    expect(expectDefined(page1.users[0]).id).toBe(zed.id); // newest first
    expect(page2.users.map((u) => u.id)).not.toContain(expectDefined(page1.users[0]).id);
    expect((await apiJson<AdminUsersResponse>("/api/admin/users", { as: admin })).pageSize).toBe(20);
    for (const q of ["?page=0", "?pageSize=101", "?page=x"]) {
      expect((await api(`/api/admin/users${q}`, { as: admin })).status, q).toBe(400);
    }
    // A whole long address (D1 refuses LIKE patterns over 50 bytes: this answered 500).
    const long = await addUser({ email: `a-rather-long-address-for-a-small-screen-${tag}@example.test` });
    const byLong = await apiJson<AdminUsersResponse>(`/api/admin/users?search=${encodeURIComponent(long.email.toUpperCase())}`, {
      as: admin,
    });
    expect(byLong.users.map((u) => u.id)).toEqual([long.id]);
  });
});
