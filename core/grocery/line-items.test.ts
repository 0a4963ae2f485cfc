import { describe, expect, it } from "vitest";
import { measurementsFor, productName, toGroceryLineItems, type GroceryListItem } from "./line-items.ts";

const item = (name: string, amount: string, amounts: GroceryListItem["amounts"], itemKey = name.toLowerCase()): GroceryListItem => ({
  itemKey,
  name,
  amount,
  amounts,
});

describe("productName", () => {
  it("keeps the bare product", () => {
    expect(productName("Tomatoes (ripe), chopped")).toBe("Tomatoes");
    expect(productName("  salt & pepper ")).toBe("salt & pepper");
    expect(productName("half-and-half")).toBe("half-and-half");
  });
  it("is empty when no word is left", () => {
    expect(productName("(optional)")).toBe("");
    expect(productName("**")).toBe("");
    expect(productName("12")).toBe("");
  });
});

describe("measurements", () => {
  it("volume: the unit as written, then metric and (with a density) grams and ounces", () => {
    const ms = measurementsFor(item("all purpose flour", "2 cups", [{ quantity: 2, unit: "cup" }]));
    expect(ms).toEqual([
      { quantity: 2, unit: "cup" },
      { quantity: 473.18, unit: "ml" },
      { quantity: 250, unit: "gram" },
      { quantity: 8.82, unit: "ounce" },
    ]);
  });

  it("volume without a density: US and metric only", () => {
    expect(measurementsFor(item("soy sauce", "3 tbsp", [{ quantity: 3, unit: "tbsp" }]))).toEqual([
      { quantity: 3, unit: "tablespoon" },
      { quantity: 44.36, unit: "ml" },
    ]);
  });

  it("metric volume offers US units first, and litres above 1000 ml", () => {
    expect(measurementsFor(item("milk", "1.5 l", [{ quantity: 1.5, unit: "l" }], "whole milk"))).toEqual([
      { quantity: 1.5, unit: "liter" },
      { quantity: 6.34, unit: "cup" },
    ]);
  });

  it("units we have but Instacart lacks become accepted ones (cl -> ml, cups)", () => {
    expect(measurementsFor(item("rum", "4 cl", [{ quantity: 4, unit: "cl" }]))).toEqual([
      { quantity: 2.71, unit: "tablespoon" },
      { quantity: 40, unit: "ml" },
    ]);
  });

  it("mass: as written, then the other system", () => {
    expect(measurementsFor(item("beef", "1.5 lb", [{ quantity: 1.5, unit: "lb" }]))).toEqual([
      { quantity: 1.5, unit: "pound" },
      { quantity: 680.39, unit: "gram" },
    ]);
    expect(measurementsFor(item("cheddar", "200 g", [{ quantity: 200, unit: "g" }]))).toEqual([
      { quantity: 200, unit: "gram" },
      { quantity: 7.05, unit: "ounce" },
    ]);
    expect(measurementsFor(item("saffron", "500 mg", [{ quantity: 500, unit: "mg" }]))).toEqual([
      { quantity: 0.5, unit: "gram" },
      { quantity: 0.02, unit: "ounce" },
    ]);
  });

  it("count: bare counts are each, dozens multiply, known count units pass", () => {
    expect(measurementsFor(item("eggs", "3", [{ quantity: 3, unit: null }]))).toEqual([{ quantity: 3, unit: "each" }]);
    expect(measurementsFor(item("eggs", "1 dozen", [{ quantity: 1, unit: "dozen" }]))).toEqual([{ quantity: 12, unit: "each" }]);
    expect(measurementsFor(item("tomatoes", "2 cans", [{ quantity: 2, unit: "can" }]))).toEqual([{ quantity: 2, unit: "can" }]);
    expect(measurementsFor(item("tomatoes", "2 tins", [{ quantity: 2, unit: "tin" }]))).toEqual([{ quantity: 2, unit: "can" }]);
    expect(measurementsFor(item("corn", "4 ears", [{ quantity: 4, unit: "ear" }]))).toEqual([{ quantity: 4, unit: "ears" }]);
  });

  it("a count unit with a known weight becomes a mass (a stick of butter)", () => {
    expect(measurementsFor(item("butter", "1 stick", [{ quantity: 1, unit: "stick" }]))).toEqual([
      { quantity: 113.4, unit: "gram" },
      { quantity: 4, unit: "ounce" },
    ]);
  });

  it("amounts the combiner kept apart are added by mass when a density allows", () => {
    expect(
      measurementsFor(
        item("all purpose flour", "1 cup + 200 g", [
          { quantity: 1, unit: "cup" },
          { quantity: 200, unit: "g" },
        ]),
      ),
    ).toEqual([
      { quantity: 325, unit: "gram" },
      { quantity: 11.46, unit: "ounce" },
    ]);
  });

  it("unit-less and trace amounts: no measurement", () => {
    expect(measurementsFor(item("salt", "to taste", [{ quantity: null, unit: null }]))).toEqual([]);
    expect(measurementsFor(item("salt", "1 pinch", [{ quantity: 1, unit: "pinch" }]))).toEqual([]);
    expect(measurementsFor(item("parsley", "", []))).toEqual([]);
  });

  it("units no accepted unit expresses are refused", () => {
    expect(measurementsFor(item("garlic", "3 cloves", [{ quantity: 3, unit: "clove" }]))).toBe("unit");
    expect(measurementsFor(item("ginger", "1 inch", [{ quantity: 1, unit: "inch" }]))).toBe("unit");
  });
});

