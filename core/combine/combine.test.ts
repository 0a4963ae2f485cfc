import { describe, expect, it } from "vitest";
import type { ParsedIngredient } from "../ingredient/types.ts";
import { combineRecipes, lineAmounts } from "./combine.ts";
import { CombinedListSchema } from "./schema.ts";
import { expectDefined } from "../lib/expect-defined.ts";

function parsed(over: Partial<ParsedIngredient>): ParsedIngredient {
  return {
    input: "",
    quantity: null,
    quantityMax: null,
    unit: null,
    amounts: [],
    size: null,
    name: null,
    preparation: null,
    comment: null,
    optional: false,
    alternatives: [],
    isHeader: false,
    ...over,
  };
}

describe("combineRecipes", () => {
  it("returns a list that matches the zod schema, with sources and ids", () => {
    const list = combineRecipes([
      { id: "r1", title: "Soup", lines: ["2 onions", "For the top:", "salt to taste", "???"] },
      { title: "Stew", lines: ["1 onion", "1 cup stock"] },
    ]);
    expect(() => CombinedListSchema.parse(list)).not.toThrow();
    const onion = expectDefined(list.categories.flatMap((c) => c.items).find((i) => i.key === "onion"));
    expect(onion.sources).toEqual([
      { recipe: "Soup", recipeId: "r1", line: "2 onions" },
      { recipe: "Stew", line: "1 onion" },
    ]);
    expect(list.skipped.map((s) => s.reason)).toContain("header");
  });

  it("uses an injected parser", () => {
    const list = combineRecipes([{ title: "T", lines: ["anything"] }], {
      parse: (line) => parsed({ input: line, name: "kale", amounts: [{ quantity: 2, quantityMax: null, unit: "bunch", text: "2 bunch" }] }),
    });
    expect(expectDefined(list.categories[0]).items[0]).toMatchObject({ key: "kale", text: "2 bunches", category: "Produce" });
  });

  it("returns an empty list for no recipes", () => {
    expect(combineRecipes([])).toEqual({ categories: [], skipped: [] });
  });
});

describe("lineAmounts", () => {
  const amt = (quantity: number | null, unit: string | null, text: string, quantityMax: number | null = null) => ({
    quantity,
    quantityMax,
    unit,
    text,
  });

  it("takes the upper end of a range", () => {
    expect(lineAmounts(parsed({ input: "2-3 tbsp oil", amounts: [amt(2, "tbsp", "2-3 tbsp", 3)] }))).toEqual([
      { quantity: 3, unit: "tbsp" },
    ]);
  });

  it("adds a compound amount but not an alternative", () => {
    expect(lineAmounts(parsed({ input: "1 lb 8 oz beef", amounts: [amt(1, "lb", "1 lb"), amt(8, "oz", "8 oz")] }))).toEqual([
      { quantity: 1.5, unit: "lb" },
    ]);
    expect(
      lineAmounts(parsed({ input: "2 cups (16 fl oz) milk", amounts: [amt(2, "cup", "2 cups"), amt(16, "fl oz", "16 fl oz")] })),
    ).toEqual([{ quantity: 2, unit: "cup" }]);
    expect(lineAmounts(parsed({ input: "150g/5oz sugar", amounts: [amt(150, "g", "150 g"), amt(5, "oz", "5 oz")] }))).toEqual([
      { quantity: 150, unit: "g" },
    ]);
  });

  it("multiplies containers by their size", () => {
    expect(lineAmounts(parsed({ input: "2 x 400g tins tomatoes", amounts: [amt(2, "tin", "2 tins"), amt(400, "g", "400 g")] }))).toEqual([
      { quantity: 800, unit: "g" },
    ]);
    expect(lineAmounts(parsed({ input: "2 (14-ounce) cans beans", amounts: [amt(2, null, "2")] }), "can")).toEqual([
      { quantity: 28, unit: "oz" },
    ]);
  });

  it("gives nothing for a line without amounts", () => {
    expect(lineAmounts(parsed({ input: "salt" }))).toEqual([]);
    expect(lineAmounts(parsed({ input: "a pinch of salt" }), "pinch", 1)).toEqual([{ quantity: 1, unit: "pinch" }]);
  });
});
