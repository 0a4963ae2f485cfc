/**
 * Trains the ingredient tagger (structured averaged perceptron over hashed features, Viterbi
 * decoding) and writes core/ingredient/model/weights.json in the packed form the parser loads
 * (format 3, core/ingredient/model/packed.ts).
 *
 *   node scripts/train-ingredients.ts [DATA_FILE] [--epochs N] [--runs N] [--min-weight W] [--dry-run]
 *
 * DATA_FILE defaults to ../shared/data/ingredients/dev.jsonl. A fixed 10% validation slice
 * (hash of the row id) is never trained on; accuracy is reported on it and on the whole file.
 * See docs/decisions/0005-ingredient-parser.md.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { alignLabels } from "../core/ingredient/align-labels.ts";
import type { LabelColumns } from "../core/ingredient/align-labels.ts";
import { assemble } from "../core/ingredient/assemble.ts";
import { labelTokensWith, punctMask } from "../core/ingredient/label.ts";
import { L, LABELS, serialiseModel, viterbi } from "../core/ingredient/tagger-model.ts";
import type { SerialisedModel, TaggerModel } from "../core/ingredient/tagger-model.ts";
import { FEATURE_BITS, getLineFeatures } from "../core/ingredient/token-features.ts";
import { isValidationRow } from "../core/ingredient/validation-slice.ts";
import type { LineFeatures } from "../core/ingredient/token-features.ts";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1]! : dflt;
};
const positional = args.filter((a, i) => !a.startsWith("--") && !(i > 0 && args[i - 1]!.startsWith("--") && args[i - 1] !== "--dry-run"));
const dataFile = path.resolve(positional[0] ?? path.join(root, "..", "shared", "data", "ingredients", "dev.jsonl"));
const EPOCHS = Number(opt("--epochs", "10"));
const MIN_WEIGHT = Number(opt("--min-weight", "0.01"));
const DRY = args.includes("--dry-run");
const RUNS = Number(opt("--runs", "1"));
const outFile = path.join(root, "core", "ingredient", "model", "weights.json");

interface Row extends LabelColumns {
  id: string;
  source: string;
  gold: { amounts: { quantity: number | null; quantityMax: number | null; unit: string | null }[]; name: string };
}

const rows: Row[] = fs
  .readFileSync(dataFile, "utf8")
  .split("\n")
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as Row);
const LABEL_INDEX = new Map<string, number>(LABELS.map((l, i) => [l, i]));

interface Example {
  lf: LineFeatures;
  gold: Int8Array;
  mask: Int8Array;
}

const train: Example[] = [];
let unclean = 0;
for (const r of rows) {
  if (isValidationRow(r.id)) continue;
  const a = alignLabels(r);
  if (a.tokens.length === 0) continue;
  if (a.unmatched > 0) {
    unclean++;
    continue;
  }
  train.push({
    lf: getLineFeatures(a.tokens),
    gold: Int8Array.from(a.labels.map((l) => LABEL_INDEX.get(l)!)),
    mask: punctMask(a.tokens),
  });
}
console.log(`data ${dataFile}: ${rows.length} rows, training on ${train.length} (${unclean} not cleanly aligned skipped)`);

const SIZE = 1 << FEATURE_BITS;

function emissions(weights: Float32Array, lf: LineFeatures): Float32Array {
  const em = new Float32Array(lf.n * L);
  for (let i = 0; i < lf.n; i++) {
    for (let k = lf.offsets[i]!; k < lf.offsets[i + 1]!; k++) {
      const base = lf.feats[k]! * L;
      for (let l = 0; l < L; l++) em[i * L + l]! += weights[base + l]!;
    }
  }
  return em;
}

/** One averaged structured-perceptron run over the training lines in a seeded order. */
function trainOnce(runSeed: number): { avg: Float32Array; avgT: number[] } {
  const w = new Float32Array(SIZE * L);
  const u = new Float32Array(SIZE * L); // sum of c * update, for averaging
  const tw = new Float64Array((L + 1) * L);
  const tu = new Float64Array((L + 1) * L);
  let c = 1;
  let seed = runSeed;
  const rand = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 4294967296;
  };
  const order = train.slice();
  for (let epoch = 1; epoch <= EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    let errors = 0;
    let tokens = 0;
    for (const ex of order) {
      const em = emissions(w, ex.lf);
      const pred = viterbi(em, ex.lf.n, tw, ex.mask);
      tokens += ex.lf.n;
      for (let i = 0; i < ex.lf.n; i++) {
        const g = ex.gold[i]!;
        const p = pred[i]!;
        const gPrev = i === 0 ? L : ex.gold[i - 1]!;
        const pPrev = i === 0 ? L : pred[i - 1]!;
        if (g !== p) {
          errors++;
          for (let k = ex.lf.offsets[i]!; k < ex.lf.offsets[i + 1]!; k++) {
            const base = ex.lf.feats[k]! * L;
            w[base + g]! += 1;
            u[base + g]! += c;
            w[base + p]! -= 1;
            u[base + p]! -= c;
          }
        }
        if (g !== p || gPrev !== pPrev) {
          tw[gPrev * L + g]! += 1;
          tu[gPrev * L + g]! += c;
          tw[pPrev * L + p]! -= 1;
          tu[pPrev * L + p]! -= c;
        }
      }
      c++;
    }
    console.log(`run ${runSeed} epoch ${epoch}: token error ${((100 * errors) / tokens).toFixed(2)}%`);
  }
  const avg = new Float32Array(SIZE * L);
  for (let i = 0; i < avg.length; i++) avg[i] = w[i]! - u[i]! / c;
  return { avg, avgT: Array.from(tw, (x, i) => x - tu[i]! / c) };
}

