import { describe, expect, it } from "vitest";
import { combineRecipes, type ListItem } from "./combine.ts";
import { CombinedListSchema } from "./schema.ts";
import { DEFAULT_STAPLES, isStaple } from "./staples.ts";
import { amountInUnits, chooseSystem } from "./unit-choice.ts";
import { expectDefined } from "../lib/expect-defined.ts";

function items(list: ReturnType<typeof combineRecipes>): ListItem[] {
  return list.categories.flatMap((c) => c.items);
}

function item(list: ReturnType<typeof combineRecipes>, key: string): ListItem {
  const found = items(list).find((i) => i.key === key);
  if (!found)
    throw new Error(
      `no ${key} in ${items(list)
        .map((i) => i.key)
        .join(", ")}`,
    );
  return found;
}

describe("servings scaling before combining", () => {
  it("multiplies each recipe's amounts by its own factor before the sum", () => {
    const list = combineRecipes([
      { title: "Soup", lines: ["2 onions", "1 cup milk"], scale: 2 },
      { title: "Stew", lines: ["1 onion", "1/2 cup milk"], scale: 0.5 },
    ]);
    // 2*2 + 1*0.5 onions (whole onions: 5); 2 cups + 1/4 cup milk
    expect(item(list, "onion").text).toBe("5");
    expect(item(list, "milk").text).toBe("2 1/4 cups");
    expect(() => CombinedListSchema.parse(list)).not.toThrow();
  });

  it("scales before choosing the display unit (3 tsp x 2 is 2 tbsp, not 6 tsp)", () => {
    const list = combineRecipes([{ title: "A", lines: ["3 tsp cumin"], scale: 2 }]);
    expect(item(list, "cumin").text).toBe("2 tbsp");
  });

  it("treats a missing, zero, negative or non-finite factor as 1", () => {
    for (const scale of [undefined, 0, -2, Number.NaN, Number.POSITIVE_INFINITY]) {
      const list = combineRecipes([{ title: "A", lines: ["2 eggs"], scale }]);
      expect(item(list, "egg").text).toBe("2");
    }
  });

  it("leaves unquantified lines unquantified", () => {
    const list = combineRecipes([{ title: "A", lines: ["parsley to garnish"], scale: 3 }]);
    expect(expectDefined(item(list, "parsley").amounts[0]).quantity).toBeNull();
  });
});

