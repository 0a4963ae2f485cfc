import { env } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { createDb } from "./client.ts";
import {
  favoriteLists,
  favoriteRecipes,
  groceryOrders,
  groceryStores,
  recipeDomains,
  recipes,
  sessions,
  shoppingListItems,
  shoppingLists,
  userGroceryPreferences,
  users,
} from "./schema.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";

const db = createDb(env.DB);

/** Resolves when `p` fails on a UNIQUE constraint (drizzle wraps the D1 error in `cause`). */
async function expectUniqueViolation(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, "expected a UNIQUE constraint failure").toBeInstanceOf(Error);
  const text = `${(err as Error).message} ${String((err as Error & { cause?: unknown }).cause ?? "")}`;
  expect(text).toMatch(/UNIQUE constraint failed/);
}

async function addUser(id: string, email: string) {
  await db.insert(users).values({ id, email, passwordHash: "x", firstName: "A", lastName: "B" });
}

describe("migrations", () => {
  it("create every table of the data model from an empty database", async () => {
    const rows = await env.DB.prepare("select name from sqlite_master where type = 'table'").all<{ name: string }>();
    const names = rows.results.map((r) => r.name);
    for (const t of [
      "users",
      "sessions",
      "recipes",
      "shopping_lists",
      "shopping_list_items",
      "shopping_list_recipes",
      "favorite_recipes",
      "favorite_lists",
      "recipe_domains",
      "grocery_stores",
      "user_grocery_preferences",
      "grocery_orders",
      "mail_outbox",
      "parsed_pages",
    ]) {
      expect(names).toContain(t);
    }
  });

  it("enforce foreign keys", async () => {
    const fk = await env.DB.prepare("pragma foreign_keys").first<{ foreign_keys: number }>();
    expect(fk?.foreign_keys).toBe(1);
  });
});

describe("data rules", () => {
  beforeEach(async () => {
    // Tests in one file share a database: start each from empty tables.
    for (const t of [
      groceryOrders,
      userGroceryPreferences,
      groceryStores,
      favoriteLists,
      favoriteRecipes,
      shoppingListItems,
      shoppingLists,
      recipes,
      sessions,
      recipeDomains,
      users,
    ]) {
      await db.delete(t);
    }
  });

  it("users: email unique case-insensitively, isAdmin defaults to false, timestamps set", async () => {
    await addUser("u1", "Ann@Example.org");
    await expectUniqueViolation(addUser("u2", "ann@example.ORG"));
    const [u] = await db.select().from(users).where(eq(users.id, "u1"));
    expect(expectDefined(u).isAdmin).toBe(false);
    expect(expectDefined(u).createdAt).toBeInstanceOf(Date);
    expect(Math.abs(expectDefined(u).createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("favourites: one per (user, target); removed with their user and with their target", async () => {
    await addUser("u1", "a@x.org");
    await db.insert(recipes).values({ id: "r1", title: "T", source: "s", ingredients: [], userId: "u1" });
    await db.insert(shoppingLists).values({ id: "l1", name: "L", userId: "u1" });
    await db.insert(favoriteRecipes).values({ id: "f1", userId: "u1", recipeId: "r1" });
    await expectUniqueViolation(db.insert(favoriteRecipes).values({ id: "f2", userId: "u1", recipeId: "r1" }));
    await db.insert(favoriteLists).values({ id: "g1", userId: "u1", shoppingListId: "l1" });
    await expectUniqueViolation(db.insert(favoriteLists).values({ id: "g2", userId: "u1", shoppingListId: "l1" }));

    await db.delete(recipes).where(eq(recipes.id, "r1"));
    expect(await db.select().from(favoriteRecipes)).toHaveLength(0);
    expect(await db.select().from(favoriteLists)).toHaveLength(1);
    await db.delete(users).where(eq(users.id, "u1"));
    expect(await db.select().from(favoriteLists)).toHaveLength(0);
  });

  it("preferences, sessions and orders go with their user; orders and items with their list", async () => {
    await addUser("u1", "a@x.org");
    await db.insert(groceryStores).values({ id: "s1", name: "S", provider: "instacart", address: { street: "1", city: "c", state: "NY" } });
    await db.insert(userGroceryPreferences).values({ id: "p1", userId: "u1", provider: "instacart", preferredStoreId: "s1" });
    await db.insert(sessions).values({ tokenHash: "h", userId: "u1", expiresAt: new Date(Date.now() + 1000) });
    await db.insert(shoppingLists).values([
      { id: "l1", name: "L", userId: "u1" },
      { id: "l2", name: "M", userId: null },
    ]);
    await db
      .insert(shoppingListItems)
      .values({ id: "i1", listId: "l2", category: "Produce", itemKey: "onion", name: "onion", amounts: [], sources: [], position: 0 });
    await db.insert(groceryOrders).values([
      { id: "o1", userId: "u1", shoppingListId: "l1", provider: "instacart", totalAmountCents: 1234 },
      { id: "o2", userId: null, shoppingListId: "l2", provider: "instacart" },
    ]);
    const [o] = await db.select().from(groceryOrders).where(eq(groceryOrders.id, "o2"));
    expect(expectDefined(o).status).toBe("pending");

    await db.delete(shoppingLists).where(eq(shoppingLists.id, "l2"));
    expect(await db.select().from(shoppingListItems)).toHaveLength(0);
    expect((await db.select().from(groceryOrders)).map((r) => r.id)).toEqual(["o1"]);

    await db.delete(users).where(eq(users.id, "u1"));
    expect(await db.select().from(userGroceryPreferences)).toHaveLength(0);
    expect(await db.select().from(sessions)).toHaveLength(0);
    expect(await db.select().from(groceryOrders)).toHaveLength(0);
    // Stores are shared: they stay.
    expect(await db.select().from(groceryStores)).toHaveLength(1);
  });

  it("grocery stores default to delivery on and pickup off; domains are unique and start at 0", async () => {
    await db.insert(groceryStores).values({ id: "s1", name: "S", provider: "instacart", address: { street: "1", city: "c", state: "NY" } });
    const [s] = await db.select().from(groceryStores);
    expect(expectDefined(s).deliveryAvailable).toBe(true);
    expect(expectDefined(s).pickupAvailable).toBe(false);
    await db.insert(recipeDomains).values({ domain: "a.com" });
    await expectUniqueViolation(db.insert(recipeDomains).values({ domain: "a.com" }));
    const [d] = await db.select().from(recipeDomains);
    expect(expectDefined(d).parseCount).toBe(0);
    await db.update(recipeDomains).set({ parseCount: sql`${recipeDomains.parseCount} + 1` });
    expect(expectDefined((await db.select().from(recipeDomains))[0]).parseCount).toBe(1);
  });
});
