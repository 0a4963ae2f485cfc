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
export const FEATURE_BITS = 18;
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
  wparen: 30, seenName: 31, pclsm1_w: 32, firstTok: 33, wposfirst: 34, styleW: 35, styleCls: 36, skip: 37,
  wm1_cp1: 38, cm1_wp1: 39,
} as const;

export const PER_TOKEN = 39;

const ABBREV_UNITS = new Set(["tbsp", "tsp", "g", "ml", "kg", "c", "oz", "lb"]);
const LONG_UNITS = new Set(["tablespoon", "tablespoons", "teaspoon", "teaspoons", "cup", "cups", "ounce", "ounces", "pound", "pounds"]);

/** Line style cues (the three cookbook sources write lines differently): bit flags. */
export function lineStyle(infos: readonly { styleBits: number }[], cls: ArrayLike<number>, n: number): number {
  let style = 0;
  for (let i = 0; i < n; i++) {
    const b = infos[i]!.styleBits;
    if (b === 0) continue;
    if (b === 1) {
      if (i > 0 && cls[i - 1] === 2 && i + 1 < n && cls[i + 1] === 1) style |= 1;
    } else if (b === 8) {
      if (i + 1 < n && cls[i + 1] === 1) style |= 8;
    } else style |= b;
  }
  return style;
}

function styleBitsOf(lower: string): number {
  if (lower === "/") return 1;
  if (lower === "(") return 8;
  if (ABBREV_UNITS.has(lower)) return 2;
  if (LONG_UNITS.has(lower)) return 4;
  return 0;
}
export const BOS = 0x12345;
export const EOS = 0x54321;

/** Per-word facts, cached: the same few thousand words make up almost every line. */
export interface WordInfo {
  h: number;
  cls: number;
  shape: number;
  suf3: number;
  pre3: number;
  suf2: number;
  styleBits: number;
}
const WORD_CACHE = new Map<string, WordInfo>();
const WORD_CACHE_MAX = 50_000;

function wordInfo(t: string): WordInfo {
  let info = WORD_CACHE.get(t);
  if (info !== undefined) return info;
  info = computeWordInfo(t);
  if (WORD_CACHE.size >= WORD_CACHE_MAX) WORD_CACHE.clear();
  if (t.length < 40) WORD_CACHE.set(t, info);
  return info;
}

/** A token's word facts, uncached (the run-time tagger keeps its own cache, see emission.ts). */
export function computeWordInfo(t: string): WordInfo {
  const lower = t.toLowerCase();
  return {
    h: hashString(lower),
    cls: wordClass(t, lower),
    shape: shapeOf(t),
    suf3: hashString(lower.slice(-3)),
    pre3: hashString(lower.slice(0, 3)),
    suf2: hashString(lower.slice(-2)),
    styleBits: styleBitsOf(lower),
  };
}

/** Template ids in feature order; hashed as one murmur-style round over (seed ^ a, b). */
export const SEEDS = Int32Array.from([T.bias, T.w, T.wm1, T.wp1, T.wm2, T.wp2, T.bi_m1, T.bi_p1, T.cls, T.clsm1, T.clsp1, T.clsm2, T.clsp2, T.suf3, T.pre3, T.suf2, T.shape, T.pos, T.paren, T.comma, T.seenNum, T.seenUnitCls, T.cls_tri, T.w_cls_m1, T.w_cls_p1, T.last, T.afterOr, T.distEnd, T.wcomma, T.wparen, T.seenName, T.pclsm1_w, T.firstTok, T.wposfirst, T.styleW, T.styleCls, T.skip, T.wm1_cp1, T.cm1_wp1], (t) => Math.imul(t, 0x9e3779b1));
const av = new Int32Array(PER_TOKEN);
const bv = new Int32Array(PER_TOKEN);


/** Feature index of template slot `j` (position in SEEDS) over the values (a, b): what getLineFeatures stores. */
export function featureIndex(j: number, a: number, b: number): number {
  let h = Math.imul(SEEDS[j]! ^ a, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 15) ^ b, 0xc2b2ae35);
  return (h ^ (h >>> 13)) & MASK;
}

let shared: { feats: Int32Array; offsets: Int32Array; wh: Uint32Array; cls: Uint8Array } = {
  feats: new Int32Array(64 * PER_TOKEN),
  offsets: new Int32Array(65),
  wh: new Uint32Array(64),
  cls: new Uint8Array(64),
};

