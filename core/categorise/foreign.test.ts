import { describe, expect, it } from "vitest";
import { categorise, explainCategory } from "./categorise.ts";
import { translateFoodName } from "./foreign.ts";

describe("food names in other languages (decision 0005)", () => {
  it.each([
    ["Knoblauch", /^garlic$/],
    ["Zwiebeln", /^onions?$/],
    ["oignons", /^onions?$/],
    ["cebolla", /^onions?$/],
    ["Karotten", /^carrots?$/],
    ["pomodori", /^tomato(es)?$/],
    ["hvidløg", /^garlic$/],
  ])("%s names %s", (name, english) => {
    expect(translateFoodName(name)?.english).toMatch(english);
  });

  it("reads compounds by their parts, the head last", () => {
    expect(translateFoodName("Knoblauchzehe", "de")?.english).toMatch(/^garlic/);
    expect(translateFoodName("Frühlingszwiebel", "de")?.english).toMatch(/onion$/);
    expect(translateFoodName("Hühnerbrühe", "de")?.english).toMatch(/^chicken (stock|broth)$/);
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

describe("staples from the bilingual dictionaries (decision 0038)", () => {
  it.each([
    ["Mehl", "de", "Baking"],
    ["farine", "fr", "Baking"],
    ["harina", "es", "Baking"],
    ["bloem", "nl", "Baking"],
    ["Zucker", "de", "Baking"],
    ["sucre", "fr", "Baking"],
    ["azúcar", "es", "Baking"],
    ["zucchero", "it", "Baking"],
    ["sukker", "da", "Baking"],
    ["Olivenöl", "de", "Oils & Vinegars"],
    ["huile d'olive", "fr", "Oils & Vinegars"],
    ["aceite de oliva", "es", "Oils & Vinegars"],
    ["Pfeffer", "de", "Spices & Seasonings"],
    ["poivre", "fr", "Spices & Seasonings"],
    ["Zimt", "de", "Spices & Seasonings"],
    ["Sahne", "de", "Dairy & Eggs"],
    ["Essig", "de", "Oils & Vinegars"],
    ["Senf", "de", "Condiments & Sauces"],
  ])("%s (%s) -> %s", (name, language, category) => {
    expect(categorise(name, language)).toBe(category);
    // the CLI gives no language: the name is read in the language that explains it
    expect(explainCategory(name).category).toBe(category);
  });

  it("reads a Romance name from its head noun, with the words after 'de' before it as English does", () => {
    expect(translateFoodName("aceite de oliva", "es")?.english).toBe("olive oil");
    expect(translateFoodName("pimienta negra", "es")?.english).toBe("black pepper");
    expect(translateFoodName("poivre noir", "fr")?.english).toBe("black pepper");
    expect(categorise("poivre noir", "fr")).toBe("Spices & Seasonings");
  });

  it("after a Romance head noun keeps only words that describe it, not other nouns", () => {
    // "glace" is ice cream as a noun; in "sucre glace" (icing sugar) it only describes the sugar
    // (a second-hand dictionary entry for the whole name reads it as icing sugar, better still)
    expect(translateFoodName("sucre glace", "fr")?.english).toMatch(/^(icing )?sugar$/);
    expect(categorise("sucre glace", "fr")).toBe("Baking");
    expect(translateFoodName("lait entier", "fr")?.english).toBe("whole milk");
  });

  it("reads a Germanic compound from its parts", () => {
    expect(translateFoodName("Weizenmehl", "de")?.english).toMatch(/flour$/);
    expect(categorise("Weizenmehl", "de")).toBe("Baking");
  });

  it("Danish, Norwegian and Swedish fill each other's gaps (their dictionaries are small)", () => {
    // "purre" (leek) is in the English-Norwegian dictionary only
    expect(translateFoodName("purre", "da")?.english).toBe("leek");
    expect(categorise("purre", "da")).toBe("Produce");
  });

  it("does not read an English product name as a foreign one for one food-like word in it", () => {
    // English words the lexicon does not know, one of which is a Swedish food word ("glass" = ice cream)
    expect(translateFoodName("Tall Glass Tumbler Set")).toBeNull();
    expect(translateFoodName("glass", "sv")?.english).toBeTruthy();
  });
});

describe("words only the German dictionaries explain (decision 0038)", () => {
  it("reads a word the language's English dictionaries lack through its German translation", () => {
    expect(translateFoodName("puerro", "es")?.english).toBe("leek");
    expect(translateFoodName("acelga", "es")?.english).toBe("chard");
    expect(translateFoodName("cerfeuil", "fr")?.english).toBe("chervil");
    expect(categorise("puerro", "es")).toBe("Produce");
  });

  it("prefers a second-hand entry for the whole name to the first word's own reading", () => {
    // 'grão' alone is a grain; the whole name is chickpeas. 'patate dolci' is sweet potatoes, not potatoes.
    expect(translateFoodName("grão de bico", "pt")?.english).toBe("chickpea");
    expect(translateFoodName("patate dolci", "it")?.english).toBe("sweet potato");
  });

  it("never puts such a reading before one the language's own words give", () => {
    // with no language given, the guess is made on the languages' own words first
    expect(translateFoodName("Hühnerbrühe")).toEqual({ english: expect.stringMatching(/^chicken (stock|broth)$/), language: "de" });
    expect(translateFoodName("cebolla")?.language).toBe("es");
  });
});

describe("Scandinavian plurals (general grammar)", () => {
  it.each([
    ["kartofler", "da", "potato"],
    ["gulerødder", "da", "carrot"],
    ["morötter", "sv", "carrot"],
    ["gulrøtter", "nb", "carrot"],
  ])("%s (%s) is the plural of the word for %s", (name, lang, english) => {
    expect(translateFoodName(name, lang)?.english).toBe(english);
  });
});
