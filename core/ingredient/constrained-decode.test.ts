/**
 * The constrained decode (label.ts, bestPathWithName) is one Viterbi pass over (label, "named
 * yet") states now; before, it re-ran Viterbi once per candidate word, which made long
 * number-heavy lines quadratic. This checks the single pass against that per-candidate search
 * on random number-heavy lines, long ones included.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineEmissions } from "./emission.ts";
import { labelTokensWith } from "./label.ts";
import WEIGHTS from "./model/weights.json" with { type: "json" };
import { parseIngredient } from "./parse.ts";
import { modelFromFile, type PackedModel } from "./model/packed.ts";
import { LABELS, viterbi } from "./tagger-model.ts";
import { normaliseLine } from "./normalise.ts";
import { tokenise } from "./tokenise.ts";
import { expectDefined } from "../lib/expect-defined.ts";

const model = modelFromFile(WEIGHTS as unknown as PackedModel);
const L = LABELS.length;
const label = (l: (typeof LABELS)[number]): number => LABELS.indexOf(l);
const [QTY, UNIT, NAME, PUNC] = [label("QTY"), label("UNIT"), label("NAME"), label("PUNC")] as const;

function score(em: Float32Array, path: Int8Array, n: number): number {
  let s = expectDefined(model.trans[L * L + expectDefined(path[0])]) + expectDefined(em[expectDefined(path[0])]);
  for (let i = 1; i < n; i++)
    s +=
      expectDefined(model.trans[expectDefined(path[i - 1]) * L + expectDefined(path[i])]) +
      expectDefined(em[i * L + expectDefined(path[i])]);
  return s;
}

/** The old search: Viterbi with each candidate word forced to NAME, best score kept. */
function reference(tokens: string[]): { labels: string[]; score: number } {
  const n = tokens.length;
  const mask = new Int8Array(n);
  const em = lineEmissions(model, tokens, mask);
  const first = viterbi(em, n, model.trans, mask, new Int8Array(n), model.transT);
  let named = false;
  let amount = false;
  let other = false;
  for (let i = 0; i < n; i++) {
    if (first[i] === NAME) named = true;
    else if (first[i] === QTY) amount = true;
    else if (first[i] !== PUNC && first[i] !== UNIT) other = true;
  }
  let best = first;
  if (!named && amount && other) {
    let bestScore = -Infinity;
    let depth = 0;
    for (let i = 0; i < n; i++) {
      const t = expectDefined(tokens[i]);
      if (t === "(" || t === "[") depth++;
      else if (t === ")" || t === "]") depth = Math.max(0, depth - 1);
      if (expectDefined(mask[i]) >= 0 || depth > 0 || first[i] === QTY || first[i] === UNIT) continue;
      const forced = mask.slice();
      forced[i] = NAME;
      const path = viterbi(em, n, model.trans, forced, new Int8Array(n), model.transT);
      const s = score(em, path, n);
      if (s > bestScore) {
        bestScore = s;
        best = path;
      }
    }
  }
  return { labels: [...best].map((l) => expectDefined(LABELS[l])), score: score(em, best, n) };
}

/**
 * Same labels as the old search, or (on a line that repeats itself, where several places score
 * the same up to rounding) a path that also names something with the same score.
 */
function expectSameDecode(tokens: string[]): void {
  const got = labelTokensWith(model, tokens);
  const want = reference(tokens);
  if (got.join() === want.labels.join()) return;
  const n = tokens.length;
  const em = lineEmissions(model, tokens, new Int8Array(n));
  const path = Int8Array.from(got.map((l) => LABELS.indexOf(l as (typeof LABELS)[number])));
  expect(got).toContain("NAME");
  expect(Math.abs(score(em, path, n) - want.score)).toBeLessThan(1e-6 * Math.max(1, Math.abs(want.score)));
}

const piece = fc.constantFrom(
  "1",
  "2",
  "½",
  "1/2",
  "3-4",
  "cup",
  "g",
  "oz",
  "(",
  ")",
  ",",
  "or",
  "to",
  "taste",
  "packed",
  "loosely",
  "x",
  "chopped",
  "fresh",
  "and",
);

describe("constrained decode (every line with an amount names something)", () => {
  it("equals the per-candidate search on random number-heavy lines", () => {
    fc.assert(
      fc.property(fc.array(piece, { minLength: 2, maxLength: 40 }), (parts) => {
        const tokens = tokenise(normaliseLine(parts.join(" ")));
        if (!tokens.length) return;
        expect(labelTokensWith(model, tokens)).toEqual(reference(tokens).labels);
      }),
      { numRuns: 3_000 },
    );
  }, 120_000);

  it("equals it on long lines of numbers and words (250 and 500 characters)", () => {
    for (const line of ["1 ".repeat(125), "1 ".repeat(250), "1 cup (2 g) packed ".repeat(25), "½ 1 x 2 to ".repeat(45)]) {
      expectSameDecode(tokenise(normaliseLine(line)));
      expect(parseIngredient(line).input).toBe(line);
    }
  }, 120_000);
});
