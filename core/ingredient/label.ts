/**
 * Stage 3 of the ingredient pipeline: assigns every token a label (QTY, UNIT, SIZE, NAME, PREP,
 * COMMENT, PURPOSE, PUNC = part of no field). Uses the learned tagger when its weights are
 * present, else a small rule tagger (the fallback also documents the intended labels).
 */
import { canonicalUnit } from "../units/aliases.ts";
import WEIGHTS from "./model/weights.json" with { type: "json" };
import { lineEmissions } from "./emission.ts";
import { isNumberToken, isPunctToken } from "./tokenise.ts";
import { modelFromFile } from "./model/packed.ts";
import type { PackedModel } from "./model/packed.ts";
import { LABELS, viterbi } from "./tagger-model.ts";
import type { Label, SerialisedModel, TaggerModel } from "./tagger-model.ts";
import { isNumberWord } from "./quantity-value.ts";

export type { Label } from "./tagger-model.ts";

/**
 * The learned model, loaded on first use (not at import: keeps module load and a Worker's
 * start-up cheap). The file ships it in the form it is used (model/packed.ts), so loading is one
 * native base64 decode and a few views. Null when the weights are missing or stale (a test
 * asserts they are not).
 */
let MODEL: TaggerModel | null | undefined;

function model(): TaggerModel | null {
  if (MODEL === undefined) MODEL = loadModel(WEIGHTS as unknown as PackedModel | SerialisedModel);
  return MODEL;
}

function loadModel(file: PackedModel | SerialisedModel): TaggerModel | null {
  try {
    return file.data ? modelFromFile(file) : null;
  } catch {
    return null;
  }
}
const PUNC = LABELS.indexOf("PUNC");

let maskBuf = new Int8Array(64);
let pathBuf = new Int8Array(64);

/** Per token: PUNC's index for punctuation (forced), -1 for words (free). */
export function punctMask(tokens: readonly string[]): Int8Array {
  const mask = new Int8Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) mask[i] = isPunctToken(tokens[i]!) ? PUNC : -1;
  return mask;
}

/** True when the learned model is usable (false only before the first training run or with stale weights). */
export function hasLearnedModel(): boolean {
  return model() !== null;
}

/**
 * Labels the tokens of one line.
 *
 * @example labelTokens(["2", "cups", "flour"]) // ["QTY", "UNIT", "NAME"]
 */
export function labelTokens(tokens: readonly string[]): Label[] {
  if (tokens.length === 0) return [];
  const m = model();
  if (!m) return ruleLabels(tokens);
  return labelTokensWith(m, tokens);
}

/** Labels tokens with a given model (the trainer evaluates candidate models this way). */
export function labelTokensWith(model: TaggerModel, tokens: readonly string[]): Label[] {
  const n = tokens.length;
  if (maskBuf.length < n) {
    maskBuf = new Int8Array(n * 2);
    pathBuf = new Int8Array(n * 2);
  }
  const em = lineEmissions(model, tokens, maskBuf);
  let path = viterbi(em, n, model.trans, maskBuf, pathBuf, model.transT);
  if (lacksName(path, n)) path = bestPathWithName(model, tokens, em, path);
  const out: Label[] = new Array(tokens.length);
  for (let i = 0; i < tokens.length; i++) out[i] = LABELS[path[i]!]!;
  return out;
}

const NAME = LABELS.indexOf("NAME");
const QTY = LABELS.indexOf("QTY");
const UNIT = LABELS.indexOf("UNIT");

/**
 * True when the best path names nothing although the line has a quantity and other words
 * ("1 cup (250 mL) loosely packed cilantro": after the bracket the tagger stays in COMMENT).
 * A line with an amount is an ingredient line, and every ingredient line names what to buy.
 */
function lacksName(path: Int8Array, n: number): boolean {
  let amount = false;
  let other = false;
  for (let i = 0; i < n; i++) {
    const l = path[i]!;
    if (l === NAME) return false;
    if (l === QTY) amount = true;
    else if (l !== PUNC && l !== UNIT) other = true;
  }
  return amount && other;
}

/**
 * The best path that labels at least one candidate word NAME (outside brackets, not forced
 * punctuation, not part of the amount of the unconstrained path). One Viterbi pass over twice
 * the labels, (label, "a candidate was already NAME"), gives exactly the best of "viterbi with
 * word i forced to NAME" over every candidate i, in time linear in the line's length (the loop
 * over candidates it replaces was quadratic). Runs only for lines whose unconstrained
 * path names nothing (a few in ten thousand).
 */
