import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalUnit } from "../units/aliases.ts";
import { toBase } from "../units/measures.ts";
import { type AmountFormat, FLOOR, formatCount, formatMeasured, fractionText, niceFraction, numberText } from "./format-amount.ts";

const TSP = 4.92892159375;

describe("format-amount", () => {
  it("writes fractions, never long decimals", () => {
    expect(fractionText(7, 4)).toBe("1 3/4");
    expect(fractionText(2, 6)).toBe("1/3");
    expect(fractionText(4, 2)).toBe("2");
    expect(numberText(1 / 3)).toBe("1/3");
    expect(numberText(2.5)).toBe("2 1/2");
    expect(numberText(1.37)).toBe("1.37");
    expect(niceFraction(0.3333333, [1, 2, 3, 4], 0.01)?.text).toBe("1/3");
    expect(niceFraction(0.41, [1, 2, 4], 0.01)).toBeNull();
  });

  it("chooses tsp, tbsp or cups for US volumes", () => {
    expect(formatMeasured(TSP * 0.5, "volume", { system: "us" }).text).toBe("1/2 tsp");
    expect(formatMeasured(TSP * 9, "volume", { system: "us" })).toEqual({ quantity: 3, unit: "tbsp", text: "3 tbsp" });
    expect(formatMeasured(TSP * 4, "volume", { system: "us" }).text).toBe("4 tsp");
    expect(formatMeasured(TSP * 72, "volume", { system: "us" })).toEqual({ quantity: 1.5, unit: "cup", text: "1 1/2 cups" });
    expect(formatMeasured(TSP * 48 * (2 / 3), "volume", { system: "us" }).text).toBe("2/3 cup");
    expect(formatMeasured(TSP * 51, "volume", { system: "us" }).text).toBe("1 cup + 1 tbsp");
  });

  it("keeps metric in metric and switches to kg / l above 1000", () => {
    expect(formatMeasured(250, "mass", { system: "metric" })).toEqual({ quantity: 250, unit: "g", text: "250 g" });
    expect(formatMeasured(1250, "mass", { system: "metric" })).toEqual({ quantity: 1.25, unit: "kg", text: "1.25 kg" });
    expect(formatMeasured(300, "volume", { system: "metric" }).text).toBe("300 ml");
    expect(formatMeasured(1500, "volume", { system: "metric" }).text).toBe("1.5 l");
    expect(formatMeasured(15, "volume", { system: "metric" }).text).toBe("1 tbsp");
  });

  it("uses oz below a pound and lb above", () => {
    expect(formatMeasured(28.349523125 * 6, "mass", { system: "us" }).text).toBe("6 oz");
    expect(formatMeasured(453.59237 * 1.5, "mass", { system: "us" })).toEqual({ quantity: 1.5, unit: "lb", text: "1 1/2 lb" });
    expect(formatMeasured(453.59237 + 28.349523125 * 3, "mass", { system: "us" }).text).toBe("1 lb 3 oz");
  });

  it("formats counts with plural units", () => {
    expect(formatCount(3, null).text).toBe("3");
    expect(formatCount(2, "can").text).toBe("2 cans");
    expect(formatCount(1, "bunch").text).toBe("1 bunch");
    expect(formatCount(1, "bunch").text).toBe("1 bunch");
    expect(formatCount(1.5, "pinch").text).toBe("1 1/2 pinches");
  });
});

/** The total a displayed amount asks for, in the base unit (ml, g, mm): "1 cup + 2 tbsp", "1 lb 9 oz", "1,5 l". */
function shownBase(text: string): number {
  let total = 0;
  for (const part of text.split(" + ")) {
    for (const m of part.matchAll(/(\d+(?:[.,]\d+)?)(?: (\d+)\/(\d+))?(?:\/(\d+))? ([a-z ]+?)(?= \d|$)/g)) {
      const [, a = "0", num, den, bareDen, unitWord = ""] = m;
      let q = Number(a.replace(",", "."));
      if (num && den) q += Number(num) / Number(den);
      if (bareDen) q /= Number(bareDen);
      const unit = canonicalUnit(unitWord.trim());
      expect(unit, `unit in "${text}"`).not.toBeNull();
      total += toBase(q, unit);
    }
  }
  return total;
}

