import { exports, env } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CATEGORIES } from "../../../../core/categorise/categories.ts";
import type { ShoppingList } from "../../../../core/api/lists.ts";
import { createDb } from "../../../../worker/db/client.ts";
import { insertList, ROWS_PER_INSERT } from "./queries.ts";
import { recipes, sessions, shoppingListItems, shoppingListRecipes, shoppingLists, users } from "../../../../worker/db/schema.ts";
import { sha256Hex } from "../../../../worker/lib/crypto.ts";
import { newId, newToken } from "../../../../worker/lib/ids.ts";
import { expectDefined } from "../../../../core/lib/expect-defined.ts";

const db = createDb(env.DB);
const call = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);

const post = (body: unknown, token?: string) =>
  call("/api/shopping-lists", {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
const del = (path: string, token?: string, editToken?: string) =>
  call(path, {
    method: "DELETE",
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(editToken ? { "x-edit-token": editToken } : {}) },
  });

async function addRecipe(title: string, lines: string[], userId: string | null = null): Promise<string> {
  const id = newId();
  await db.insert(recipes).values({
    id,
    title,
    url: null,
    source: "manually added",
    ingredients: lines.map((text) => ({ text })),
    userId,
  });
  return id;
}

async function addUser(): Promise<{ id: string; token: string }> {
  const id = newId();
  const token = newToken();
  await db.insert(users).values({ id, email: `${id}@example.test`, passwordHash: "x" });
  await db.insert(sessions).values({ tokenHash: await sha256Hex(token), userId: id, expiresAt: new Date(Date.now() + 3_600_000) });
  return { id, token };
}

async function countRows() {
  const [l] = await db.select({ n: count() }).from(shoppingLists);
  const [i] = await db.select({ n: count() }).from(shoppingListItems);
  const [r] = await db.select({ n: count() }).from(shoppingListRecipes);
  return { lists: expectDefined(l).n, items: expectDefined(i).n, recipes: expectDefined(r).n };
}

const items = (list: ShoppingList) => Object.values(list.ingredients).flat();

let soup: string;
let salad: string;
beforeAll(async () => {
  soup = await addRecipe("Onion Soup", ["2 onions", "1 tbsp olive oil", "500 ml beef stock", "2 slices bread"]);
  salad = await addRecipe("Salad", ["1 large onion", "2 tbsp olive oil", "1 head lettuce", "100 g feta cheese"]);
});

describe("POST /api/shopping-lists", () => {
  it("combines the recipes into one categorised list and stores it", async () => {
    const res = await post({ name: "Shopping List - 1/2/2026", recipeIds: [soup, salad] });
    expect(res.status).toBe(201);
    expect(res.headers.get("server-timing")).toMatch(/^app;dur=\d+(\.\d+)?, read;dur=[\d.]+, combine;dur=[\d.]+, write;dur=[\d.]+$/);
    const list = (await res.json()) as ShoppingList;
    expect(list.name).toBe("Shopping List - 1/2/2026");
    expect(list.recipes).toEqual([
      { id: soup, title: "Onion Soup" },
      { id: salad, title: "Salad" },
    ]);
    const onions = items(list).filter((i) => /onion/i.test(i.name));
    expect(onions).toHaveLength(1);
    expect(expectDefined(onions[0]).amount).toMatch(/^3\b/);
    expect(expectDefined(onions[0]).recipes).toEqual(["Onion Soup", "Salad"]);
    const oil = items(list).filter((i) => /olive oil/i.test(i.name));
    expect(oil).toHaveLength(1);
    expect(expectDefined(oil[0]).amount).toMatch(/^3 tbsp|^3 tablespoons/);
    expect(list.ingredients.Produce?.map((i) => i.name).join(" ")).toMatch(/onion/);

    // The stored list reads back the same, categories in store-walk order.
    const got = await call(`/api/shopping-lists/${list.id}`);
    expect(got.status).toBe(200);
    const read = (await got.json()) as ShoppingList;
    const { editToken, ...created } = list;
    expect(editToken).toBeTruthy();
    expect(read).toEqual({ ...created, createdAt: read.createdAt });
    expect(Number.isNaN(Date.parse(read.createdAt))).toBe(false);
    const keys = Object.keys(read.ingredients);
    const walk = keys.map((k) => CATEGORIES.indexOf(k as (typeof CATEGORIES)[number]));
    expect(walk.every((i) => i >= 0)).toBe(true);
    expect(walk).toEqual([...walk].sort((a, b) => a - b));
    expect(keys.length).toBeGreaterThan(2);
  });

  it("stores a long list through chunked inserts in one batch", async () => {
    const lines = Array.from({ length: 60 }, (_, i) => `${i + 1} g spice number ${i + 1}`);
    const big = await addRecipe("Big", lines);
    const before = await countRows();
    const res = await post({ name: "Big list", recipeIds: [big] });
    expect(res.status).toBe(201);
    const list = (await res.json()) as ShoppingList;
    const after = await countRows();
    expect(after.lists - before.lists).toBe(1);
    expect(after.recipes - before.recipes).toBe(1);
    expect(after.items - before.items).toBe(items(list).length);
    expect(items(list).length).toBeGreaterThan(20);
    const read = (await (await call(`/api/shopping-lists/${list.id}`)).json()) as ShoppingList;
    expect(items(read).map((i) => i.id)).toEqual(items(list).map((i) => i.id));
  });

  const row = (id: string, position: number) => ({
    id,
    category: "Other",
    itemKey: `k${position}`,
    name: `thing ${position}`,
    amount: position % 2 ? `${position} g` : "",
    amounts: position % 2 ? [{ quantity: position, unit: "g" }] : [],
    notes: position % 3 ? null : "to taste",
    sources: [{ recipeId: soup, recipe: "S", line: `${position} g thing` }],
    position,
  });

  it("stores lists longer than one insert statement, every column intact", async () => {
    const listId = newId();
    const rows = Array.from({ length: ROWS_PER_INSERT * 2 + 7 }, (_, i) => row(newId(), i));
    await insertList(db, { id: listId, name: "Huge", userId: null, recipes: [{ recipeId: soup, title: "S" }], items: rows });
    const stored = await db
      .select()
      .from(shoppingListItems)
      .where(eq(shoppingListItems.listId, listId))
      .orderBy(shoppingListItems.position);
    expect(stored).toHaveLength(rows.length);
    for (const i of [0, 1, 3, ROWS_PER_INSERT, rows.length - 1]) {
      const { createdAt, ...rest } = expectDefined(stored[i]);
      expect(rest).toEqual({ ...rows[i], listId, checked: false, checkedAt: 0, addedByHand: false, staple: false });
      expect(createdAt).toBeInstanceOf(Date);
    }
    const read = (await (await call(`/api/shopping-lists/${listId}`)).json()) as ShoppingList;
    expect(items(read)).toHaveLength(rows.length);
  });

  it("writes all or nothing: a failing insert in a later statement leaves no list behind", async () => {
    const listId = newId();
    const dup = newId();
    // The duplicate id sits in the second item statement; the first one alone would succeed.
    const rows = Array.from({ length: ROWS_PER_INSERT + 50 }, (_, i) => row(i === 0 || i === ROWS_PER_INSERT + 10 ? dup : newId(), i));
    const before = await countRows();
    await expect(
      insertList(db, { id: listId, name: "x", userId: null, recipes: [{ recipeId: soup, title: "S" }], items: rows }),
    ).rejects.toThrow();
    expect(await countRows()).toEqual(before);
    expect(await db.select().from(shoppingLists).where(eq(shoppingLists.id, listId))).toEqual([]);
  });

  it("refuses unknown recipe ids with a 400 problem and writes nothing", async () => {
    const before = await countRows();
    const res = await post({ name: "L", recipeIds: [soup, "doesnotexist0000000000"] });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe("unknown_recipes");
    expect(body.message).toBeTruthy();
    expect(await countRows()).toEqual(before);
  });

  it("refuses someone else's private recipe, but the owner may use it", async () => {
    const ann = await addUser();
    const bob = await addUser();
    const annsRecipe = await addRecipe("Ann's stew", ["1 carrot"], ann.id);
    expect((await post({ name: "L", recipeIds: [annsRecipe] })).status).toBe(400);
    expect((await post({ name: "L", recipeIds: [annsRecipe] }, bob.token)).status).toBe(400);
    const res = await post({ name: "L", recipeIds: [annsRecipe, soup] }, ann.token);
    expect(res.status).toBe(201);
    const list = (await res.json()) as ShoppingList;
    const [row] = await db.select({ userId: shoppingLists.userId }).from(shoppingLists).where(eq(shoppingLists.id, list.id));
    expect(expectDefined(row).userId).toBe(ann.id);
  });

  it("validates name and recipeIds", async () => {
    const cases: unknown[] = [
      { name: "", recipeIds: [soup] },
      { name: "   ", recipeIds: [soup] },
      { name: "x".repeat(201), recipeIds: [soup] },
      { name: "L", recipeIds: [] },
      { name: "L", recipeIds: Array.from({ length: 51 }, () => soup) },
      { name: "L" },
      { recipeIds: [soup] },
    ];
    for (const body of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("invalid_body");
    }
    expect((await post({ name: "x".repeat(200), recipeIds: [soup] })).status).toBe(201);
  });

  it("accepts a repeated recipe id once", async () => {
    const res = await post({ name: "L", recipeIds: [soup, soup] });
    expect(res.status).toBe(201);
    const list = (await res.json()) as ShoppingList;
    expect(list.recipes).toEqual([{ id: soup, title: "Onion Soup" }]);
    expect(expectDefined(items(list).find((i) => /onion/i.test(i.name))).amount).toMatch(/^2\b/);
  });
});

describe("GET /api/shopping-lists/{id}", () => {
  it("answers 404 problems for unknown and malformed ids", async () => {
    for (const id of ["doesnotexist0000000000", "x", "a%20b"]) {
      const res = await call(`/api/shopping-lists/${id}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe("list_not_found");
    }
  });

  it("lets anyone with the id read a signed-in user's list", async () => {
    const ann = await addUser();
    const list = (await (await post({ name: "Ann's", recipeIds: [soup] }, ann.token)).json()) as ShoppingList;
    const res = await call(`/api/shopping-lists/${list.id}`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as ShoppingList).name).toBe("Ann's");
  });
});

describe("DELETE items and lists", () => {
  it("removes one item from a signed-out list; the list reads without it", async () => {
    const list = (await (await post({ name: "L", recipeIds: [soup, salad] })).json()) as ShoppingList;
    const victim = expectDefined(items(list)[0]);
    const res = await del(`/api/shopping-lists/${list.id}/items/${victim.id}`, undefined, list.editToken);
    expect(res.status).toBe(204);
    const read = (await (await call(`/api/shopping-lists/${list.id}`)).json()) as ShoppingList;
    expect(items(read).map((i) => i.id)).toEqual(
      items(list)
        .slice(1)
        .map((i) => i.id),
    );
    const again = await del(`/api/shopping-lists/${list.id}/items/${victim.id}`, undefined, list.editToken);
    expect(again.status).toBe(404);
    expect(((await again.json()) as { code: string }).code).toBe("item_not_found");
  });

  it("does not remove an item through another list's id", async () => {
    const a = (await (await post({ name: "A", recipeIds: [soup] })).json()) as ShoppingList;
    const b = (await (await post({ name: "B", recipeIds: [soup] })).json()) as ShoppingList;
    const res = await del(`/api/shopping-lists/${b.id}/items/${expectDefined(items(a)[0]).id}`, undefined, b.editToken);
    expect(res.status).toBe(404);
    const read = (await (await call(`/api/shopping-lists/${a.id}`)).json()) as ShoppingList;
    expect(items(read)).toHaveLength(items(a).length);
  });

  it("lets only the owner change a signed-in list", async () => {
    const ann = await addUser();
    const bob = await addUser();
    const list = (await (await post({ name: "Ann's", recipeIds: [soup] }, ann.token)).json()) as ShoppingList;
    const item = expectDefined(items(list)[0]);
    for (const token of [undefined, bob.token]) {
      const r1 = await del(`/api/shopping-lists/${list.id}/items/${item.id}`, token);
      expect(r1.status).toBe(403);
      expect(((await r1.json()) as { code: string }).code).toBe("forbidden");
      expect((await del(`/api/shopping-lists/${list.id}`, token)).status).toBe(403);
    }
    expect((await del(`/api/shopping-lists/${list.id}/items/${item.id}`, ann.token)).status).toBe(204);
    expect((await del(`/api/shopping-lists/${list.id}`, ann.token)).status).toBe(204);
    expect((await call(`/api/shopping-lists/${list.id}`)).status).toBe(404);
  });

  it("deletes a signed-out list with its items and recipe links", async () => {
    const list = (await (await post({ name: "L", recipeIds: [soup, salad] })).json()) as ShoppingList;
    expect((await del(`/api/shopping-lists/${list.id}`, undefined, list.editToken)).status).toBe(204);
    expect((await call(`/api/shopping-lists/${list.id}`)).status).toBe(404);
    expect(await db.select().from(shoppingListItems).where(eq(shoppingListItems.listId, list.id))).toEqual([]);
    expect(await db.select().from(shoppingListRecipes).where(eq(shoppingListRecipes.listId, list.id))).toEqual([]);
    expect((await del(`/api/shopping-lists/${list.id}`, undefined, list.editToken)).status).toBe(404);
  });

  it("a list link holder can read the list and nothing more (decision 0013)", async () => {
    // The creator (signed out) made two recipes and a list from them.
    const manual = async (title: string) =>
      (await (
        await call("/api/recipes/manual", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ title, ingredients: ["1 onion", "2 carrots"] }),
        })
      ).json()) as { id: string; editToken: string };
    const r1 = await manual("Creator soup");
    const r2 = await manual("Creator stew");
    const list = (await (await post({ name: "Shared", recipeIds: [r1.id, r2.id] })).json()) as ShoppingList;
    expect(list.editToken).toMatch(/^[\w-]{43}$/);

    // Someone gets the link: the list answer names the list, its items and its recipes' ids.
    const read = (await (await call(`/api/shopping-lists/${list.id}`)).json()) as ShoppingList;
    expect(read.name).toBe("Shared");
    expect(read).not.toHaveProperty("editToken");
    const holder = await addUser();
    for (const token of [undefined, holder.token]) {
      const auth: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
      // Reading the recipes is fine...
      for (const r of read.recipes) expect((await call(`/api/recipes/${r.id}`, { headers: auth })).status).toBe(200);
      // ...changing or deleting them is not.
      for (const r of read.recipes) {
        const put = await call(`/api/recipes/${r.id}`, {
          method: "PUT",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ title: "Hijacked", ingredients: ["1 rock"] }),
        });
        expect(put.status).toBe(403);
        expect((await call(`/api/recipes/${r.id}`, { method: "DELETE", headers: auth })).status).toBe(403);
      }
      // Nor the list: no item removal, no delete, with or without an account, or with a recipe's id as token.
      expect((await del(`/api/shopping-lists/${list.id}/items/${expectDefined(items(read)[0]).id}`, token)).status).toBe(403);
      expect((await del(`/api/shopping-lists/${list.id}`, token, r1.id)).status).toBe(403);
      expect((await del(`/api/shopping-lists/${list.id}`, token, r1.editToken)).status).toBe(403);
    }
    const after = (await (await call(`/api/shopping-lists/${list.id}`)).json()) as ShoppingList;
    expect(items(after)).toHaveLength(items(read).length);
    expect(((await (await call(`/api/recipes/${r1.id}`)).json()) as { title: string }).title).toBe("Creator soup");
    // The creator, with the tokens from the create answers, still can.
    expect((await del(`/api/shopping-lists/${list.id}/items/${expectDefined(items(read)[0]).id}`, undefined, list.editToken)).status).toBe(
      204,
    );
    expect((await del(`/api/shopping-lists/${list.id}`, undefined, list.editToken)).status).toBe(204);
  });
});
