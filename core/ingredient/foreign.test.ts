import { describe, expect, it } from "vitest";
import { detectLanguage, detectRecipeLanguage, languageOfTag, leaningLanguage } from "./language.ts";
import { lineLanguage, parseIngredient } from "./parse.ts";

const read = (line: string, language?: string, recipe?: string) => {
  const p = parseIngredient(line, language ? { language } : { fallbackLanguage: recipe });
  return [p.quantity, p.quantityMax, p.unit, p.name];
};

describe("non-English lines (decision 0005)", () => {
  it.each([
    ["2 EL Olivenöl", "de", [2, null, "tbsp", "Olivenöl"]],
    ["1 Prise Salz", "de", [1, null, "pinch", "Salz"]],
    ["3 Zehen Knoblauch, fein gehackt", "de", [3, null, "clove", "Knoblauch"]],
    ["2 große Zwiebeln, gewürfelt", "de", [2, null, null, "Zwiebeln"]],
    ["1/2 Bund Schnittlauch", "de", [0.5, null, "bunch", "Schnittlauch"]],
    ["2 tazas de harina", "es", [2, null, "cup", "harina"]],
    ["1 cucharadita de sal", "es", [1, null, "tsp", "sal"]],
    ["200 g de farine", "fr", [200, null, "g", "farine"]],
    ["2 c. à soupe d'huile d'olive", "fr", [2, null, "tbsp", "huile d'olive"]],
    ["1 à 2 gousses d'ail", "fr", [1, 2, "clove", "ail"]],
    ["1,5 dl fløde", "da", [1.5, null, "dl", "fløde"]],
    ["2 ss smør til steking", "nb", [2, null, "tbsp", "smør"]],
    ["1 e 1/2 xícara (chá) de açúcar", "pt", [1.5, null, "cup", "açúcar"]],
    ["een halve citroen", "nl", [0.5, null, null, "citroen"]],
    ["2-3 eetlepels bloem", "nl", [2, 3, "tbsp", "bloem"]],
    ["zucchero 130 g", "it", [130, null, "g", "zucchero"]],
    ["Sale q.b.", "it", [null, null, null, "Sale"]],
    ["4x gousse d'ail", "fr", [4, null, "clove", "ail"]],
  ])("%s (in a %s recipe)", (line, recipe, want) => {
    expect(read(line, undefined, recipe)).toEqual(want);
  });

  it("keeps a list line whole and drops the 'freshly ground' phrase", () => {
    expect(parseIngredient("Salz, Pfeffer aus der Mühle", { language: "de" }).name).toBe("Salz, Pfeffer");
  });

  it("moves brackets and purposes out of the name", () => {
    const p = parseIngredient("125 g Quark (Magerstufe) zum Bestreichen", { language: "de" });
    expect(p.name).toBe("Quark");
    expect(p.comment).toContain("Magerstufe");
  });

  it("reads a line in the language it is given", () => {
    expect(lineLanguage("2 Tomaten", { language: "de-AT" })).toBe("de");
    expect(lineLanguage("2 Tomaten", { fallbackLanguage: "nl" })).toBe("nl");
    expect(read("1 el suiker", "nl")).toEqual([1, null, "tbsp", "suiker"]);
  });
});

describe("language detection", () => {
  it.each([
    ["2 EL Olivenöl, fein gehackt", "de"],
    ["3 gousses d'ail", "fr"],
    ["1 cucharada de aceite", "es"],
    ["2 eetlepels suiker, naar smaak", "nl"],
    ["1 colher de sopa de manteiga", "pt"],
    ["1 spicchio d'aglio", "it"],
    ["2 msk smör", "sv"],
    ["2 spsk. sukker efter smag", "da"],
    ["2 ss sukker etter smak", "nb"],
  ])("%s -> %s", (line, lang) => {
    expect(detectLanguage(line)).toBe(lang);
  });

  it("a line with little evidence leans, and its recipe decides", () => {
    expect(detectLanguage("2 ss sukker")).toBeNull();
    expect(leaningLanguage("2 ss sukker")).toBe("nb");
    expect(lineLanguage("2 ss sukker")).toBe("en");
    expect(lineLanguage("2 ss sukker", { fallbackLanguage: "nb" })).toBe("nb");
    expect(lineLanguage("2 ss sukker", { fallbackLanguage: "da" })).toBe("nb");
  });

  it.each([
    "2 cups all-purpose flour",
    "1 glass of water",
    "2 pak choi, quartered",
    "1 jalapeño, minced",
    "1 bouquet garni sachet",
    "½ pack ready-rolled puff pastry",
  ])("reads English as English: %s", (line) => {
    expect(lineLanguage(line)).toBe("en");
  });

  it("a French name in an English line reads the same either way", () => {
    expect(parseIngredient("crème fraîche, to serve").name).toBe("crème fraîche");
  });

  it("a recipe's lines decide together", () => {
    expect(detectRecipeLanguage(["250 g Mehl", "2 EL Zucker", "1 Prise Salz", "2 Eier"])).toBe("de");
    expect(detectRecipeLanguage(["2 cups flour", "1 tsp salt"])).toBe("en");
  });

  it("maps page language tags", () => {
    expect(languageOfTag("fr-CA")).toBe("fr");
    expect(languageOfTag("no")).toBe("nb");
    expect(languageOfTag("se")).toBe("sv");
    expect(languageOfTag("ja")).toBeNull();
  });
});
