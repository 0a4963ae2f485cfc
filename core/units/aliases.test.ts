import { describe, expect, it } from "vitest";
import { CANONICAL_UNITS, canonicalUnit, isUnitWord } from "./aliases.ts";

describe("canonicalUnit", () => {
  it.each([
    ["tsp", "tsp"], ["teaspoons", "tsp"], ["Teaspoon", "tsp"], ["t", "tsp"], ["tbsp", "tbsp"], ["Tablespoons", "tbsp"],
    ["T", "tbsp"], ["Tbsp.", "tbsp"], ["tbs", "tbsp"], ["dessertspoon", "dsp"], ["cups", "cup"], ["c", "cup"], ["C", "cup"],
    ["c.", "cup"], ["fl oz", "fl oz"], ["fl. oz.", "fl oz"], ["fluid ounces", "fl oz"], ["ounces", "oz"], ["oz.", "oz"],
    ["lbs", "lb"], ["pound", "lb"], ["grams", "g"], ["gr", "g"], ["kilos", "kg"], ["mg", "mg"], ["mL", "ml"],
    ["millilitres", "ml"], ["cl", "cl"], ["dl", "dl"], ["litre", "l"], ["liters", "l"], ["L", "l"], ["qt", "quart"],
    ["pints", "pint"], ["half-pint", "half-pint"], ["gallons", "gallon"], ["pinches", "pinch"], ["dashes", "dash"],
    ["drops", "drop"], ["splash", "splash"], ["cloves", "clove"], ["cans", "can"], ["tins", "tin"], ["packet", "package"],
    ["pkg", "package"], ["sticks", "stick"], ["bunches", "bunch"], ["sprigs", "sprig"], ["slices", "slice"],
    ["pieces", "piece"], ["handfuls", "handful"], ["heads", "head"], ["stalks", "stalk"], ["ribs", "rib"],
    ["leaves", "leaf"], ["inches", "inch"], ["in", "inch"], ["cm", "cm"], ["mm", "mm"], ["jars", "jar"],
    ["bottles", "bottle"], ["bags", "bag"], ["boxes", "box"], ["cartons", "carton"],
  ])("%s -> %s", (word, canon) => {
    expect(canonicalUnit(word)).toBe(canon);
  });

  it("does not treat size words or ingredients as units", () => {
    for (const w of ["small", "medium", "large", "flour", "egg", "", "  "]) expect(canonicalUnit(w)).toBeNull();
    expect(isUnitWord("large")).toBe(false);
  });

  it("maps every canonical unit to itself", () => {
    for (const u of CANONICAL_UNITS) expect(canonicalUnit(u)).toBe(u);
    expect(CANONICAL_UNITS).toContain("fl oz");
    expect(new Set(CANONICAL_UNITS).size).toBe(CANONICAL_UNITS.length);
  });
});
