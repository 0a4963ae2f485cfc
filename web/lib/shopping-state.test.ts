import { describe, expect, it } from "vitest";
import type { ShoppingList } from "../../core/api/lists.ts";
import type { ListChange } from "../../core/api/shopping.ts";
import type { ListPatch } from "../../core/api/live.ts";
import { applyPatch, applyPending, compactQueue, followAliases, PENDING_CATEGORY, unitsFromCookie } from "./shopping-state.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";

const LIST: ShoppingList = {
  id: "L",
  name: "List",
  createdAt: "2026-11-25T10:00:00.000Z",
  recipes: [],
  ingredients: {
    Produce: [{ id: "onion", name: "onions", amount: "2", recipes: [], checked: false, checkedAt: 0 }],
    "Dairy & Eggs": [{ id: "milk", name: "milk", amount: "1 cup", recipes: [], checked: true, checkedAt: 100 }],
  },
};

const item = (list: ShoppingList, id: string) =>
  Object.values(list.ingredients)
    .flat()
    .find((i) => i.id === id);

describe("applyPending", () => {
  it("shows queued ticks and removals over the server copy (they are applied after it), without changing it", () => {
    const shown = applyPending(LIST, [
      { op: "tick", itemId: "onion", checked: true, at: 50 },
      { op: "tick", itemId: "milk", checked: false, at: 90 },
    ]);
    expect(item(shown, "onion")).toMatchObject({ checked: true, checkedAt: 50 });
    // The server's order decides (decision 0037): the waiting untick reaches it after its tick.
    expect(item(shown, "milk")).toMatchObject({ checked: false, checkedAt: 90 });
    expect(expectDefined(item(LIST, "onion")).checked).toBe(false);
    const removed = applyPending(LIST, [{ op: "remove", itemId: "milk" }]);
    expect(item(removed, "milk")).toBeUndefined();
    expect(Object.keys(removed.ingredients)).toEqual(["Produce"]);
  });

  it("puts typed items first under 'Just added', edits, moves into store-walk order and staples", () => {
    const shown = applyPending(LIST, [
      { op: "add", itemId: "new1", text: "2 lemons", at: 1 },
      { op: "add", itemId: "new1", text: "2 lemons", at: 1 },
      { op: "edit", itemId: "onion", name: "red onions", amount: "3" },
      { op: "move", itemId: "milk", category: "Bakery & Bread" },
      { op: "staple", itemId: "onion", staple: true },
    ]);
    expect(Object.keys(shown.ingredients)).toEqual([PENDING_CATEGORY, "Produce", "Bakery & Bread"]);
    expect(shown.ingredients[PENDING_CATEGORY]).toEqual([
      expect.objectContaining({ id: "new1", name: "2 lemons", addedByHand: true, checked: false }),
    ]);
    expect(item(shown, "onion")).toMatchObject({ name: "red onions", amount: "3", staple: true });
    expect(shown.ingredients["Dairy & Eggs"]).toBeUndefined();
  });

  it("merges a viewer's own ticks", () => {
    const shown = applyPending(LIST, [], new Map([["onion", { checked: true, at: 5 }]]));
    expect(expectDefined(item(shown, "onion")).checked).toBe(true);
  });
});

describe("compactQueue", () => {
  it("keeps only the last tick per item and every other change in order", () => {
    const q: ListChange[] = [
      { op: "tick", itemId: "a", checked: true, at: 1 },
      { op: "add", itemId: "n", text: "x", at: 2 },
      { op: "tick", itemId: "a", checked: false, at: 3 },
      { op: "tick", itemId: "b", checked: true, at: 4 },
      // A clock set back: the later tap in the queue still wins.
      { op: "tick", itemId: "b", checked: false, at: 1 },
    ];
    expect(compactQueue(q)).toEqual([q[1], q[2], q[4]]);
  });
});

