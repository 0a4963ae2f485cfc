/**
 * Hashed features for the ingredient tagger (core/ingredient/label.ts), shared with the trainer
 * (scripts/train-ingredients.ts) so both see exactly the same numbers. Features are 32-bit
 * hashes of (template, word hashes) folded into FEATURE_BITS bits: no strings are built per
 * token, which keeps the tagger well above 150,000 lines/s.
 */
import { canonicalUnit } from "../units/aliases.ts";
import { isNumberToken } from "./tokenise.ts";
import { isNumberWord } from "./quantity-value.ts";

/** log2 of the hashed feature space. */
export const FEATURE_BITS = 20;
const MASK = (1 << FEATURE_BITS) - 1;

/** FNV-1a over UTF-16 code units. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ b;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const SIZE_WORDS = new Set([
  "small", "medium", "large", "big", "extra-large", "jumbo", "lg", "sm", "md", "med", "medium-size", "medium-sized",
  "large-size", "small-size", "x-large", "xl",
]);
const PREP_HINTS = new Set([
  "chopped", "sliced", "diced", "minced", "grated", "peeled", "crushed", "drained", "rinsed", "softened", "melted",
  "beaten", "halved", "trimmed", "cut", "finely", "roughly", "thinly", "coarsely", "freshly", "shredded", "toasted",
  "deseeded", "seeded", "cored", "cubed", "julienned", "zested", "squeezed", "pitted", "sifted", "cooked", "torn",
]);

/** Coarse word class: 0 other, 1 number, 2 unit, 3 size, 4 punctuation, 5 number word, 6 prep hint, 7 "x". */
function wordClass(t: string, lower: string): number {
  const c = t.charCodeAt(0);
  if (c >= 48 && c <= 57 && isNumberToken(t)) return 1;
  if (lower === "x" || lower === "×") return 7;
  if (canonicalUnit(t) !== null) return 2;
  if (SIZE_WORDS.has(lower)) return 3;
  if (isNumberWord(lower)) return 5;
  if (PREP_HINTS.has(lower) || (lower.length > 4 && lower.endsWith("ed"))) return 6;
  let alnum = false;
  for (let i = 0; i < t.length; i++) {
    const cc = t.charCodeAt(i);
    if ((cc >= 48 && cc <= 57) || (cc >= 65 && cc <= 90) || (cc >= 97 && cc <= 122) || cc > 127) {
      alnum = true;
      break;
    }
  }
  return alnum ? 0 : 4;
}

function shapeOf(t: string): number {
  const c = t.charCodeAt(0);
  if (c >= 65 && c <= 90) return t.length > 1 && t === t.toUpperCase() ? 2 : 1;
  if (c >= 48 && c <= 57) return t.includes("/") ? 4 : t.includes("-") ? 5 : t.includes(".") ? 6 : 3;
  return 0;
}

/** Per-line context the features need, computed once per line. */
export interface LineFeatures {
  /** Number of tokens. */
  n: number;
  /** feats[offsets[i] .. offsets[i+1]) are token i's feature indices (already masked). */
  feats: Int32Array;
  offsets: Int32Array;
}

const T = {
  bias: 1, w: 2, wm1: 3, wp1: 4, wm2: 5, wp2: 6, bi_m1: 7, bi_p1: 8, cls: 9, clsm1: 10, clsp1: 11, clsm2: 12,
  clsp2: 13, suf3: 14, pre3: 15, shape: 16, pos: 17, paren: 18, comma: 19, seenNum: 20, seenUnitCls: 21,
  cls_tri: 22, w_cls_m1: 23, w_cls_p1: 24, suf2: 25, last: 26, afterOr: 27, distEnd: 28, wcomma: 29,
  wparen: 30, seenName: 31, pclsm1_w: 32, firstTok: 33, wposfirst: 34,
} as const;

const PER_TOKEN = 34;
const BOS = 0x12345;
const EOS = 0x54321;

/**
 * Computes the hashed features of every token of a line.
 *
 * @example getLineFeatures(["2", "cups", "flour"]).n // 3
 */
