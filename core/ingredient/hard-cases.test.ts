/**
 * Hard cases of the parsing requirements ("Parse: one ingredient line -> structure"), one block per bullet of
 * its requirements. Lines are written for these tests, not copied from the benchmark.
 */
import { describe, expect, it } from "vitest";
import { parseIngredient } from "./parse.ts";

function brief(line: string) {
  const p = parseIngredient(line);
  return { quantity: p.quantity, quantityMax: p.quantityMax, unit: p.unit, name: p.name };
}

describe("quantities", () => {
  it.each([
    ["3 carrots", 3, null, null, "carrots"],
    ["1.5 kg potatoes", 1.5, null, "kg", "potatoes"],
    ["1,5 kg potatoes", 1.5, null, "kg", "potatoes"],
    ["1/2 cup milk", 0.5, null, "cup", "milk"],
    ["½ tsp salt", 0.5, null, "tsp", "salt"],
    ["1 ½ cups sugar", 1.5, null, "cup", "sugar"],
    ["1½ cups sugar", 1.5, null, "cup", "sugar"],
    ["1-1/2 cups milk", 1.5, null, "cup", "milk"],
    ["one egg", 1, null, null, "egg"],
    ["twelve prawns", 12, null, null, "prawns"],
    ["a dozen eggs", 12, null, null, "eggs"],
    ["half a lemon", 0.5, null, null, "lemon"],
    ["2-3 cloves garlic", 2, 3, "clove", "garlic"],
    ["2 to 3 cloves garlic", 2, 3, "clove", "garlic"],
    ["2–3 tbsp olive oil", 2, 3, "tbsp", "olive oil"],
    ["2 (14 ounce) cans chopped tomatoes", 2, null, "can", "chopped tomatoes"],
    ["1 x 400g tin chickpeas", 1, null, "tin", "chickpeas"],
    ["1 cup plus 2 tbsp flour", 1, null, "cup", "flour"],
    ["1lb 9oz beef mince", 1, null, "lb", "beef mince"],
    ["150g/5¼oz canned chickpeas, drained and rinsed", 150, null, "g", "canned chickpeas"],
    ["200g plain flour", 200, null, "g", "plain flour"],
    ["1tbsp olive oil", 1, null, "tbsp", "olive oil"],
  ])("%s", (line, quantity, quantityMax, unit, name) => {
    expect(brief(line)).toEqual({ quantity, quantityMax, unit, name });
  });

  it("counts 'a'/'an' before a plain noun, not before a unit or a vague amount (decision 0005)", () => {
    expect(brief("an onion, chopped")).toEqual({ quantity: 1, quantityMax: null, unit: null, name: "onion" });
    expect(brief("a large lemon")).toEqual({ quantity: 1, quantityMax: null, unit: null, name: "lemon" });
    expect(brief("a pinch of salt")).toEqual({ quantity: null, quantityMax: null, unit: "pinch", name: "salt" });
    expect(parseIngredient("a little butter, for greasing")).toMatchObject({ quantity: null, unit: null });
  });

  it("keeps every amount: metric/imperial pairs and compound amounts", () => {
    expect(parseIngredient("150g/5¼oz chickpeas").amounts.map((a) => [a.quantity, a.unit])).toEqual([
      [150, "g"],
      [5.25, "oz"],
    ]);
    expect(parseIngredient("1lb 9oz beef mince").amounts.map((a) => [a.quantity, a.unit])).toEqual([
      [1, "lb"],
      [9, "oz"],
    ]);
    expect(parseIngredient("1 cup plus 2 tbsp flour").amounts.map((a) => [a.quantity, a.unit])).toEqual([
      [1, "cup"],
      [2, "tbsp"],
    ]);
  });
});