describe("applyPatch and followAliases (the live channel, decision 0037)", () => {
  const patch = (p: Partial<ListPatch>): ListPatch => ({ version: 7, items: [], removed: [], aliases: [], done: [], missing: [], ...p });

  it("changes only the fields a patch names, adds new items to their aisle in store-walk order, removes items", () => {
    const next = applyPatch(
      LIST,
      patch({
        items: [
          { id: "onion", checked: true, checkedAt: 5 },
          { id: "milk", category: "Bakery & Bread" },
          { id: "new", category: "Produce", name: "lemons", amount: "2", recipes: [], checked: false, checkedAt: 0, addedByHand: true },
          // Unknown without a category: a field patch of an item this page has not got (ignored; a sync follows).
          { id: "ghost", checked: true },
        ],
        removed: [],
      }),
    );
    expect(next.version).toBe(7);
    expect(item(next, "onion")).toMatchObject({ name: "onions", amount: "2", checked: true, checkedAt: 5 });
    expect(Object.keys(next.ingredients)).toEqual(["Produce", "Bakery & Bread"]);
    expect(next.ingredients.Produce?.map((i) => i.id)).toEqual(["onion", "new"]);
    expect(item(next, "milk")).toMatchObject({ name: "milk", checked: true });
    expect(item(next, "ghost")).toBeUndefined();
    const gone = applyPatch(next, patch({ version: 8, removed: ["onion", "new"] }));
    expect(Object.keys(gone.ingredients)).toEqual(["Bakery & Bread"]);
    expect(expectDefined(item(LIST, "onion")).checked).toBe(false);
  });

  it("a recipe added (new amounts, the list's recipes) and a rename change the list's own fields; others keep theirs", () => {
    const withRecipe = applyPatch(
      LIST,
      patch({ items: [{ id: "onion", amount: "3", recipes: ["Soup", "Salsa"] }], recipes: [{ id: "r9", title: "Salsa" }] }),
    );
    expect(item(withRecipe, "onion")).toMatchObject({ amount: "3", recipes: ["Soup", "Salsa"] });
    expect(withRecipe.recipes).toEqual([{ id: "r9", title: "Salsa" }]);
    expect(withRecipe.name).toBe(LIST.name);
    const renamed = applyPatch(withRecipe, patch({ version: 8, name: "Sunday market" }));
    expect(renamed).toMatchObject({ name: "Sunday market", version: 8, recipes: [{ id: "r9", title: "Salsa" }] });
  });

  it("points waiting changes of an added item that joined another at that item", () => {
    const q: ListChange[] = [
      { op: "add", itemId: "b1", text: "milk", at: 1 },
      { op: "tick", itemId: "b1", checked: true, at: 2 },
      { op: "tick", itemId: "x", checked: true, at: 3 },
    ];
    expect(followAliases(q, [["b1", "a1"]])).toEqual([q[0], { ...q[1], itemId: "a1" }, q[2]]);
  });
});

describe("unitsFromCookie", () => {
  it("reads rc_units", () => {
    expect(unitsFromCookie("x=1; rc_units=us")).toBe("us");
    expect(unitsFromCookie(null)).toBeNull();
    expect(unitsFromCookie("other=1")).toBeNull();
  });
});

describe("a list shown for a store (decision 0048)", () => {
  // Dairy first, Produce last; this store has no Bakery (its items go to the nearest aisle it has).
  const store = {
    id: "S",
    name: "Corner shop",
    aisles: ["Dairy & Eggs", "Frozen", "Bakery & Bread", "Produce"],
    hidden: ["Bakery & Bread"],
  };
  const shown: ShoppingList = {
    ...LIST,
    store,
    ingredients: { "Dairy & Eggs": LIST.ingredients["Dairy & Eggs"] ?? [], Produce: LIST.ingredients.Produce ?? [] },
  };
  const patch = (p: Partial<ListPatch>): ListPatch => ({ version: 7, items: [], removed: [], aliases: [], done: [], missing: [], ...p });

  it("keeps the store's walking order when waiting changes are applied, and a move to a hidden aisle lands in the nearest one", () => {
    const after = applyPending(shown, [
      { op: "tick", itemId: "onion", checked: true, at: 50 },
      { op: "move", itemId: "milk", category: "Bakery & Bread" },
      { op: "add", itemId: "new", text: "2 lemons", at: 60 },
    ]);
    // Bakery is between Frozen and Produce in this store; it has no Bakery: the next aisle, Produce.
    expect(Object.keys(after.ingredients)).toEqual([PENDING_CATEGORY, "Produce"]);
    expect(after.ingredients.Produce?.map((i) => i.id)).toEqual(["onion", "milk"]);
    expect(item(after, "onion")).toMatchObject({ checked: true, checkedAt: 50 });
  });

  it("keeps the store's order for a live patch (the usual order would put Produce first)", () => {
    const after = applyPatch(shown, patch({ items: [{ id: "ice", category: "Frozen", name: "ice cream", amount: "", recipes: [] }] }));
    expect(Object.keys(after.ingredients)).toEqual(["Dairy & Eggs", "Frozen", "Produce"]);
    const none = applyPatch(
      { ...shown, store: null },
      patch({ items: [{ id: "ice", category: "Frozen", name: "ice cream", amount: "", recipes: [] }] }),
    );
    expect(Object.keys(none.ingredients)).toEqual(["Produce", "Dairy & Eggs", "Frozen"]);
  });
});