export function getLineFeatures(tokens: readonly string[]): LineFeatures {
  const n = tokens.length;
  const wh = new Uint32Array(n);
  const cls = new Uint8Array(n);
  const lowers: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    const lower = t.toLowerCase();
    lowers[i] = lower;
    wh[i] = hashString(lower);
    cls[i] = wordClass(t, lower);
  }
  const feats = new Int32Array(n * PER_TOKEN);
  const offsets = new Int32Array(n + 1);
  let k = 0;
  let paren = 0;
  let commas = 0;
  let seenNum = 0;
  let seenUnit = 0;
  let seenWord = 0;
  let afterOr = 0;
  let firstWordHash = BOS;
  for (let i = 0; i < n; i++) {
    offsets[i] = k;
    const t = tokens[i]!;
    const lower = lowers[i]!;
    const w = wh[i]!;
    const wm1 = i > 0 ? wh[i - 1]! : BOS;
    const wm2 = i > 1 ? wh[i - 2]! : BOS;
    const wp1 = i + 1 < n ? wh[i + 1]! : EOS;
    const wp2 = i + 2 < n ? wh[i + 2]! : EOS;
    const c = cls[i]!;
    const cm1 = i > 0 ? cls[i - 1]! : 9;
    const cm2 = i > 1 ? cls[i - 2]! : 9;
    const cp1 = i + 1 < n ? cls[i + 1]! : 10;
    const cp2 = i + 2 < n ? cls[i + 2]! : 10;
    if (t === ")" || t === "]") paren = paren > 0 ? paren - 1 : 0;
    const ctx = (paren > 0 ? 1 : 0) | (Math.min(commas, 2) << 1);
    const f = (tmpl: number, a: number, b = 0) => {
      feats[k++] = mix(mix(tmpl, a), b) & MASK;
    };
    f(T.bias, 0);
    f(T.w, w);
    f(T.wm1, wm1);
    f(T.wp1, wp1);
    f(T.wm2, wm2);
    f(T.wp2, wp2);
    f(T.bi_m1, wm1, w);
    f(T.bi_p1, w, wp1);
    f(T.cls, c);
    f(T.clsm1, cm1, c);
    f(T.clsp1, c, cp1);
    f(T.clsm2, cm2 * 16 + cm1, c);
    f(T.clsp2, c, cp1 * 16 + cp2);
    f(T.suf3, hashString(lower.slice(-3)));
    f(T.pre3, hashString(lower.slice(0, 3)));
    f(T.suf2, hashString(lower.slice(-2)));
    f(T.shape, shapeOf(t), c);
    f(T.pos, Math.min(i, 6), c);
    f(T.paren, ctx, c);
    f(T.comma, ctx, Math.min(i, 4));
    f(T.seenNum, seenNum * 4 + seenUnit * 2 + seenWord, c);
    f(T.seenUnitCls, seenNum * 4 + seenUnit * 2 + seenWord, w);
    f(T.cls_tri, cm1 * 16 + c, cp1);
    f(T.w_cls_m1, w, cm1);
    f(T.w_cls_p1, w, cp1);
    f(T.last, i === n - 1 ? 1 : 0, c);
    f(T.afterOr, afterOr, c);
    f(T.distEnd, Math.min(n - 1 - i, 4), c);
    f(T.wcomma, w, ctx);
    f(T.wparen, ctx * 3 + Math.min(seenWord, 1), w);
    f(T.seenName, seenWord + 2 * seenNum, w);
    f(T.pclsm1_w, cm1 * 17 + cm2, w);
    f(T.firstTok, firstWordHash, c);
    f(T.wposfirst, i === 0 ? 1 : 0, w);
    // update running context
    if (t === "(" || t === "[") paren++;
    else if (t === "," || t === ";") {
      if (paren === 0) commas++;
    }
    if (c === 1 || c === 5) seenNum = 1;
    else if (c === 2 && seenNum) seenUnit = 1;
    else if (c === 0 && paren === 0) {
      if (!seenWord) firstWordHash = w;
      seenWord = 1;
    }
    if (lower === "or") afterOr = 1;
  }
  offsets[n] = k;
  return { n, feats, offsets };
}
