import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { FavoriteListsResponse, FavoriteRecipesResponse, FavoriteState, HistoryResponse } from "../../../../core/api/favorites.ts";
import { favoriteRecipes, recipes } from "../../../../worker/db/schema.ts";
import { addUser, api, apiJson, db, makeList, manualRecipe, type TestUser } from "../../../../worker/test/signed-in.ts";
import { expectDefined } from "../../../../core/lib/expect-defined.ts";

const favRecipes = (as: TestUser) => apiJson<FavoriteRecipesResponse>("/api/users/me/favorites/recipes", { as });
const favLists = (as: TestUser) => apiJson<FavoriteListsResponse>("/api/users/me/favorites/lists", { as });
const history = (as: TestUser, query = "") => apiJson<HistoryResponse>(`/api/users/me/shopping-lists${query}`, { as });

describe("recipe favourites", () => {
  it("are idempotent both ways and list the recipe with its lines", async () => {
    const ann = await addUser();
    const r = await manualRecipe("Tomato Soup", ["4 tomatoes", "1 onion", "  "], ann);
    for (let i = 0; i < 2; i++) {
      expect(await apiJson<FavoriteState>(`/api/recipes/${r.id}/favorite`, { method: "POST", as: ann })).toEqual({
        id: r.id,
        favorite: true,
      });
    }
    const [n] = await db.select({ n: count() }).from(favoriteRecipes).where(eq(favoriteRecipes.userId, ann.id));
    expect(expectDefined(n).n).toBe(1);
    const { recipes: favs } = await favRecipes(ann);
    expect(favs).toHaveLength(1);
    expect(favs[0]).toMatchObject({
      id: r.id,
      title: "Tomato Soup",
      url: null,
      source: "manually added",
      ingredients: ["4 tomatoes", "1 onion"],
      ingredientCount: 2,
      copiedFromId: null,
    });
    expect(Date.parse(expectDefined(favs[0]).favoritedAt)).toBeGreaterThan(0);
    for (let i = 0; i < 2; i++) {
      expect(await apiJson<FavoriteState>(`/api/recipes/${r.id}/favorite`, { method: "DELETE", as: ann })).toEqual({
        id: r.id,
        favorite: false,
      });
    }
    expect((await favRecipes(ann)).recipes).toEqual([]);
  });

  it("lists newest favourite first", async () => {
    const ann = await addUser();
    const a = await manualRecipe("A", ["1 egg"], ann);
    const b = await manualRecipe("B", ["1 egg"], ann);
    await api(`/api/recipes/${a.id}/favorite`, { method: "POST", as: ann });
    await api(`/api/recipes/${b.id}/favorite`, { method: "POST", as: ann });
    expect((await favRecipes(ann)).recipes.map((r) => r.title)).toEqual(["B", "A"]);
  });

  it("is a 404 for a recipe the caller may not read, or none at all", async () => {
    const ann = await addUser();
    const bob = await addUser();
    const r = await manualRecipe("Ann's", ["1 egg"], ann);
    for (const method of ["POST", "DELETE"]) {
      const res = await api(`/api/recipes/${r.id}/favorite`, { method, as: bob });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe("recipe_not_found");
      expect((await api(`/api/recipes/AAAAAAAAAAAAAAAAAAAAAA/favorite`, { method, as: bob })).status).toBe(404);
      expect((await api(`/api/recipes/bad!id/favorite`, { method, as: bob })).status).toBe(404);
    }
    expect((await favRecipes(bob)).recipes).toEqual([]);
  });

  it("claims a visitor's recipe shown with its edit token: it becomes the user's", async () => {
    const ann = await addUser();
    const r = await manualRecipe("Visitor stew", ["2 carrots"]);
    expect(r.editToken).toBeTruthy();
    const state = await apiJson<FavoriteState>(`/api/recipes/${r.id}/favorite`, { method: "POST", as: ann, editToken: r.editToken });
    expect(state).toEqual({ id: r.id, favorite: true });
    const [row] = await db.select().from(recipes).where(eq(recipes.id, r.id));
    expect(row).toMatchObject({ userId: ann.id, editTokenHash: null });
    // The old token no longer deletes it.
    expect((await api(`/api/recipes/${r.id}`, { method: "DELETE", editToken: r.editToken })).status).toBe(403);
  });

  it("keeps a copy of a visitor's recipe favourited without its token, once, and it outlives the original", async () => {
    const ann = await addUser();
    const r = await manualRecipe("Shared pie", ["1 pie crust", "3 apples"]);
    const first = await apiJson<FavoriteState>(`/api/recipes/${r.id}/favorite`, { method: "POST", as: ann });
    expect(first.favorite).toBe(true);
    expect(first.id).not.toBe(r.id);
    const again = await apiJson<FavoriteState>(`/api/recipes/${r.id}/favorite`, { method: "POST", as: ann });
    expect(again).toEqual(first);
    // The visitor still owns the original and deletes it: the user's favourite stays.
    expect((await api(`/api/recipes/${r.id}`, { method: "DELETE", editToken: r.editToken })).status).toBe(204);
    const { recipes: favs } = await favRecipes(ann);
    expect(favs.map((f) => [f.id, f.title, f.copiedFromId])).toEqual([[first.id, "Shared pie", r.id]]);
    const [copy] = await db
      .select()
      .from(recipes)
      .where(and(eq(recipes.id, first.id), eq(recipes.userId, ann.id)));
    expect(copy?.ingredients.map((i) => i.text)).toEqual(["1 pie crust", "3 apples"]);
  });

  it("answer the page's yield as written, kept by a copy too (decision 0030); null for a recipe typed by hand", async () => {
    const ann = await addUser();
    const page = (name: string, recipeYield: string) =>
      `<html><head><title>${name}</title><script type="application/ld+json">${JSON.stringify({
        "@context": "https://schema.org",
        "@type": "Recipe",
        name,
        recipeYield,
        recipeIngredient: ["3 apples", "1 pie crust"],
      })}</script></head><body><h1>${name}</h1></body></html>`;
    const parse = (name: string, recipeYield: string, as: TestUser | null) =>
      apiJson<{ id: string; yields?: string | null }>(
        "/api/recipes/parse",
        { method: "POST", as, body: { url: `https://example.com/${encodeURIComponent(name)}`, html: page(name, recipeYield) } },
        201,
      );
    const own = await parse("Apple Pie", "Serves 4", ann);
    const visitors = await parse("Visitor Pie", "Makes 12 tarts", null);
    const typed = await manualRecipe("Typed Pie", ["3 apples"], ann);
    for (const id of [own.id, visitors.id, typed.id]) await api(`/api/recipes/${id}/favorite`, { method: "POST", as: ann });
    const { recipes: favs } = await favRecipes(ann);
    expect(favs.map((f) => [f.title, f.yields])).toEqual([
      ["Typed Pie", null],
      ["Visitor Pie", "Makes 12 tarts"],
      ["Apple Pie", "Serves 4"],
    ]);
    // The visitor's recipe is the user's own copy, which kept the yield.
    expect(favs[1]?.copiedFromId).toBe(visitors.id);
  });

  it("removing by the original's id drops the favourite of the copy", async () => {
    const ann = await addUser();
    const r = await manualRecipe("Shared salad", ["1 lettuce"]);
    await api(`/api/recipes/${r.id}/favorite`, { method: "POST", as: ann });
    expect((await favRecipes(ann)).recipes).toHaveLength(1);
    await apiJson(`/api/recipes/${r.id}/favorite`, { method: "DELETE", as: ann });
    expect((await favRecipes(ann)).recipes).toEqual([]);
  });
});

