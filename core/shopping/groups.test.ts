import { describe, expect, it } from "vitest";
import { CART_GROUP, type Groupable, listGroups, STAPLES_GROUP } from "./groups.ts";

type Item = { name: string } & Groupable;

describe("listGroups", () => {
  const ingredients: Record<string, Item[]> = {
    Produce: [
      { name: "onion", staple: false },
      { name: "lemon", checked: true },
    ],
    "Pantry & Dry Goods": [{ name: "sugar", staple: true }],
    "Spices & Seasonings": [{ name: "salt", staple: true }, { name: "pepper", staple: true, checked: true }, { name: "cumin" }],
    Frozen: [],
  };

  it("puts the aisles first (store order, what is still to buy), then 'You probably have', then 'In the cart'", () => {
    const groups = listGroups(ingredients);
    expect(groups.map((g) => [g.kind, g.title, g.items.map((i) => i.name)])).toEqual([
      ["aisle", "Produce", ["onion"]],
      ["aisle", "Spices & Seasonings", ["cumin"]],
      ["staples", STAPLES_GROUP, ["sugar", "salt"]],
      ["cart", CART_GROUP, ["lemon", "pepper"]],
    ]);
  });

  it("keeps each item's aisle and leaves out empty groups", () => {
    const staples = listGroups(ingredients).find((g) => g.kind === "staples");
    expect(staples?.items.map((i) => i.category)).toEqual(["Pantry & Dry Goods", "Spices & Seasonings"]);
    expect(listGroups<Item>({ Frozen: [] })).toEqual([]);
    expect(listGroups<Item>({ Produce: [{ name: "kale" }] }).map((g) => g.kind)).toEqual(["aisle"]);
  });
});