describe("unit family of combined amounts", () => {
  it("1 cup + 250 ml reads in cups when the first line wrote cups (a tie), never 485 ml, and never below 98% of it", () => {
    const list = combineRecipes([
      { title: "A", lines: ["1 cup milk"] },
      { title: "B", lines: ["250 ml milk"] },
    ]);
    // 2.06 cups: "2 cups" would be 2.8% short
    expect(item(list, "milk").text).toBe("2 cups + 1 tbsp");
    // the same in one family keeps its exact compound
    expect(item(combineRecipes([{ title: "A", lines: ["2 cups milk", "3 tsp milk"] }]), "milk").text).toBe("2 cups + 1 tbsp");
  });

  it("a sum across families is never rounded down by more than 2% (1 lb + 250 g is 1.55 lb)", () => {
    const list = combineRecipes([{ title: "A", lines: ["1 lb beef mince", "250 g beef mince"] }]);
    expect(item(list, "ground beef").text).toBe("1 lb 9 oz");
    expect(
      item(combineRecipes([{ title: "A", lines: ["1 lb beef mince", "250 g beef mince"] }], { units: "metric" }), "ground beef").text,
    ).toBe("705 g");
  });

  it("goes with the family most lines used, whatever the totals", () => {
    const list = combineRecipes([
      { title: "A", lines: ["1 tbsp honey", "1/2 cup milk"] },
      { title: "B", lines: ["1 tbsp honey", "500 ml milk"] },
      { title: "C", lines: ["30 ml honey", "1/4 cup milk"] },
    ]);
    // honey: two US lines, one metric -> spoons; milk: two US lines against a bigger metric total -> cups
    expect(item(list, "honey").text).toBe("1/4 cup");
    expect(expectDefined(item(list, "milk").amounts[0]).unit).toBe("cup");
  });

  it("shows metric when most lines were metric", () => {
    const list = combineRecipes([
      { title: "A", lines: ["1/2 lb rice", "100 g sugar"] },
      { title: "B", lines: ["100 g rice", "200 g rice"] },
    ]);
    expect(expectDefined(item(list, "rice").amounts[0]).unit).toBe("g");
  });

  it("follows the reader's choice of metric or US units", () => {
    const recipes = [{ title: "A", lines: ["1 cup milk", "1 lb beef mince"] }];
    expect(item(combineRecipes(recipes, { units: "metric" }), "milk").text).toBe("235 ml");
    expect(item(combineRecipes(recipes, { units: "us" }), "milk").text).toBe("1 cup");
    expect(item(combineRecipes([{ title: "A", lines: ["500 g butter"] }], { units: "us" }), "butter").text).toBe("1 lb 2 oz");
  });

  it("chooseSystem: majority, then first line, then the larger total", () => {
    expect(chooseSystem({ usLines: 2, metricLines: 1, firstSystem: "metric" })).toBe("us");
    expect(chooseSystem({ usLines: 1, metricLines: 1, firstSystem: "metric" })).toBe("metric");
    expect(chooseSystem({ usLines: 0, metricLines: 0, firstSystem: null, us: 1, metric: 2 })).toBe("metric");
    expect(chooseSystem({ usLines: 5, metricLines: 0, firstSystem: "us" }, "metric")).toBe("metric");
  });

  it("amountInUnits re-shows stored amounts and keeps counts and the tail", () => {
    const stored = [
      { quantity: 2, unit: "cup" },
      { quantity: 3, unit: null },
    ];
    expect(amountInUnits("2 cups + 3, plus more to taste", stored, "metric")).toBe("475 ml + 3, plus more to taste");
    expect(amountInUnits("2 cups + 3", stored, "as-written")).toBe("2 cups + 3");
    expect(amountInUnits("1 lb", [{ quantity: 1, unit: "lb" }], "metric")).toBe("455 g");
    expect(amountInUnits("500 g", [{ quantity: 500, unit: "g" }], "us")).toBe("1 lb 2 oz");
    expect(amountInUnits("2 cans", [{ quantity: 2, unit: "can" }], "metric")).toBe("2 cans");
    expect(amountInUnits("to taste", [{ quantity: null, unit: null }], "metric")).toBe("to taste");
  });
});

describe("pantry staples", () => {
  it("marks salt, pepper, oil and sugar as staples and the rest not", () => {
    const list = combineRecipes([
      {
        title: "A",
        lines: ["1 tsp kosher salt", "freshly ground black pepper", "2 tbsp olive oil", "1 cup sugar", "2 onions", "1 cup water"],
      },
    ]);
    const staples = items(list)
      .filter((i) => i.staple)
      .map((i) => i.key)
      .sort();
    expect(staples).toEqual(["black pepper", "granulated sugar", "kosher salt", "olive oil"]);
    expect(item(list, "onion").staple).toBe(false);
    // water is never on a list
    expect(items(list).some((i) => i.key === "water")).toBe(false);
  });

  it("salt and pepper in one line are two staples", () => {
    const list = combineRecipes([{ title: "A", lines: ["salt and pepper"] }]);
    expect(items(list).every((i) => i.staple)).toBe(true);
    expect(items(list)).toHaveLength(2);
  });

  it("a user's own rules beat the defaults", () => {
    const rules = { have: new Set(["all purpose flour"]), need: new Set(["granulated sugar"]) };
    const list = combineRecipes([{ title: "A", lines: ["2 cups flour", "1 cup sugar", "salt"] }], { staples: rules });
    expect(item(list, "all purpose flour").staple).toBe(true);
    expect(item(list, "granulated sugar").staple).toBe(false);
    expect(item(list, "salt").staple).toBe(true);
    expect(isStaple("Flour", { have: ["flour"] })).toBe(true);
    expect(isStaple("flour")).toBe(false);
    expect(DEFAULT_STAPLES.has("water")).toBe(false);
  });
});
