/**
 * Amounts on a combined list read as a cook writes them (decision 0007): whole items round up when a
 * recipe is scaled, totals round to a sensible measure, solids are weighed in metric, and no total is
 * shown more than 2% below what the recipes need.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expectDefined } from "../lib/expect-defined.ts";
import { canonicalUnit } from "../units/aliases.ts";
import { toBase } from "../units/measures.ts";
import { type CombinedList, combineRecipes, type RecipeInput } from "./combine.ts";
import { FLOOR } from "./format-amount.ts";
import { amountInUnits } from "./unit-choice.ts";

function item(list: CombinedList, key: string) {
  return expectDefined(
    list.categories.flatMap((c) => c.items).find((i) => i.key === key),
    key,
  );
}
const one = (lines: string[], opts: { scale?: number; units?: "metric" | "us" } = {}) =>
  combineRecipes([{ title: "A", lines, scale: opts.scale }], { units: opts.units });

describe("scaling never asks for half an egg", () => {
  it("rounds whole-item counts up", () => {
    expect(item(one(["3 eggs"], { scale: 0.5 }), "egg")).toMatchObject({ text: "2", name: "eggs" });
    expect(item(one(["1 egg"], { scale: 0.5 }), "egg")).toMatchObject({ text: "1", name: "egg" });
    expect(item(one(["2 large eggs"], { scale: 1.25 }), "egg").text).toBe("3");
    expect(item(one(["3 cloves garlic"], { scale: 0.5 }), "garlic").text).toBe("2 cloves");
    expect(item(one(["1 (14 oz) can diced tomatoes", "1 can coconut milk"], { scale: 0.5 }), "coconut milk").text).toBe("1 can");
  });

  it("keeps a count that was whole", () => {
    expect(item(one(["4 eggs"], { scale: 0.5 }), "egg").text).toBe("2");
  });
});

describe("a sensible measure", () => {
  it("never shows '3 tbsp + 2 1/4 tsp butter'", () => {
    expect(
      item(
        combineRecipes([
          { title: "A", lines: ["3 tbsp butter"] },
          { title: "B", lines: ["2 1/4 tsp butter"] },
        ]),
        "butter",
      ).text,
    ).toBe("1/4 cup");
    expect(item(one(["3 tbsp butter"], { scale: 1.25 }), "butter").text).toBe("1/4 cup");
  });
});

describe("solids in grams in metric", () => {
  it("'70 g butter', not '74 ml'; sugar and flour too; milk keeps ml", () => {
    expect(item(one(["5 tbsp butter"], { units: "metric" }), "butter").text).toBe("70 g");
    expect(item(one(["1 cup sugar"], { units: "metric" }), "granulated sugar").text).toBe("200 g");
    expect(item(one(["2 cups flour"], { units: "metric" }), "all purpose flour").text).toBe("250 g");
    expect(item(one(["1 cup milk"], { units: "metric" }), "milk").text).toBe("235 ml");
  });

  it("a stored amount re-shown in metric weighs the solid too", () => {
    expect(amountInUnits("5 tbsp", [{ quantity: 5, unit: "tbsp" }], "metric", { key: "butter" })).toBe("70 g");
    expect(amountInUnits("2 cups", [{ quantity: 2, unit: "cup" }], "metric", { key: "all purpose flour" })).toBe("250 g");
    expect(amountInUnits("2 cups", [{ quantity: 2, unit: "cup" }], "metric", { key: "milk" })).toBe("475 ml");
  });

  it("flour entered as 250 g stays in grams (alone, scaled, or joined with cups from another recipe)", () => {
    expect(item(one(["250 g flour"]), "all purpose flour").text).toBe("250 g");
    expect(item(one(["250 g flour"], { scale: 1.5 }), "all purpose flour").text).toBe("375 g");
    const joined = combineRecipes([
      { title: "A", lines: ["250 g flour"] },
      { title: "B", lines: ["2 cups flour"] },
    ]);
    expect(item(joined, "all purpose flour").text).toBe("500 g");
  });
});

describe("a total is never rounded down by more than 2%", () => {
  it("1 lb + 250 g ground beef shows 1 lb 9 oz or 705 g, not 1 1/2 lb", () => {
    const lines = ["1 lb ground beef", "250 g ground beef"];
    expect(item(one(lines), "ground beef").text).toBe("1 lb 9 oz");
    expect(item(one(lines, { units: "metric" }), "ground beef").text).toBe("705 g");
  });

  /** What a measured amount text asks for in base units (ml, g): "1 cup + 2 tbsp", "1 lb 9 oz", "705 g". */
  function shownBase(text: string): number {
    let total = 0;
    for (const m of text.matchAll(/(\d+(?:\.\d+)?)(?: (\d+)\/(\d+))?(?:\/(\d+))? ([a-z]+(?: oz)?)/g)) {
      const [, a = "0", num, den, bareDen, word = ""] = m;
      let q = Number(a);
      if (num && den) q += Number(num) / Number(den);
      if (bareDen) q /= Number(bareDen);
      total += toBase(q, canonicalUnit(word));
    }
    return total;
  }

  const UNITS = ["tsp", "tbsp", "cup", "ml", "l", "oz", "lb", "g", "kg"] as const;
  const line = fc.record({
    quantity: fc.integer({ min: 1, max: 40 }).map((n) => n / 4),
    unit: fc.constantFrom(...UNITS),
  });

  it("property: the list's total for an item is at least 98% of the lines' total (same dimension, any scale, any unit choice)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("volume", "mass"),
        fc.array(line, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(0.5, 1, 1.5, 2, 3),
        fc.constantFrom<"as-written" | "metric" | "us">("as-written", "metric", "us"),
        (dim, raw, scale, units) => {
          const lines = raw
            .filter((l) => (["oz", "lb", "g", "kg"].includes(l.unit) ? dim === "mass" : dim === "volume"))
            .map((l) => ({ ...l, unit: l.unit }));
          if (!lines.length) return;
          // chicken stock: no density, so a volume stays a volume and a mass a mass
          const recipes: RecipeInput[] = [{ title: "A", lines: lines.map((l) => `${l.quantity} ${l.unit} chicken thighs`), scale }];
          if (dim === "volume") recipes[0] = { title: "A", lines: lines.map((l) => `${l.quantity} ${l.unit} soy sauce`), scale };
          const list = combineRecipes(recipes, { units });
          const shown = list.categories.flatMap((c) => c.items)[0];
          const truth = lines.reduce((s, l) => s + toBase(l.quantity, canonicalUnit(l.unit)), 0) * scale;
          expect(shownBase(expectDefined(shown).text)).toBeGreaterThanOrEqual(truth * FLOOR - 1e-6);
        },
      ),
      { numRuns: 400 },
    );
  });
});