function bestPathWithName(model: TaggerModel, tokens: readonly string[], em: Float32Array, first: Int8Array): Int8Array {
  const n = tokens.length;
  const L = LABELS.length;
  const trans = model.trans;
  const mask = maskBuf;
  const eligible = new Uint8Array(n);
  let any = false;
  let depth = 0;
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    if (t === "(" || t === "[") depth++;
    else if (t === ")" || t === "]") depth = Math.max(0, depth - 1);
    if (mask[i]! >= 0 || depth > 0 || first[i] === QTY || first[i] === UNIT) continue;
    eligible[i] = 1;
    any = true;
  }
  if (!any) return first;
  const NEG = -1e30;
  // state s = flag * L + label; score[i * 2L + s], back[i * 2L + s] = previous state
  const S = 2 * L;
  const score = new Float64Array(n * S).fill(NEG);
  const back = new Int16Array(n * S);
  for (let l = 0; l < L; l++) {
    if (mask[0]! >= 0 && mask[0] !== l) continue;
    const v = trans[L * L + l]! + em[l]!;
    if (eligible[0] && l === NAME) score[L + l] = v;
    else score[l] = v;
  }
  for (let i = 1; i < n; i++) {
    const prev = (i - 1) * S;
    const base = i * S;
    const only = mask[i]!;
    for (let l = 0; l < L; l++) {
      if (only >= 0 && only !== l) continue;
      let b0 = NEG;
      let a0 = 0;
      let b1 = NEG;
      let a1 = L;
      for (let k = 0; k < L; k++) {
        const t = trans[k * L + l]!;
        const v0 = score[prev + k]! + t;
        if (v0 > b0) {
          b0 = v0;
          a0 = k;
        }
        const v1 = score[prev + L + k]! + t;
        if (v1 > b1) {
          b1 = v1;
          a1 = L + k;
        }
      }
      const e = em[i * L + l]!;
      if (eligible[i] && l === NAME) {
        // NAME at a candidate: the flag is set whatever it was before
        if (b0 >= b1) {
          score[base + L + l] = b0 + e;
          back[base + L + l] = a0;
        } else {
          score[base + L + l] = b1 + e;
          back[base + L + l] = a1;
        }
      } else {
        score[base + l] = b0 + e;
        back[base + l] = a0;
        score[base + L + l] = b1 + e;
        back[base + L + l] = a1;
      }
    }
  }
  let bestState = -1;
  let bestScore = NEG / 2;
  for (let l = 0; l < L; l++) {
    const v = score[(n - 1) * S + L + l]!;
    if (v > bestScore) {
      bestScore = v;
      bestState = L + l;
    }
  }
  if (bestState < 0) return first;
  const path = new Int8Array(n);
  for (let i = n - 1, st = bestState; i >= 0; i--) {
    path[i] = st % L;
    st = back[i * S + st]!;
  }
  return path;
}

const SIZES = new Set(["small", "medium", "large", "extra-large", "big", "jumbo"]);
const PURPOSE_START = new Set(["for", "to"]);

/** Rule fallback: leading numbers/units, size words, name up to the first comma or parenthesis. */
export function ruleLabels(tokens: readonly string[]): Label[] {
  const out: Label[] = [];
  let phase: "amount" | "name" | "rest" = "amount";
  let restLabel: Label = "COMMENT";
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const lower = t.toLowerCase();
    if (t === "(") depth++;
    if (isPunctToken(t)) {
      out.push("PUNC");
      if (t === ")") depth = Math.max(0, depth - 1);
      if (t === "," && depth === 0 && phase === "name") phase = "rest";
      continue;
    }
    if (depth > 0) {
      out.push("COMMENT");
      continue;
    }
    if (phase === "amount") {
      if (isNumberToken(t) || isNumberWord(lower)) {
        out.push("QTY");
        continue;
      }
      if (canonicalUnit(t) !== null && (i === 0 || out[i - 1] === "QTY" || out[i - 1] === "SIZE" || out[i - 1] === "UNIT")) {
        out.push("UNIT");
        continue;
      }
      if (lower === "x" || lower === "of") {
        out.push("PUNC");
        continue;
      }
      if (SIZES.has(lower)) {
        out.push("SIZE");
        continue;
      }
      phase = "name";
    }
    if (phase === "name") {
      out.push("NAME");
      continue;
    }
    if (PURPOSE_START.has(lower)) restLabel = "PURPOSE";
    out.push(restLabel === "PURPOSE" ? "PURPOSE" : "PREP");
  }
  return out;
}