describe("toGroceryLineItems", () => {
  it("maps a list with volume, mass, count and unit-less items, keeping order and listing the unmatched", () => {
    const { lineItems, unmatched } = toGroceryLineItems([
      item("milk", "1 cup", [{ quantity: 1, unit: "cup" }]),
      item("chicken thighs", "2 lb", [{ quantity: 2, unit: "lb" }]),
      item("eggs", "4", [{ quantity: 4, unit: null }]),
      item("black pepper", "", [{ quantity: null, unit: null }]),
      item("garlic", "3 cloves", [{ quantity: 3, unit: "clove" }]),
      item("(to serve)", "", []),
    ]);
    expect(lineItems).toEqual([
      {
        name: "milk",
        display_text: "1 cup milk",
        line_item_measurements: [
          { quantity: 1, unit: "cup" },
          { quantity: 236.59, unit: "ml" },
          { quantity: 242, unit: "gram" },
          { quantity: 8.54, unit: "ounce" },
        ],
      },
      {
        name: "chicken thighs",
        display_text: "2 lb chicken thighs",
        line_item_measurements: [
          { quantity: 2, unit: "pound" },
          { quantity: 907.18, unit: "gram" },
        ],
      },
      { name: "eggs", display_text: "4 eggs", line_item_measurements: [{ quantity: 4, unit: "each" }] },
      { name: "black pepper", display_text: "black pepper", line_item_measurements: [] },
    ]);
    expect(unmatched).toEqual([
      { text: "3 cloves garlic", reason: "unit" },
      { text: "(to serve)", reason: "no_name" },
    ]);
  });

  it("every line item measurement has a positive quantity and more than one alternative for convertible units", () => {
    const { lineItems } = toGroceryLineItems([
      item("water", "0.001 ml", [{ quantity: 0.001, unit: "ml" }]),
      item("oil", "2 tbsp", [{ quantity: 2, unit: "tbsp" }]),
      item("rice", "500 g", [{ quantity: 500, unit: "g" }]),
    ]);
    for (const li of lineItems) {
      expect(li.line_item_measurements.length).toBeGreaterThan(1);
      for (const m of li.line_item_measurements) expect(m.quantity).toBeGreaterThan(0);
    }
  });
});