// several runs in different orders, averaged: less variance than one run
const avg = new Float32Array(SIZE * L);
const avgT = new Array<number>((L + 1) * L).fill(0);
for (let r = 0; r < RUNS; r++) {
  const one = trainOnce(42 + r * 7919);
  for (let i = 0; i < avg.length; i++) avg[i]! += one.avg[i]! / RUNS;
  for (let i = 0; i < avgT.length; i++) avgT[i]! += one.avgT[i]! / RUNS;
}

// prune + quantise
let maxAbs = 0;
for (let i = 0; i < avg.length; i++) maxAbs = Math.max(maxAbs, Math.abs(avg[i]!));
const scale = maxAbs / 127;
const keep: number[] = [];
for (let f = 0; f < SIZE; f++) {
  let m = 0;
  for (let l = 0; l < L; l++) m = Math.max(m, Math.abs(avg[f * L + l]!));
  if (m >= MIN_WEIGHT * maxAbs && Math.round(m / scale) !== 0) keep.push(f);
}
const quantised = new Int8Array(keep.length * L);
keep.forEach((f, r) => {
  for (let l = 0; l < L; l++) quantised[r * L + l] = Math.max(-127, Math.min(127, Math.round(avg[f * L + l]! / scale)));
});
const serial: SerialisedModel = serialiseModel(keep, quantised, {
  labels: [...LABELS],
  featureBits: FEATURE_BITS,
  scale,
  trans: avgT.map((x) => Math.round(x * 1000) / 1000),
});

// evaluate the quantised model through the whole pipeline, as the product runs it
const { decodeModel } = await import("../core/ingredient/tagger-model.ts");
const model: TaggerModel = decodeModel(serial);
const { normaliseLine } = await import("../core/ingredient/normalise.ts");
const { tokenise } = await import("../core/ingredient/tokenise.ts");
const scorerPath = path.join(path.dirname(dataFile), "..", "..", "bench", "score-ingredients.mjs");
const scorer = fs.existsSync(scorerPath)
  ? ((await import(pathToFileURL(scorerPath).href)) as {
      scoreLine: (row: unknown, pred: unknown) => { q: boolean; u: boolean; n: boolean; line: boolean };
    })
  : null;

function evaluate(subset: Row[], label: string) {
  let tokOk = 0;
  let tokN = 0;
  const t = { q: 0, u: 0, n: 0, line: 0 };
  for (const r of subset) {
    const a = alignLabels(r);
    const tokens = tokenise(normaliseLine(r.input));
    const labels = tokens.length ? labelTokensWith(model, tokens) : [];
    if (a.unmatched === 0) {
      for (let i = 0; i < tokens.length; i++) {
        tokN++;
        if (labels[i] === a.labels[i]) tokOk++;
      }
    }
    if (scorer) {
      const p = tokens.length ? assemble(r.input, tokens, labels) : null;
      const s = scorer.scoreLine(r, p ? { ...p, name: p.fullName ?? p.name } : { quantity: null, unit: null, name: null });
      t.q += +s.q;
      t.u += +s.u;
      t.n += +s.n;
      t.line += +s.line;
    }
  }
  const pct = (x: number, n: number) => ((100 * x) / n).toFixed(2);
  console.log(
    `${label}: ${subset.length} lines, token acc ${pct(tokOk, tokN)}%` +
      (scorer
        ? `, quantity ${pct(t.q, subset.length)}%, unit ${pct(t.u, subset.length)}%, name ${pct(t.n, subset.length)}%, line ${pct(t.line, subset.length)}%`
        : ""),
  );
}
evaluate(
  rows.filter((r) => isValidationRow(r.id)),
  "validation (never trained on)",
);
evaluate(rows, "whole file");

const { packModel } = await import("../core/ingredient/model/packed.ts");
const text =
  JSON.stringify({
    $comment: `Generated by scripts/train-ingredients.ts from ${path.basename(dataFile)} (${train.length} training lines, ${EPOCHS} epochs x ${RUNS} runs); do not edit. See docs/decisions/0005-ingredient-parser.md.`,
    ...packModel(model, { labels: serial.labels, scale: serial.scale, trans: serial.trans, rows: serial.rows }),
  }) + "\n";
console.log(`model: ${keep.length} feature rows, ${(text.length / 1024).toFixed(0)} KB source`);
if (!DRY) {
  fs.writeFileSync(outFile, text);
  console.log(`wrote ${path.relative(root, outFile)}`);
}
