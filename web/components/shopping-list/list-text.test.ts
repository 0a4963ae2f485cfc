import { describe, expect, it } from "vitest";
import { getListText } from "./list-text.ts";

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
