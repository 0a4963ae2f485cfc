import { describe, expect, it } from "vitest";
import { parseIngredient } from "../ingredient/parse.ts";
import { combineRecipes } from "./combine.ts";
import { foreignItemKey } from "./item-key.ts";

const items = (r: ReturnType<typeof combineRecipes>) => r.categories.flatMap((c) => c.items.map((i) => [c.category, i.name, i.text]));

describe("combining lines in other languages (decision 0005)", () => {
  it("one language's singular and plural, and its spoons, are one item", () => {
    const r = combineRecipes(
      [
        { title: "A", lines: ["2 EL Olivenöl", "2 Zwiebeln, gewürfelt"] },
        { title: "B", lines: ["1 EL Olivenöl", "1 Zwiebel"] },
      ],
      { parse: (l) => parseIngredient(l, { language: "de" }) },
    );
    expect(items(r)).toEqual(
      expect.arrayContaining([
        ["Produce", "Zwiebeln", "3"],
        [expect.any(String), "Olivenöl", "3 tbsp"],
      ]),
    );
    expect(items(r)).toHaveLength(2);
  });

  it("folds French plurals", () => {
    expect(foreignItemKey("oignons", "fr").key).toBe(foreignItemKey("oignon", "fr").key);
    expect(foreignItemKey("Tomaten", "de").key).toBe(foreignItemKey("Tomate", "de").key);
  });

  it("merges the same food across languages and names it in the reader's language", () => {
    const parse = (l: string) => parseIngredient(l, { fallbackLanguage: /Zwiebel|Knoblauch/.test(l) ? "de" : "en" });
    const recipes = [
      { title: "DE", lines: ["2 Zwiebeln", "3 Zehen Knoblauch"] },
      { title: "EN", lines: ["1 onion", "2 cloves garlic"] },
    ];
    expect(items(combineRecipes(recipes, { parse, language: "en" }))).toEqual([
      ["Produce", "garlic", "5 cloves"],
      ["Produce", "onions", "3"],
    ]);
    expect(items(combineRecipes(recipes, { parse, language: "de-DE" }))).toEqual([
      ["Produce", "Knoblauch", "5 cloves"],
      ["Produce", "Zwiebeln", "3"],
    ]);
  });

  it("merges a staple across languages: Mehl from a German recipe and flour from an English one (decision 0038)", () => {
    const parse = (l: string) => parseIngredient(l, { fallbackLanguage: /Mehl|Zucker/.test(l) ? "de" : "en" });
    const recipes = [
      { title: "DE", lines: ["200 g Mehl", "50 g Zucker"] },
      { title: "EN", lines: ["100 g flour", "25 g sugar"] },
    ];
    const got = items(combineRecipes(recipes, { parse, language: "en" }));
    expect(got).toHaveLength(2);
    expect(got).toEqual(
      expect.arrayContaining([
        ["Baking", expect.any(String), "300 g"],
        ["Baking", expect.any(String), "75 g"],
      ]),
    );
  });

  it("a compound that names a piece counts in that unit: 'Knoblauchzehen' and 'cloves garlic' add up (decision 0038)", () => {
    const parse = (l: string) => parseIngredient(l, { fallbackLanguage: /Knoblauch|Zwiebel/.test(l) ? "de" : "en" });
    const recipes = [
      { title: "DE", lines: ["2 Knoblauchzehen", "1 rote Zwiebel"] },
      { title: "EN", lines: ["1 clove garlic", "1 red onion"] },
    ];
    expect(items(combineRecipes(recipes, { parse, language: "en" }))).toEqual([
      ["Produce", "garlic", "3 cloves"],
      ["Produce", "red onions", "2"],
    ]);
  });
});