describe("amounts as a cook writes them", () => {
  const BUTTER = 227 / 236.5882365;

  it("rounds to a sensible measure, never '3 tbsp + 2 1/4 tsp'", () => {
    expect(formatMeasured(TSP * 11.25, "volume", { system: "us" }).text).toBe("1/4 cup");
    expect(formatMeasured(TSP * 5, "volume", { system: "us" }).text).toBe("5 tsp");
    expect(formatMeasured(TSP * 15, "volume", { system: "us" }).text).toBe("5 tbsp");
    expect(formatMeasured(TSP * 54, "volume", { system: "us" }).text).toBe("1 cup + 2 tbsp");
  });

  it("weighs solids in metric ('70 g butter', not '74 ml'); liquids keep ml; spoons stay spoons", () => {
    expect(formatMeasured(TSP * 15, "volume", { system: "metric", solidDensity: BUTTER }).text).toBe("70 g");
    expect(formatMeasured(TSP * 15, "volume", { system: "metric" }).text).toBe("75 ml");
    expect(formatMeasured(TSP * 6, "volume", { system: "metric", solidDensity: BUTTER }).text).toBe("2 tbsp");
  });

  it("never rounds a total down by more than 2%: 1 lb + 250 g is 1 lb 9 oz or 705 g, not 1 1/2 lb", () => {
    const beef = 453.59237 + 250;
    expect(formatMeasured(beef, "mass", { system: "us", approximate: true }).text).toBe("1 lb 9 oz");
    expect(formatMeasured(beef, "mass", { system: "metric", approximate: true }).text).toBe("705 g");
    expect(formatMeasured(102.4, "mass", { system: "metric" }).text).toBe("105 g");
  });

  it("rounds whole items up (no half egg, no half can) and keeps fractions of a pinch", () => {
    expect(formatCount(0.5, null)).toEqual({ quantity: 1, unit: null, text: "1" });
    expect(formatCount(1.5, null).text).toBe("2");
    expect(formatCount(2.01, null).text).toBe("2");
    expect(formatCount(0.5, "can").text).toBe("1 can");
    expect(formatCount(1.5, "clove").text).toBe("2 cloves");
    expect(formatCount(0.5, "pinch").text).toBe("1/2 pinch");
  });

  it("takes the locale as a parameter: decimals as the locale writes them", () => {
    expect(formatMeasured(1500, "volume", { system: "metric", locale: "de" }).text).toBe("1,5 l");
    expect(formatMeasured(1250, "mass", { system: "metric", locale: "fr-FR" }).text).toBe("1,25 kg");
    expect(formatMeasured(1500, "volume", { system: "metric", locale: "en-GB" }).text).toBe("1.5 l");
  });

  const format = fc.record({
    system: fc.constantFrom<"us" | "metric">("us", "metric"),
    approximate: fc.boolean(),
    solidDensity: fc.option(fc.double({ min: 0.3, max: 1.5, noNaN: true }), { nil: undefined }),
  }) satisfies fc.Arbitrary<AmountFormat>;

  it("property: a displayed total is never below 98% of the true total, nor far above it", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.7, max: 50_000, noNaN: true }),
        fc.constantFrom<"volume" | "mass" | "length">("volume", "mass", "length"),
        format,
        (x, dimension, f) => {
          const shown = formatMeasured(x, dimension, f);
          // a solid's volume may be shown as a mass: compare in grams then
          const inGrams = dimension === "volume" && shown.unit !== null && ["g", "kg"].includes(shown.unit);
          const truth = inGrams ? x * (f.solidDensity ?? 1) : x;
          const base = shownBase(shown.text);
          expect(base).toBeGreaterThanOrEqual(truth * FLOOR - 1e-9);
          // above the smallest measures (1/4 oz, 1/4 inch), never more than a quarter over
          if (truth >= 30) expect(base).toBeLessThanOrEqual(truth * 1.25);
          expect(shown.text).not.toMatch(/tbsp \+|\d[.,]\d{3}|^0(?![.,])/);
        },
      ),
      { numRuns: 3000 },
    );
  });

  it("property: whole-item counts are whole, at least 98% of the total and less than one item above it", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.01, max: 500, noNaN: true }), fc.constantFrom(null, "clove", "can", "bunch"), (q, unit) => {
        const shown = formatCount(q, unit);
        const n = shown.quantity ?? 0;
        expect(Number.isInteger(n)).toBe(true);
        expect(n).toBeGreaterThanOrEqual(Math.max(1, q * FLOOR) - 1e-9);
        expect(n).toBeLessThan(Math.max(1, q + 1));
      }),
      { numRuns: 2000 },
    );
  });
});