/**
 * Computes the hashed features of every token of a line. With `reuse`, the returned arrays are
 * shared buffers overwritten by the next call (the run-time path); without, they are fresh.
 *
 * @example getLineFeatures(["2", "cups", "flour"]).n // 3
 */
export function getLineFeatures(tokens: readonly string[], reuse = false): LineFeatures {
  const n = tokens.length;
  if (reuse && shared.wh.length < n) {
    shared = {
      feats: new Int32Array(n * 2 * PER_TOKEN),
      offsets: new Int32Array(n * 2 + 1),
      wh: new Uint32Array(n * 2),
      cls: new Uint8Array(n * 2),
    };
  }
  const wh = reuse ? shared.wh : new Uint32Array(n);
  const cls = reuse ? shared.cls : new Uint8Array(n);
  const infos: WordInfo[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const info = wordInfo(tokens[i]!);
    infos[i] = info;
    wh[i] = info.h;
    cls[i] = info.cls;
  }
  const feats = reuse ? shared.feats : new Int32Array(n * PER_TOKEN);
  const offsets = reuse ? shared.offsets : new Int32Array(n + 1);
  let k = 0;
  let paren = 0;
  let commas = 0;
  let seenNum = 0;
  let seenUnit = 0;
  let seenWord = 0;
  let afterOr = 0;
  let firstWordHash = BOS;
  const style = lineStyle(infos, cls, n);
  for (let i = 0; i < n; i++) {
    offsets[i] = k;
    const t = tokens[i]!;
    const info = infos[i]!;
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
    av[0] = 0;
    bv[0] = 0;
    av[1] = w;
    bv[1] = 0;
    av[2] = wm1;
    bv[2] = 0;
    av[3] = wp1;
    bv[3] = 0;
    av[4] = wm2;
    bv[4] = 0;
    av[5] = wp2;
    bv[5] = 0;
    av[6] = wm1;
    bv[6] = w;
    av[7] = w;
    bv[7] = wp1;
    av[8] = c;
    bv[8] = 0;
    av[9] = cm1;
    bv[9] = c;
    av[10] = c;
    bv[10] = cp1;
    av[11] = cm2 * 16 + cm1;
    bv[11] = c;
    av[12] = c;
    bv[12] = cp1 * 16 + cp2;
    av[13] = info.suf3;
    bv[13] = 0;
    av[14] = info.pre3;
    bv[14] = 0;
    av[15] = info.suf2;
    bv[15] = 0;
    av[16] = info.shape;
    bv[16] = c;
    av[17] = Math.min(i, 6);
    bv[17] = c;
    av[18] = ctx;
    bv[18] = c;
    av[19] = ctx;
    bv[19] = Math.min(i, 4);
    av[20] = seenNum * 4 + seenUnit * 2 + seenWord;
    bv[20] = c;
    av[21] = seenNum * 4 + seenUnit * 2 + seenWord;
    bv[21] = w;
    av[22] = cm1 * 16 + c;
    bv[22] = cp1;
    av[23] = w;
    bv[23] = cm1;
    av[24] = w;
    bv[24] = cp1;
    av[25] = i === n - 1 ? 1 : 0;
    bv[25] = c;
    av[26] = afterOr;
    bv[26] = c;
    av[27] = Math.min(n - 1 - i, 4);
    bv[27] = c;
    av[28] = w;
    bv[28] = ctx;
    av[29] = ctx * 3 + Math.min(seenWord, 1);
    bv[29] = w;
    av[30] = seenWord + 2 * seenNum;
    bv[30] = w;
    av[31] = cm1 * 17 + cm2;
    bv[31] = w;
    av[32] = firstWordHash;
    bv[32] = c;
    av[33] = i === 0 ? 1 : 0;
    bv[33] = w;
    av[34] = style;
    bv[34] = w;
    av[35] = style * 64 + ctx * 8 + Math.min(seenWord, 1) * 4 + seenNum;
    bv[35] = c;
    av[36] = wm1;
    bv[36] = wp1;
    av[37] = wm1 ^ (cp1 << 3);
    bv[37] = w;
    av[38] = wp1 ^ (cm1 << 3);
    bv[38] = w;
    for (let j = 0; j < PER_TOKEN; j++) {
      let h = Math.imul(SEEDS[j]! ^ av[j]!, 0x85ebca6b);
      h = Math.imul(h ^ (h >>> 15) ^ bv[j]!, 0xc2b2ae35);
      feats[k++] = (h ^ (h >>> 13)) & MASK;
    }
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
    if (t === "or" || t === "Or" || t === "OR") afterOr = 1;
  }
  offsets[n] = k;
  return { n, feats, offsets };
}
