import { describe, expect, it } from "vitest";
import { itemLine, itemPhrase, itemTextLine } from "./item-text.ts";

describe("an item's line as a cook writes it", () => {
  it("puts a note that is not an amount after the name: 'pepper (to taste)', never 'to taste pepper'", () => {
    expect(itemLine({ name: "pepper", amount: "to taste" })).toBe("pepper (to taste)");
    expect(itemLine({ name: "parsley", amount: "for garnish" })).toBe("parsley (for garnish)");
    expect(itemPhrase({ name: "pepper", amount: "to taste" })).toEqual({ amount: "", name: "pepper", note: " (to taste)" });
  });

  it("keeps the amount before the name and the 'plus more' after it", () => {
    expect(itemLine({ name: "salt", amount: "1/2 tsp, plus more to taste" })).toBe("1/2 tsp salt, plus more to taste");
    expect(itemPhrase({ name: "salt", amount: "1/2 tsp, plus more to taste" })).toEqual({
      amount: "1/2 tsp",
      name: "salt",
      note: ", plus more to taste",
    });
    expect(itemLine({ name: "onions", amount: "3" })).toBe("3 onions");
    expect(itemLine({ name: "butter", amount: "1 cup + 200 g" })).toBe("1 cup + 200 g butter");
    expect(itemLine({ name: "basil", amount: "a handful" })).toBe("a handful basil");
    expect(itemLine({ name: "paper towels", amount: "" })).toBe("paper towels");
  });

  it("writes the text form 'name - amount', with a note-only amount in brackets", () => {
    expect(itemTextLine({ name: "salt", amount: "1/2 tsp, plus more to taste" })).toBe("salt - 1/2 tsp, plus more to taste");
    expect(itemTextLine({ name: "pepper", amount: "to taste" })).toBe("pepper (to taste)");
    expect(itemTextLine({ name: "onions", amount: "3" })).toBe("onions - 3");
    expect(itemTextLine({ name: "paper towels", amount: " " })).toBe("paper towels");
  });
});
