import { describe, expect, it } from "vitest";
import { detectLanguage, detectRecipeLanguage, languageOfTag } from "./language.ts";
import { lineLanguage, parseIngredient } from "./parse.ts";

const read = (line: string, language?: string) => {
  const p = parseIngredient(line, language ? { language } : undefined);
  return [p.quantity, p.quantityMax, p.unit, p.name];
};

describe("non-English lines (decision 0161)", () => {
  it.each([
    ["2 EL Olivenöl", [2, null, "tbsp", "Olivenöl"]],
    ["1 Prise Salz", [1, null, "pinch", "Salz"]],
    ["3 Zehen Knoblauch, fein gehackt", [3, null, "clove", "Knoblauch"]],
    ["2 große Zwiebeln, gewürfelt", [2, null, null, "Zwiebeln"]],
    ["1/2 Bund Schnittlauch", [0.5, null, "bunch", "Schnittlauch"]],
    ["2 tazas de harina", [2, null, "cup", "harina"]],
    ["1 cucharadita de sal", [1, null, "tsp", "sal"]],
    ["200 g de farine", [200, null, "g", "farine"]],
    ["2 c. à soupe d'huile d'olive", [2, null, "tbsp", "huile d'olive"]],
    ["1 à 2 gousses d'ail", [1, 2, "clove", "ail"]],
    ["1,5 dl fløde", [1.5, null, "dl", "fløde"]],
    ["2 ss smør til steking", [2, null, "tbsp", "smør"]],
    ["1 e 1/2 xícara (chá) de açúcar", [1.5, null, "cup", "açúcar"]],
    ["een halve citroen", [0.5, null, null, "citroen"]],
    ["2-3 eetlepels bloem", [2, 3, "tbsp", "bloem"]],
    ["zucchero 130 g", [130, null, "g", "zucchero"]],
    ["Sale q.b.", [null, null, null, "Sale"]],
    ["4x gousse d'ail", [4, null, "clove", "ail"]],
  ])("%s", (line, want) => {
    expect(read(line)).toEqual(want);
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
    ["2 EL Olivenöl", "de"],
    ["3 gousses d'ail", "fr"],
    ["1 cucharada de aceite", "es"],
    ["2 eetlepels suiker", "nl"],
    ["1 colher de sopa de manteiga", "pt"],
    ["1 spicchio d'aglio", "it"],
    ["2 msk smör", "sv"],
    ["2 spsk. sukker", "da"],
    ["2 ss sukker", "nb"],
  ])("%s -> %s", (line, lang) => {
    expect(detectLanguage(line)).toBe(lang);
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
