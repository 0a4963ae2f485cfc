/**
 * Your store's aisle order (decision 0048): a shopper's stores (GET/POST/PUT/DELETE /api/users/me/stores),
 * a list shown for one of them (PUT /api/shopping-lists/{id}/store: regrouped in its walking order, hidden
 * aisles' items in the nearest aisle, ticks kept), the last used store as the next list's, and a household's
 * stores shared by its members.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { ShoppingList } from "../../core/api/lists.ts";
import type { Store, StoresResponse } from "../../core/api/shop.ts";
import { STORE_AISLES } from "../../core/shopping/store-order.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";
import { addUser, api, apiJson, makeList, manualRecipe, type TestUser } from "../test/signed-in.ts";

const stores = (as: TestUser) => apiJson<StoresResponse>("/api/users/me/stores", { as });
const addStore = (as: TestUser, body: Record<string, unknown>) => apiJson<Store>("/api/users/me/stores", { method: "POST", as, body }, 201);
const readList = (id: string, as: TestUser | null = null) => apiJson<ShoppingList>(`/api/shopping-lists/${id}`, { as });
const chooseStore = (listId: string, storeId: string | null, as: TestUser | null, editToken?: string) =>
  api(`/api/shopping-lists/${listId}/store`, { method: "PUT", as, body: { storeId }, ...(editToken ? { editToken } : {}) });

/** A walking order that starts with these aisles, then the rest in the usual order. */
const startingWith = (...first: string[]) => [...first, ...STORE_AISLES.filter((a) => !first.includes(a))];

const LINES = ["2 onions", "1 l milk", "500 g frozen peas", "1 loaf bread", "100 g tahini"];

describe("a shopper's stores", () => {
  let ann: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    [ann, bob] = await Promise.all([addUser(), addUser()]);
  });

  it("adds a store in the usual order, changes its order and hidden aisles, and deletes it; another user gets 404", async () => {
    expect(await stores(ann)).toEqual({ stores: [], defaultStoreId: null, max: 20 });
    const lidl = await addStore(ann, { name: "  Lidl Hauptstraße " });
    expect(lidl).toMatchObject({ name: "Lidl Hauptstraße", aisles: STORE_AISLES, hidden: [], household: false });
    const order = startingWith("Frozen", "Dairy & Eggs");
    const changed = await apiJson<Store>(`/api/users/me/stores/${lidl.id}`, {
      method: "PUT",
      as: ann,
      body: { name: "Lidl", aisles: order, hidden: ["Beer, Wine & Spirits"] },
    });
    expect(changed).toMatchObject({ name: "Lidl", aisles: order, hidden: ["Beer, Wine & Spirits"] });
    expect((await stores(ann)).stores.map((s) => s.name)).toEqual(["Lidl"]);
    // Bob neither sees nor changes nor deletes it.
    expect((await stores(bob)).stores).toEqual([]);
    const put = await api(`/api/users/me/stores/${lidl.id}`, { method: "PUT", as: bob, body: { name: "Mine", aisles: order, hidden: [] } });
    expect(put.status).toBe(404);
    expect((await api(`/api/users/me/stores/${lidl.id}`, { method: "DELETE", as: bob })).status).toBe(404);
    expect((await api(`/api/users/me/stores/${lidl.id}`, { method: "DELETE", as: ann })).status).toBe(204);
    expect((await stores(ann)).stores).toEqual([]);
  });

  it("refuses a bad store: a blank name, an order that misses or repeats an aisle, an unknown aisle, every aisle hidden", async () => {
    const bad = [
      { name: " " },
      { name: "X", aisles: STORE_AISLES.slice(1) },
      { name: "X", aisles: [...STORE_AISLES.slice(1), "Produce", "Produce"] },
      { name: "X", aisles: [...STORE_AISLES.slice(1), "Other"] },
      { name: "X", hidden: STORE_AISLES },
    ];
    for (const body of bad) {
      const res = await api("/api/users/me/stores", { method: "POST", as: bob, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await api("/api/users/me/stores", { method: "GET" })).status).toBe(401);
  });

  it("keeps at most 20 stores", async () => {
    const cy = await addUser();
    for (let i = 0; i < 20; i++) await addStore(cy, { name: `Store ${i}` });
    const res = await api("/api/users/me/stores", { method: "POST", as: cy, body: { name: "One more" } });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { code: string }).code).toBe("stores_full");
  });
});

