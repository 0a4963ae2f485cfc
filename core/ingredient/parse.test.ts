import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { canonicalUnit } from "../units/aliases.ts";
import { unitOf } from "./assemble.ts";
import { hasLearnedModel } from "./label.ts";
import { inspectIngredient, parseIngredient } from "./parse.ts";

describe("parseIngredient robustness", () => {
  it("never throws on 10,000 random unicode strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (s) => {
        const p = parseIngredient(s);
        expect(p.input).toBe(s);
        expect(Array.isArray(p.amounts)).toBe(true);
      }),
      { numRuns: 10_000 },
    );
  }, 120_000); // a generous cap for slow CI machines, not a speed check (speed is in bench/ingredients.ts)

  it("never throws on random ingredient-like strings", () => {
    const piece = fc.constantFrom(
      "1",
      "½",
      "1/2",
      "-",
      " ",
      "to",
      "x",
      "(",
      ")",
      ",",
      "g",
      "oz",
      "/",
      "cup",
      "or",
      "2-3",
      ".",
      "flour",
      "T",
      "1,5",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (parts) => {
        const p = parseIngredient(parts.join(""));
        if (p.quantity !== null) expect(Number.isFinite(p.quantity)).toBe(true);
      }),
      { numRuns: 3_000 },
    );
  }, 120_000);

  it("parses a 10,000-character line", () => {
    for (const line of ["1 cup flour, ".repeat(800), "1".repeat(10_000), "1 - ".repeat(2_500), "(".repeat(10_000), "1g/".repeat(3_000)]) {
      const p = parseIngredient(line);
      expect(p.input).toBe(line);
    }
    expect(parseIngredient("1 cup flour, ".repeat(800)).quantity).toBe(1);
  }, 120_000);
});

describe("inspectIngredient", () => {
  it("returns every stage", () => {
    const r = inspectIngredient("150g/5¼oz canned chickpeas, drained");
    expect(r.normalised).toBe("150 g/5+1/4 oz canned chickpeas, drained");
    expect(r.tokens).toEqual(["150", "g", "/", "5+1/4", "oz", "canned", "chickpeas", ",", "drained"]);
    expect(r.labels).toEqual(["QTY", "UNIT", "PUNC", "QTY", "UNIT", "NAME", "NAME", "PUNC", "PREP"]);
    expect(r.result.name).toBe("canned chickpeas");
  });
});

/** The benchmark's name comparison, in short: lower case, letters and digits, simple singulars. */
function nameKey(s: string | null | undefined): string {
  return (s ?? "")
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith("s") && !/(?:ss|us|is)$/.test(w) ? w.replace(/(?:ie|e)?s$/, "") : w))
    .join(" ");
}

describe("accuracy on the in-repo validation sample (never trained on)", () => {
  interface Row {
    input: string;
    gold: { quantity: number | null; quantityMax: number | null; unit: string | null; name: string };
  }
  const rows = readFileSync(new URL("./fixtures/validation-sample.jsonl", import.meta.url), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row);

  it("uses the learned tagger", () => {
    expect(hasLearnedModel()).toBe(true);
  });

  it("gets at least 90% of lines fully right", () => {
    let right = 0;
    for (const r of rows) {
      const p = parseIngredient(r.input);
      const q = r.gold.quantity === null ? p.quantity === null : p.quantity !== null && Math.abs(p.quantity - r.gold.quantity) < 1e-3;
      const goldUnit = r.gold.unit === null ? null : (canonicalUnit(r.gold.unit) ?? unitOf(r.gold.unit.split(" ")));
      const u = goldUnit === p.unit;
      const n = nameKey(p.fullName ?? p.name) === nameKey(r.gold.name);
      if (q && u && n) right++;
    }
    expect(right / rows.length).toBeGreaterThanOrEqual(0.9);
  });
});
