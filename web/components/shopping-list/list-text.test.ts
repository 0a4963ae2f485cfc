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
  it("groups as the list page does: staples under 'You probably have', ticked items under 'In the cart'", () => {
    const text = getListText({
      name: "Soup",
      ingredients: {
        Produce: [{ name: "onions", amount: "2" }],
        "Spices & Seasonings": [
          { name: "salt", amount: "1/2 tsp, plus more to taste", staple: true },
          { name: "pepper", amount: "to taste", staple: true },
          { name: "cumin", amount: "1 tsp", checked: true },
        ],
      },
    });
    expect(text).toBe(
      "Soup\n\nProduce\n• onions - 2\n\nYou probably have\n• salt - 1/2 tsp, plus more to taste\n• pepper (to taste)\n\nIn the cart\n• cumin - 1 tsp",
    );
  });

  it("is just the name for an empty list", () => {
    expect(getListText({ name: "Empty", ingredients: {} })).toBe("Empty");
  });
});