describe("list favourites", () => {
  it("are idempotent, show the list card, and 404 for an unknown list", async () => {
    const ann = await addUser();
    const a = await manualRecipe("Soup", ["2 onions", "1 l stock"], ann);
    const b = await manualRecipe("Salad", ["1 lettuce", "1 onion"], ann);
    const list = await makeList("Week 1", [a.id, b.id], ann);
    for (let i = 0; i < 2; i++) {
      expect(await apiJson(`/api/shopping-lists/${list.id}/favorite`, { method: "POST", as: ann })).toEqual({
        id: list.id,
        favorite: true,
      });
    }
    const { lists } = await favLists(ann);
    expect(lists).toHaveLength(1);
    const items = Object.values(list.ingredients).flat();
    expect(lists[0]).toMatchObject({
      id: list.id,
      name: "Week 1",
      recipes: [
        { id: a.id, title: "Soup" },
        { id: b.id, title: "Salad" },
      ],
      recipeCount: 2,
      categoryCount: Object.keys(list.ingredients).length,
      itemCount: items.length,
      isFavorite: true,
    });
    for (let i = 0; i < 2; i++) {
      expect(await apiJson(`/api/shopping-lists/${list.id}/favorite`, { method: "DELETE", as: ann })).toEqual({
        id: list.id,
        favorite: false,
      });
    }
    expect((await favLists(ann)).lists).toEqual([]);
    expect((await api("/api/shopping-lists/AAAAAAAAAAAAAAAAAAAAAA/favorite", { method: "POST", as: ann })).status).toBe(404);
  });
});

