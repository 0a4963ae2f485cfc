import { describe, expect, it } from "vitest";
import { assemble, assembleAmounts, splitAlternatives, unitOf } from "./assemble.ts";
import type { Label } from "./tagger-model.ts";

/** "2/QTY cups/UNIT flour/NAME" -> tokens and labels. */
function tagged(s: string): [string[], Label[]] {
  const pairs = s.split(" ").map((p) => {
    const i = p.lastIndexOf("/");
    return [p.slice(0, i), p.slice(i + 1) as Label] as const;
  });
  return [pairs.map((p) => p[0]), pairs.map((p) => p[1])];
}

describe("assembleAmounts", () => {
  it.each([
    ["2/QTY cups/UNIT flour/NAME", [2, null, "cup"]],
    ["1/QTY 1/2/QTY cups/UNIT milk/NAME", [1.5, null, "cup"]],
    ["2-3/QTY cloves/UNIT garlic/NAME", [2, 3, "clove"]],
    ["2/QTY (/PUNC 14/QTY ounce/UNIT )/PUNC cans/UNIT tomatoes/NAME", [2, null, "can"]],
    ["1/QTY x/QTY 400/QTY g/UNIT tin/UNIT chickpeas/NAME", [1, null, "tin"]],
    ["2/QTY 8/QTY ounce/UNIT packages/UNIT cream/NAME cheese/NAME", [2, null, "package"]],
    ["8/QTY x/QTY 450/QTY g/UNIT lobsters/NAME", [8, null, null]],
    ["2/QTY garlic/NAME cloves/UNIT", [2, null, "clove"]],
    ["2/QTY large/SIZE eggs/NAME", [2, null, null]],
    ["a/COMMENT pinch/UNIT of/COMMENT salt/NAME", [null, null, "pinch"]],
    ["2/QTY fl/UNIT oz/UNIT cream/NAME", [2, null, "fl oz"]],
    ["1/QTY heaped/UNIT tsp/UNIT sugar/NAME", [1, null, "tsp"]],
    ["salt/NAME", [null, null, null]],
  ])("%s", (s, [q, qmax, unit]) => {
    const [tokens, labels] = tagged(s);
    const first = assembleAmounts(tokens, labels)[0];
    expect([first?.quantity ?? null, first?.quantityMax ?? null, first?.unit ?? null]).toEqual([q, qmax, unit]);
  });

  it("lists a container once, inside the first amount", () => {
    const [tokens, labels] = tagged("2/QTY (/PUNC 14/QTY ounce/UNIT )/PUNC cans/UNIT tomatoes/NAME");
    expect(assembleAmounts(tokens, labels).map((a) => [a.quantity, a.unit])).toEqual([
      [2, "can"],
      [14, "oz"],
    ]);
  });

  it("keeps every amount in order (metric/imperial pairs, compound amounts)", () => {
    const [tokens, labels] = tagged("150/QTY g/UNIT //PUNC 5/QTY 1/4/QTY oz/UNIT chickpeas/NAME");
    expect(assembleAmounts(tokens, labels).map((a) => [a.quantity, a.unit])).toEqual([
      [150, "g"],
      [5.25, "oz"],
    ]);
    const [t2, l2] = tagged("1/QTY cup/UNIT plus/COMMENT 2/QTY tbsp/UNIT flour/NAME");
    expect(assembleAmounts(t2, l2).map((a) => [a.quantity, a.unit])).toEqual([
      [1, "cup"],
      [2, "tbsp"],
    ]);
  });
});

describe("unitOf", () => {
  it("drops modifiers and keeps unknown unit words singular", () => {
    expect(unitOf(["large", "bunch"])).toBe("bunch");
    expect(unitOf(["small"])).toBeNull();
    expect(unitOf(["spears"])).toBe("spear");
  });
});

describe("splitAlternatives", () => {
  it.each([
    ["butter or margarine", "butter", ["margarine"]],
    ["chicken or vegetable stock", "chicken stock", ["vegetable stock"]],
    ["pine nuts or walnuts", "pine nuts", ["walnuts"]],
    ["salt and pepper", "salt and pepper", []],
  ])("%s", (name, primary, alternatives) => {
    expect(splitAlternatives(name)).toEqual({ primary, alternatives });
  });
});

describe("assemble", () => {
  it("fills every field", () => {
    const [tokens, labels] = tagged(
      "2/QTY large/SIZE onions/NAME ,/PUNC finely/PREP chopped/PREP (/PUNC optional/COMMENT )/PUNC ,/PUNC to/PURPOSE serve/PURPOSE",
    );
    const p = assemble("2 large onions, finely chopped (optional), to serve", tokens, labels);
    expect(p).toMatchObject({
      quantity: 2,
      unit: null,
      size: "large",
      name: "onions",
      preparation: "finely chopped",
      comment: "optional, to serve",
      optional: true,
      isHeader: false,
      alternatives: [],
    });
  });

  it("flags headers and gives them no name", () => {
    const [tokens, labels] = tagged("For/NAME the/NAME sauce/NAME :/PUNC");
    expect(assemble("For the sauce:", tokens, labels)).toMatchObject({ isHeader: true, name: null, amounts: [] });
  });

  it("reads dozen as a count", () => {
    const [tokens, labels] = tagged("2/QTY dozen/UNIT eggs/NAME");
    expect(assemble("2 dozen eggs", tokens, labels)).toMatchObject({ quantity: 24, unit: null, name: "eggs" });
  });
});
