import { describe, expect, it } from "vitest";
import { categorise, explainCategory } from "./categorise.ts";
import { translateFoodName } from "./foreign.ts";

describe("food names in other languages (decision 0005)", () => {
  it.each([
    ["Knoblauch", "garlic"],
    ["Zwiebeln", "onion"],
    ["oignons", "onion"],
    ["cebolla", "onion"],
    ["Karotten", "carrot"],
    ["pomodori", "tomato"],
    ["hvidløg", "garlic"],
  ])("%s names %s", (name, english) => {
    expect(translateFoodName(name)?.english).toBe(english);
  });

  it("reads compounds by their head", () => {
    expect(translateFoodName("Knoblauchzehe", "de")?.english).toBe("garlic");
    expect(translateFoodName("Frühlingszwiebel", "de")?.english).toBe("onion");
  });

  it("puts foreign names in the aisle of what they name", () => {
    expect(categorise("Knoblauch")).toBe("Produce");
    expect(categorise("ail", "fr")).toBe("Produce");
    expect(explainCategory("Zwiebeln", { language: "de" }).category).toBe("Produce");
    expect(categorise("Eier", "de")).toBe("Dairy & Eggs");
  });

  it("leaves English names to the English lexicon", () => {
    expect(categorise("garlic")).toBe("Produce");
    expect(categorise("olive oil", "en")).toBe("Oils & Vinegars");
    expect(translateFoodName("butter", "en")).toBeNull();
  });
});
