import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineEmissions } from "./emission.ts";
import { punctMask } from "./label.ts";
import WEIGHTS from "./model/weights.json" with { type: "json" };
import { normaliseLine } from "./normalise.ts";
import { modelFromFile, type PackedModel } from "./model/packed.ts";
import { emissionScores } from "./tagger-model.ts";
import { getLineFeatures } from "./token-features.ts";
import { tokenise } from "./tokenise.ts";

const model = modelFromFile(WEIGHTS as unknown as PackedModel);

/** The run-time emission path must give exactly the reference sums (feature ids -> weight rows). */
function expectSame(tokens: string[]): void {
  const ref = Array.from(emissionScores(model, getLineFeatures(tokens)).subarray(0, tokens.length * 8));
  const mask = new Int8Array(tokens.length);
  const fast = Array.from(lineEmissions(model, tokens, mask).subarray(0, tokens.length * 8));
  expect(fast).toEqual(ref);
  expect(Array.from(mask)).toEqual(Array.from(punctMask(tokens)));
}

describe("lineEmissions", () => {
  it("equals the reference emission scores on every fixture line", () => {
    const lines = readFileSync(new URL("./fixtures/validation-sample.jsonl", import.meta.url), "utf8")
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => (JSON.parse(l) as { input: string }).input);
    expect(lines.length).toBeGreaterThan(100);
    for (const line of lines) expectSame(tokenise(normaliseLine(line)));
  });

  it("equals the reference on short, long, bracketed and style-cue lines", () => {
    for (const line of [
      "2 cups flour",
      "x",
      "1 (14 oz) can tomatoes, drained (or 2 cups fresh)",
      "150g/5oz butter or margarine, softened; for greasing",
      "1 tbsp / 15 ml oil [optional]",
      "salt",
      "1 cup flour, ".repeat(50),
    ]) {
      expectSame(tokenise(normaliseLine(line)));
    }
  });

  it("equals the reference on random token sequences", () => {
    const tok = fc.constantFrom(
      "é",
      "½",
      "…",
      "1",
      "1/2",
      "2-3",
      "cup",
      "cups",
      "g",
      "oz",
      "(",
      ")",
      ",",
      ";",
      "/",
      "or",
      "Or",
      "large",
      "x",
      "flour",
      "chopped",
      "[",
      "]",
      "tbsp",
      "C",
    );
    fc.assert(
      fc.property(fc.array(tok, { minLength: 1, maxLength: 20 }), (tokens) => expectSame(tokens)),
      { numRuns: 500 },
    );
  });

  it("equals the reference when the word table fills up, mid-line and with long words", () => {
    const words = Array.from({ length: 20_000 }, (_, i) => `w${i.toString(36)}x`);
    for (let start = 0; start < words.length; start += 500) {
      const line = words.slice(start, start + 500);
      if (start % 2500 === 0) expectSame(line);
      else lineEmissions(model, line);
    }
    // one line with more distinct words than the table holds, plus words too long to keep
    expectSame([...words.slice(0, 17_000), "a".repeat(50), "(", "b".repeat(45), "2", "cups"]);
    expectSame(["2", "cups", "flour"]);
  });
});
