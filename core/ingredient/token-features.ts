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
  wparen: 30, seenName: 31, pclsm1_w: 32, firstTok: 33, wposfirst: 34, styleW: 35, styleCls: 36, skip: 37,
  wm1_cp1: 38, cm1_wp1: 39,
} as const;

const PER_TOKEN = 39;

const ABBREV_UNITS = new Set(["tbsp", "tsp", "g", "ml", "kg", "c", "oz", "lb"]);
const LONG_UNITS = new Set(["tablespoon", "tablespoons", "teaspoon", "teaspoons", "cup", "cups", "ounce", "ounces", "pound", "pounds"]);

/** Line style cues (the three cookbook sources write lines differently): bit flags. */
function lineStyle(tokens: readonly string[], cls: Uint8Array): number {
  let style = 0;
  for (let i = 0; i < tokens.length; i++) {
    const l = tokens[i]!.length <= 11 ? tokens[i]!.toLowerCase() : "";
    if (l === "/" && i > 0 && cls[i - 1] === 2 && i + 1 < tokens.length && cls[i + 1] === 1) style |= 1;
    if (ABBREV_UNITS.has(l)) style |= 2;
    if (LONG_UNITS.has(l)) style |= 4;
    if (l === "(" && i + 1 < tokens.length && cls[i + 1] === 1) style |= 8;
  }
  return style;
}
const BOS = 0x12345;
const EOS = 0x54321;

/** Per-word facts, cached: the same few thousand words make up almost every line. */
interface WordInfo {
  h: number;
  cls: number;
  shape: number;
  suf3: number;
  pre3: number;
  suf2: number;
}
const WORD_CACHE = new Map<string, WordInfo>();
const WORD_CACHE_MAX = 50_000;

function wordInfo(t: string): WordInfo {
  let info = WORD_CACHE.get(t);
  if (info !== undefined) return info;
  const lower = t.toLowerCase();
  info = {
    h: hashString(lower),
    cls: wordClass(t, lower),
    shape: shapeOf(t),
    suf3: hashString(lower.slice(-3)),
    pre3: hashString(lower.slice(0, 3)),
    suf2: hashString(lower.slice(-2)),
  };
  if (WORD_CACHE.size >= WORD_CACHE_MAX) WORD_CACHE.clear();
  if (t.length < 40) WORD_CACHE.set(t, info);
  return info;
}

/** Feature index of template `tmpl` over values a and b. */
function fx(tmpl: number, a: number, b: number): number {
  return mix(mix(tmpl, a), b) & MASK;
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
  const style = lineStyle(tokens, cls);
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
    feats[k++] = fx(T.bias, 0, 0);
    feats[k++] = fx(T.w, w, 0);
    feats[k++] = fx(T.wm1, wm1, 0);
    feats[k++] = fx(T.wp1, wp1, 0);
    feats[k++] = fx(T.wm2, wm2, 0);
    feats[k++] = fx(T.wp2, wp2, 0);
    feats[k++] = fx(T.bi_m1, wm1, w);
    feats[k++] = fx(T.bi_p1, w, wp1);
    feats[k++] = fx(T.cls, c, 0);
    feats[k++] = fx(T.clsm1, cm1, c);
    feats[k++] = fx(T.clsp1, c, cp1);
    feats[k++] = fx(T.clsm2, cm2 * 16 + cm1, c);
    feats[k++] = fx(T.clsp2, c, cp1 * 16 + cp2);
    feats[k++] = fx(T.suf3, info.suf3, 0);
    feats[k++] = fx(T.pre3, info.pre3, 0);
    feats[k++] = fx(T.suf2, info.suf2, 0);
    feats[k++] = fx(T.shape, info.shape, c);
    feats[k++] = fx(T.pos, Math.min(i, 6), c);
    feats[k++] = fx(T.paren, ctx, c);
    feats[k++] = fx(T.comma, ctx, Math.min(i, 4));
    feats[k++] = fx(T.seenNum, seenNum * 4 + seenUnit * 2 + seenWord, c);
    feats[k++] = fx(T.seenUnitCls, seenNum * 4 + seenUnit * 2 + seenWord, w);
    feats[k++] = fx(T.cls_tri, cm1 * 16 + c, cp1);
    feats[k++] = fx(T.w_cls_m1, w, cm1);
    feats[k++] = fx(T.w_cls_p1, w, cp1);
    feats[k++] = fx(T.last, i === n - 1 ? 1 : 0, c);
    feats[k++] = fx(T.afterOr, afterOr, c);
    feats[k++] = fx(T.distEnd, Math.min(n - 1 - i, 4), c);
    feats[k++] = fx(T.wcomma, w, ctx);
    feats[k++] = fx(T.wparen, ctx * 3 + Math.min(seenWord, 1), w);
    feats[k++] = fx(T.seenName, seenWord + 2 * seenNum, w);
    feats[k++] = fx(T.pclsm1_w, cm1 * 17 + cm2, w);
    feats[k++] = fx(T.firstTok, firstWordHash, c);
    feats[k++] = fx(T.wposfirst, i === 0 ? 1 : 0, w);
    feats[k++] = fx(T.styleW, style, w);
    feats[k++] = fx(T.styleCls, style * 64 + ctx * 8 + Math.min(seenWord, 1) * 4 + seenNum, c);
    feats[k++] = fx(T.skip, wm1, wp1);
    feats[k++] = fx(T.wm1_cp1, wm1 ^ (cp1 << 3), w);
    feats[k++] = fx(T.cm1_wp1, wp1 ^ (cm1 << 3), w);
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
