import { describe, expect, it } from "vitest";
import { CreateShoppingListRequestSchema, defaultListName, getListText } from "./lists.ts";

describe("getListText", () => {
  it("writes the name, then per category a heading and '• name - amount' lines", () => {
    const text = getListText({
      name: "Week 1",
      ingredients: {
        Produce: [
          { name: "onions", amount: "3" },
          { name: "parsley", amount: "" },
        ],
        "Dairy & Eggs": [{ name: "butter", amount: "3 tbsp" }],
        Frozen: [],
      },
    });
    expect(text).toBe("Week 1\n\nProduce\n• onions - 3\n• parsley\n\nDairy & Eggs\n• butter - 3 tbsp");
  });
  it("is just the name for an empty list", () => {
    expect(getListText({ name: "Empty", ingredients: {} })).toBe("Empty");
  });
});

describe("defaultListName", () => {
  it("is 'Shopping List - ' and the local date", () => {
    expect(defaultListName(new Date(2025, 7, 15), "en-US")).toBe("Shopping List - 8/15/2025");
    expect(defaultListName(new Date(2025, 7, 15), "en-GB")).toBe("Shopping List - 15/08/2025");
  });
});

describe("CreateShoppingListRequestSchema", () => {
  it("takes 1..200 characters of name and 1..50 recipe ids", () => {
    expect(CreateShoppingListRequestSchema.safeParse({ name: " L ", recipeIds: ["a"] }).data).toEqual({ name: "L", recipeIds: ["a"] });
    expect(CreateShoppingListRequestSchema.safeParse({ name: "x".repeat(201), recipeIds: ["a"] }).success).toBe(false);
    expect(CreateShoppingListRequestSchema.safeParse({ name: "L", recipeIds: [] }).success).toBe(false);
    expect(CreateShoppingListRequestSchema.safeParse({ name: "L", recipeIds: Array(51).fill("a") }).success).toBe(false);
  });
});