describe("a list shown for a store", () => {
  let dee: TestUser;
  let recipeId: string;
  beforeAll(async () => {
    dee = await addUser();
    recipeId = (await manualRecipe("Week", LINES, dee)).id;
  });

  it("regroups in the store's walking order, hidden aisles' items in the nearest aisle, ticks kept; null goes back", async () => {
    const list = await makeList("Groceries", [recipeId], dee);
    const usual = Object.keys((await readList(list.id)).ingredients);
    expect(usual.indexOf("Produce")).toBeLessThan(usual.indexOf("Frozen"));
    // Tick the peas first.
    const peas = expectDefined(
      Object.values(list.ingredients)
        .flat()
        .find((i) => /peas/.test(i.name)),
    );
    await apiJson(`/api/shopping-lists/${list.id}/changes`, {
      method: "POST",
      as: dee,
      body: { changes: [{ op: "tick", itemId: peas.id, checked: true, at: 1 }] },
    });

    const store = await addStore(dee, {
      name: "Corner shop",
      aisles: startingWith("Frozen", "Dairy & Eggs", "Bakery & Bread", "Produce"),
      hidden: ["Bakery & Bread"],
    });
    const res = await chooseStore(list.id, store.id, dee);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { store: { id: string } }).store.id).toBe(store.id);
    const shown = await readList(list.id);
    expect(shown.store?.name).toBe("Corner shop");
    const aisles = Object.keys(shown.ingredients);
    expect(aisles.slice(0, 3)).toEqual(["Frozen", "Dairy & Eggs", "Produce"]);
    expect(aisles).not.toContain("Bakery & Bread");
    // Bread (Bakery, hidden, between Dairy and Produce) is in Produce: the later of two as near.
    expect(shown.ingredients.Produce?.map((i) => i.name)).toEqual(expect.arrayContaining([expect.stringMatching(/bread/)]));
    expect(
      Object.values(shown.ingredients)
        .flat()
        .find((i) => i.id === peas.id)?.checked,
    ).toBe(true);

    // Back to the usual order.
    expect((await chooseStore(list.id, null, dee)).status).toBe(200);
    expect(Object.keys((await readList(list.id)).ingredients)).toEqual(usual);
  });

  it("the last store used is the next list's; deleting the store puts its lists back in the usual order", async () => {
    const first = await makeList("First", [recipeId], dee);
    const store = await addStore(dee, { name: "Aldi", aisles: startingWith("International", "Frozen") });
    await chooseStore(first.id, store.id, dee);
    expect((await stores(dee)).defaultStoreId).toBe(store.id);
    const next = await apiJson<ShoppingList>(
      "/api/shopping-lists",
      { method: "POST", as: dee, body: { name: "Next", recipeIds: [recipeId] } },
      201,
    );
    expect(next.store?.id).toBe(store.id);
    expect(Object.keys(next.ingredients).slice(0, 2)).toEqual(["International", "Frozen"]);
    expect(Object.keys((await readList(next.id)).ingredients).slice(0, 2)).toEqual(["International", "Frozen"]);
    await api(`/api/users/me/stores/${store.id}`, { method: "DELETE", as: dee });
    const after = await readList(next.id);
    expect(after.store).toBeNull();
    expect(Object.keys(after.ingredients)[0]).toBe("Produce");
  });

  it("needs the right to change the list and a store of one's own", async () => {
    const list = await makeList("Dee's", [recipeId], dee);
    const mine = await addStore(dee, { name: "Mine" });
    const eve = await addUser();
    const hers = await addStore(eve, { name: "Eve's" });
    expect((await chooseStore(list.id, mine.id, eve)).status).toBe(403);
    expect((await chooseStore(list.id, mine.id, null)).status).toBe(403);
    // Her own list with Dee's store: 404 (she does not use it).
    const evesRecipe = await manualRecipe("Eve", ["1 egg"], eve);
    const evesList = await makeList("Eve's list", [evesRecipe.id], eve);
    expect((await chooseStore(evesList.id, mine.id, eve)).status).toBe(404);
    expect((await chooseStore(evesList.id, hers.id, eve)).status).toBe(200);
    // A list made signed out: its edit token, and only the usual order (no stores signed out).
    const visitorRecipe = await manualRecipe("Visitor", ["1 egg"]);
    const visitorList = await makeList("Visitor list", [visitorRecipe.id], null);
    expect((await chooseStore(visitorList.id, null, null, visitorList.editToken)).status).toBe(200);
    expect((await chooseStore(visitorList.id, mine.id, null, visitorList.editToken)).status).toBe(404);
  });
});

describe("a household's stores", () => {
  it("are every member's: seen, used on the household's list and changed by each", async () => {
    const [fay, gus] = await Promise.all([addUser(), addUser()]);
    await apiJson("/api/household", { method: "POST", as: fay, body: { name: "Flat" } }, 201);
    const invite = await apiJson<{ link: string }>("/api/household/invites", { method: "POST", as: fay, body: {} }, 201);
    const token = expectDefined(invite.link.split("/invite/")[1]);
    await apiJson("/api/household/invites/accept", { method: "POST", as: gus, body: { token } });
    const store = await addStore(fay, { name: "Trader Joe's on 3rd", aisles: startingWith("Frozen") });
    expect(store.household).toBe(true);
    expect((await stores(gus)).stores.map((s) => [s.name, s.household])).toEqual([["Trader Joe's on 3rd", true]]);

    const recipe = await manualRecipe("Shared", LINES, fay);
    const list = await makeList("Flat list", [recipe.id], fay);
    await apiJson(`/api/shopping-lists/${list.id}/household`, { method: "PUT", as: fay, body: { household: true } });
    expect((await chooseStore(list.id, store.id, gus)).status).toBe(200);
    expect(Object.keys((await readList(list.id, fay)).ingredients)[0]).toBe("Frozen");
    const changed = await apiJson<Store>(`/api/users/me/stores/${store.id}`, {
      method: "PUT",
      as: gus,
      body: { name: store.name, aisles: startingWith("Dairy & Eggs"), hidden: [] },
    });
    expect(changed.aisles[0]).toBe("Dairy & Eggs");
    expect(Object.keys((await readList(list.id, fay)).ingredients)[0]).toBe("Dairy & Eggs");
  });
});