describe("units", () => {
  it.each([
    ["3 Tbsp butter", "tbsp"],
    ["1 T sugar", "tbsp"],
    ["1 t salt", "tsp"],
    ["2 c. sugar", "cup"],
    ["4 fl oz cream", "fl oz"],
    ["1 pint double cream", "pint"],
    ["2 litres water", "l"],
    ["500ml stock", "ml"],
    ["2 sprigs thyme", "sprig"],
    ["3 stalks celery", "stalk"],
    ["1 head garlic", "head"],
    ["1 pinch of salt", "pinch"],
    ["1 dessertspoon honey", "dsp"],
    ["2 lbs potatoes", "lb"],
    ["8 ounces cheese", "oz"],
  ])("%s -> %s", (line, unit) => {
    expect(parseIngredient(line).unit).toBe(unit);
  });

  it("puts size words in size, not unit", () => {
    expect(parseIngredient("2 large onions, finely chopped")).toMatchObject({ quantity: 2, unit: null, size: "large", name: "onions" });
    expect(parseIngredient("1 medium carrot")).toMatchObject({ unit: null, size: "medium", name: "carrot" });
  });
});

describe("name without amounts, preparation, comments or purposes", () => {
  it.each([
    ["1 can black beans, drained and rinsed", "black beans", "drained and rinsed"],
    ["1 tbsp chopped parsley, to garnish", "parsley", "chopped"],
    ["2 onions, finely chopped", "onions", "finely chopped"],
  ])("%s", (line, name, preparation) => {
    expect(parseIngredient(line)).toMatchObject({ name, preparation });
  });

  it("moves parenthesised notes and purposes to comment", () => {
    const p = parseIngredient("2 tbsp crème fraîche (or soured cream), for serving");
    expect(p.name).toBe("crème fraîche");
    expect(p.comment).toContain("for serving");
  });
});

describe("special lines", () => {
  it("salt and pepper to taste", () => {
    expect(parseIngredient("salt and pepper to taste")).toMatchObject({ quantity: null, unit: null, name: "salt and pepper" });
  });
  it("juice of 1 lemon / zest of 2 limes", () => {
    expect(brief("juice of 1 lemon")).toEqual({ quantity: 1, quantityMax: null, unit: null, name: "lemon" });
    expect(brief("zest of 2 limes")).toEqual({ quantity: 2, quantityMax: null, unit: null, name: "limes" });
  });
  it("name first, amount after a comma", () => {
    expect(brief("Flour, 2 cups")).toEqual({ quantity: 2, quantityMax: null, unit: "cup", name: "Flour" });
  });
  it("optional items", () => {
    expect(parseIngredient("1 tsp chilli flakes (optional)")).toMatchObject({ optional: true, name: "chilli flakes" });
    expect(parseIngredient("2 cups flour").optional).toBe(false);
  });
  it("'or' alternatives", () => {
    expect(parseIngredient("50g butter or margarine")).toMatchObject({
      name: "butter",
      alternatives: ["margarine"],
      fullName: "butter or margarine",
    });
  });
  it("section headers", () => {
    for (const line of ["For the sauce:", "Topping:", "FOR THE DRESSING"]) {
      expect(parseIngredient(line)).toMatchObject({ isHeader: true, name: null, quantity: null });
    }
    expect(parseIngredient("2 cups flour").isHeader).toBe(false);
  });
  it("empty and garbage lines", () => {
    for (const line of ["", "   ", "!!!", "---", "*"]) {
      expect(parseIngredient(line)).toMatchObject({ quantity: null, unit: null, name: null, amounts: [] });
    }
  });
  it("other languages pass through", () => {
    expect(parseIngredient("200 g de farine")).toMatchObject({ quantity: 200, unit: "g" });
    expect(parseIngredient("一杯の水").name).toBe("一杯の水");
    expect(parseIngredient("2 cucharadas de aceite de oliva").quantity).toBe(2);
  });
});

describe("every line with an amount names something", () => {
  // after a bracketed note the tagger alone labels the rest as comment; the constrained decode
  // (label.ts, bestPathWithName) finds the best path that names an item
  it.each([
    ["1 cup (240 mL) loosely packed basil", 1, "cup", "basil"],
    ["1 cake (½ ounce) yeast or 1 package dry yeast", 1, "cake", "yeast"],
  ])("%s", (line, quantity, unit, name) => {
    const p = parseIngredient(line);
    expect({ quantity: p.quantity, unit: p.unit, name: p.name }).toEqual({ quantity, unit, name });
  });

  it("leaves lines without an amount alone (headers, bare words)", () => {
    expect(parseIngredient("For the sauce:").isHeader).toBe(true);
    expect(parseIngredient("For the sauce:").name).toBeNull();
  });
});