describe("GET /api/users/me/shopping-lists", () => {
  let ann: TestUser;
  let bob: TestUser;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    ann = await addUser();
    bob = await addUser();
    const brulee = await manualRecipe("Crème Brûlée", ["4 egg yolks", "500 ml heavy cream", "100 g sugar"], ann);
    const chili = await manualRecipe("Chili", ["2 Jalapeños", "500 g ground beef", "1 can kidney beans"], ann);
    const bread = await manualRecipe("Bread", ["500 g flour", "7 g yeast"], ann);
    ids.dessert = (await makeList("Dinner Party", [brulee.id], ann)).id;
    ids.spicy = (await makeList("Game night", [chili.id], ann)).id;
    ids.bakery = (await makeList("Weekend BAKING", [bread.id], ann)).id;
    const bobs = await manualRecipe("Bob's Crème", ["1 l cream"], bob);
    ids.bob = (await makeList("Bob's dinner party", [bobs.id], bob)).id;
  });

  it("answers the caller's lists newest first, limited", async () => {
    const all = await history(ann);
    expect(all.search).toBeNull();
    expect(all.lists.map((l) => l.id)).toEqual([ids.bakery, ids.spicy, ids.dessert]);
    expect(all.lists[0]).toMatchObject({ name: "Weekend BAKING", recipeCount: 1, isFavorite: false });
    expect((await history(ann, "?limit=2")).lists.map((l) => l.id)).toEqual([ids.bakery, ids.spicy]);
  });

  it("finds lists by list name, ingredient and recipe title, ignoring case and accents, only the caller's", async () => {
    const found = async (search: string) => (await history(ann, `?search=${encodeURIComponent(search)}`)).lists.map((l) => l.id);
    expect(await found("dinner party")).toEqual([ids.dessert]);
    expect(await found("baking")).toEqual([ids.bakery]);
    expect(await found("JALAPENO")).toEqual([ids.spicy]);
    expect(await found("jalapeño")).toEqual([ids.spicy]);
    expect(await found("creme brulee")).toEqual([ids.dessert]);
    expect(await found("CRÈME")).toEqual([ids.dessert]);
    expect(await found("yeas")).toEqual([ids.bakery]);
    expect(await found("beef beans")).toEqual([ids.spicy]);
    expect(await found("beef flour")).toEqual([]);
    expect(await found('"a" OR * NEAR(')).toEqual([]);
    expect(await found("!!!")).toEqual([]);
    const res = await history(ann, "?search=%20%20cream%20&limit=5");
    expect(res.search).toBe("cream");
    expect(res.lists.map((l) => l.id)).toEqual([ids.dessert]);
  });

  it("keeps the search in step with item removal, favourites, claims and deletion", async () => {
    const carol = await addUser();
    const r = await manualRecipe("Pancakes", ["200 g flour", "2 eggs", "300 ml buttermilk"]);
    const visitorList = await makeList("Brunch", [r.id]);
    // Claimed on sign-in: now Carol's, and found in her history.
    await apiJson("/api/users/me/claim", {
      method: "POST",
      as: carol,
      body: { lists: [{ id: visitorList.id, editToken: visitorList.editToken }] },
    });
    const search = async (q: string) => (await history(carol, `?search=${q}`)).lists;
    expect((await search("buttermilk")).map((l) => l.id)).toEqual([visitorList.id]);
    const butter = expectDefined(
      Object.values(visitorList.ingredients)
        .flat()
        .find((i) => /buttermilk/i.test(i.name)),
    );
    expect((await api(`/api/shopping-lists/${visitorList.id}/items/${butter.id}`, { method: "DELETE", as: carol })).status).toBe(204);
    expect(await search("buttermilk")).toEqual([]);
    expect((await search("pancakes")).map((l) => l.id)).toEqual([visitorList.id]);
    // Items added or renamed in shopping mode are found under their new names only.
    const added = "AAAAAAAAAAAAAAAAaddedA";
    const eggs = expectDefined(
      Object.values(visitorList.ingredients)
        .flat()
        .find((i) => /egg/i.test(i.name)),
    );
    const changes = [
      { op: "add", itemId: added, text: "2 limes", at: Date.now() },
      { op: "edit", itemId: eggs.id, name: "Quail eggs", amount: "12" },
    ];
    expect((await api(`/api/shopping-lists/${visitorList.id}/changes`, { method: "POST", as: carol, body: { changes } })).status).toBe(200);
    expect((await search("lime")).map((l) => l.id)).toEqual([visitorList.id]);
    expect((await search("quail")).map((l) => l.id)).toEqual([visitorList.id]);
    await api(`/api/shopping-lists/${visitorList.id}/favorite`, { method: "POST", as: carol });
    expect(expectDefined((await search("pancakes"))[0]).isFavorite).toBe(true);
    expect((await api(`/api/shopping-lists/${visitorList.id}`, { method: "DELETE", as: carol })).status).toBe(204);
    expect(await search("pancakes")).toEqual([]);
    const [left] = await db.$client
      .prepare("select count(*) as n from shopping_list_search where list_id = ?1")
      .bind(visitorList.id)
      .all<{ n: number }>()
      .then((r) => r.results);
    expect(expectDefined(left).n).toBe(0);
  });

  it("refuses a limit out of bounds and an overlong search", async () => {
    for (const q of ["?limit=0", "?limit=51", "?limit=abc", "?limit=2.5", `?search=${"x".repeat(101)}`]) {
      const res = await api(`/api/users/me/shopping-lists${q}`, { as: ann });
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("invalid_query");
    }
    expect((await history(ann, "?limit=50")).lists).toHaveLength(3);
  });
});
