import { describe, expect, it } from "vitest";
import type { ShoppingList } from "../../core/api/lists.ts";
import type { ListChange } from "../../core/api/shopping.ts";
import { applyPending, compactQueue, PENDING_CATEGORY, unitsFromCookie } from "./shopping-state.ts";
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
  it("shows queued ticks merged by tap time without changing the server copy", () => {
    const shown = applyPending(LIST, [
      { op: "tick", itemId: "onion", checked: true, at: 50 },
      { op: "tick", itemId: "milk", checked: false, at: 90 },
    ]);
    expect(item(shown, "onion")).toMatchObject({ checked: true, checkedAt: 50 });
    // the server's later tick of the milk stands
    expect(item(shown, "milk")).toMatchObject({ checked: true, checkedAt: 100 });
    expect(expectDefined(item(LIST, "onion")).checked).toBe(false);
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
  it("keeps only the latest tick per item and every other change in order", () => {
    const q: ListChange[] = [
      { op: "tick", itemId: "a", checked: true, at: 1 },
      { op: "add", itemId: "n", text: "x", at: 2 },
      { op: "tick", itemId: "a", checked: false, at: 3 },
      { op: "tick", itemId: "b", checked: true, at: 4 },
    ];
    expect(compactQueue(q)).toEqual([q[1], q[2], q[3]]);
  });
});

describe("unitsFromCookie", () => {
  it("reads rc_units", () => {
    expect(unitsFromCookie("x=1; rc_units=us")).toBe("us");
    expect(unitsFromCookie(null)).toBeNull();
    expect(unitsFromCookie("other=1")).toBeNull();
  });
});
