/**
 * Run-time emission scores of the ingredient tagger: exactly the sums of
 * `emissionScores(model, getLineFeatures(tokens))` (tagger-model.ts, token-features.ts), computed
 * without materialising the 39 feature ids of every token:
 *
 * - Features of one word alone (the word, its class, affixes and shape, and the word in the role
 *   of a neighbour: w-1, w+1, w-2, w+2) are summed once per distinct word and cached with the
 *   word's facts: 10 weight lookups become 5 cached vectors. The bias is a constant vector.
 * - The other 28 features (word pairs, word and context, class patterns, positions) are hashed
 *   and summed directly. (Caching word x context sums per word was tried: no faster, since the
 *   per-word tables are larger than the compact weight table they replace.)
 *
 * Sums are exact integers (see TaggerModel), so scores and labels are identical to the reference
 * path; core/ingredient/emission.test.ts checks this on every fixture line.
 */
import type { TaggerModel } from "./tagger-model.ts";
import { writeEmission } from "./tagger-model.ts";
import { BOS, computeWordInfo, EOS, featureIndex, lineStyle, PER_TOKEN, SEEDS } from "./token-features.ts";
import type { WordInfo } from "./token-features.ts";

/**
 * Per-word cache layout (Int32Array, 4 accumulators per vector): the word's own sum and its sums
 * as w-1, w+1, w-2, w+2.
 */
const SELF = 0;
const AS_PREV = 4;
const AS_NEXT = 8;
const AS_PREV2 = 12;
const AS_NEXT2 = 16;
const ENTRY_INTS = 20;

/** A word's facts plus its cached sums. */
interface WordEntry {
  h: number;
  cls: number;
  styleBits: number;
  v: Int32Array;
}

/** Per-model state: constant vectors and the word cache. */
interface Emitter {
  index: Uint16Array | Int32Array;
  rows: Int32Array;
  /** bias, then the BOS/EOS vectors of the four neighbour roles (same offsets as a word's). */
  consts: Int32Array;
  cache: Map<string, WordEntry>;
}

/** Distinct words kept; the cache is emptied when full. */
const CACHE_MAX = 50_000;
const EMITTERS = new WeakMap<TaggerModel, Emitter>();

/** Adds feature `id`'s row to the vector at v[at .. at+4). */
function addRow(em: Emitter, id: number, v: Int32Array, at: number): void {
  const r = em.index[id]! << 1;
  const x = em.rows[r]!;
  const y = em.rows[r + 1]!;
  v[at] += x & 0xff00ff;
  v[at + 1] += (x >>> 8) & 0xff00ff;
  v[at + 2] += y & 0xff00ff;
  v[at + 3] += (y >>> 8) & 0xff00ff;
}

function emitterFor(model: TaggerModel): Emitter {
  let e = EMITTERS.get(model);
  if (e) return e;
  const consts = new Int32Array(20);
  e = { index: model.index, rows: model.rows, consts, cache: new Map() };
  addRow(e, featureIndex(0, 0, 0), consts, SELF);
  addRow(e, featureIndex(2, BOS, 0), consts, AS_PREV);
  addRow(e, featureIndex(3, EOS, 0), consts, AS_NEXT);
  addRow(e, featureIndex(4, BOS, 0), consts, AS_PREV2);
  addRow(e, featureIndex(5, EOS, 0), consts, AS_NEXT2);
  EMITTERS.set(model, e);
  return e;
}

function newEntry(em: Emitter, info: WordInfo): WordEntry {
  const v = new Int32Array(ENTRY_INTS);
  const h = info.h;
  const c = info.cls;
  addRow(em, featureIndex(1, h, 0), v, SELF);
  addRow(em, featureIndex(8, c, 0), v, SELF);
  addRow(em, featureIndex(13, info.suf3, 0), v, SELF);
  addRow(em, featureIndex(14, info.pre3, 0), v, SELF);
  addRow(em, featureIndex(15, info.suf2, 0), v, SELF);
  addRow(em, featureIndex(16, info.shape, c), v, SELF);
  addRow(em, featureIndex(2, h, 0), v, AS_PREV);
  addRow(em, featureIndex(3, h, 0), v, AS_NEXT);
  addRow(em, featureIndex(4, h, 0), v, AS_PREV2);
  addRow(em, featureIndex(5, h, 0), v, AS_NEXT2);
  return { h, cls: c, styleBits: info.styleBits, v };
}

function wordEntry(em: Emitter, t: string): WordEntry {
  let entry = em.cache.get(t);
  if (entry !== undefined) return entry;
  entry = newEntry(em, computeWordInfo(t));
  if (em.cache.size >= CACHE_MAX) em.cache.clear();
  if (t.length < 40) em.cache.set(t, entry);
  return entry;
}

/** Templates hashed per token, in the order of the av/bv slots below. */
const REST = [6, 7, 9, 10, 11, 12, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38];
const REST_SEEDS = Int32Array.from(REST, (j) => SEEDS[j]!);
const NREST = REST.length;
const av = new Int32Array(NREST);
const bv = new Int32Array(NREST);
const OFF = 128 * PER_TOKEN;
const MASK = (1 << 18) - 1;

let entriesBuf: WordEntry[] = [];
let emBuf = new Float32Array(64 * 8);

/** lineStyle (token-features.ts) over cached entries. */
function lineStyleOf(entries: readonly WordEntry[], n: number): number {
  let any = false;
  for (let i = 0; i < n; i++) if (entries[i]!.styleBits !== 0) any = true;
  if (!any) return 0;
  const cls = new Uint8Array(n);
  for (let i = 0; i < n; i++) cls[i] = entries[i]!.cls;
  return lineStyle(entries, cls, n);
}

/**
 * Emission scores (n * 8, token-major) of one line's tokens under `model`. The returned array is
 * a shared buffer, valid until the next call.
 */
export function lineEmissions(model: TaggerModel, tokens: readonly string[]): Float32Array {
  const em = emitterFor(model);
  const index = em.index;
  const rows = em.rows;
  const consts = em.consts;
  const n = tokens.length;
  if (emBuf.length < n * 8) emBuf = new Float32Array(n * 16);
  const out = emBuf;
  const entries = entriesBuf;
  for (let i = 0; i < n; i++) entries[i] = wordEntry(em, tokens[i]!);
  const style = lineStyleOf(entries, n);
  let paren = 0;
  let commas = 0;
  let seenNum = 0;
  let seenUnit = 0;
  let seenWord = 0;
  let afterOr = 0;
  let firstWordHash = BOS;
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    const e = entries[i]!;
    const v = e.v;
    const pv = i > 0 ? entries[i - 1]!.v : consts;
    const nx = i + 1 < n ? entries[i + 1]!.v : consts;
    const pv2 = i > 1 ? entries[i - 2]!.v : consts;
    const nx2 = i + 2 < n ? entries[i + 2]!.v : consts;
    let a0 = consts[0]! + v[0]! + pv[AS_PREV]! + nx[AS_NEXT]! + pv2[AS_PREV2]! + nx2[AS_NEXT2]!;
    let a1 = consts[1]! + v[1]! + pv[AS_PREV + 1]! + nx[AS_NEXT + 1]! + pv2[AS_PREV2 + 1]! + nx2[AS_NEXT2 + 1]!;
    let a2 = consts[2]! + v[2]! + pv[AS_PREV + 2]! + nx[AS_NEXT + 2]! + pv2[AS_PREV2 + 2]! + nx2[AS_NEXT2 + 2]!;
    let a3 = consts[3]! + v[3]! + pv[AS_PREV + 3]! + nx[AS_NEXT + 3]! + pv2[AS_PREV2 + 3]! + nx2[AS_NEXT2 + 3]!;

    const w = e.h;
    const wm1 = i > 0 ? entries[i - 1]!.h : BOS;
    const wp1 = i + 1 < n ? entries[i + 1]!.h : EOS;
    const c = e.cls;
    const cm1 = i > 0 ? entries[i - 1]!.cls : 9;
    const cm2 = i > 1 ? entries[i - 2]!.cls : 9;
    const cp1 = i + 1 < n ? entries[i + 1]!.cls : 10;
    const cp2 = i + 2 < n ? entries[i + 2]!.cls : 10;
    if (t === ")" || t === "]") paren = paren > 0 ? paren - 1 : 0;
    const ctx = (paren > 0 ? 1 : 0) | (Math.min(commas, 2) << 1);
    const seen = seenNum * 4 + seenUnit * 2 + seenWord;

    // hashed features, in REST order
    const sw = Math.min(seenWord, 1);
    av[0] = wm1; bv[0] = w; // 6
    av[1] = w; bv[1] = wp1; // 7
    av[2] = cm1; bv[2] = c; // 9
    av[3] = c; bv[3] = cp1; // 10
    av[4] = cm2 * 16 + cm1; bv[4] = c; // 11
    av[5] = c; bv[5] = cp1 * 16 + cp2; // 12
    av[6] = Math.min(i, 6); bv[6] = c; // 17
    av[7] = ctx; bv[7] = c; // 18
    av[8] = ctx; bv[8] = Math.min(i, 4); // 19
    av[9] = seen; bv[9] = c; // 20
    av[10] = seen; bv[10] = w; // 21
    av[11] = cm1 * 16 + c; bv[11] = cp1; // 22
    av[12] = w; bv[12] = cm1; // 23
    av[13] = w; bv[13] = cp1; // 24
    av[14] = i === n - 1 ? 1 : 0; bv[14] = c; // 25
    av[15] = afterOr; bv[15] = c; // 26
    av[16] = Math.min(n - 1 - i, 4); bv[16] = c; // 27
    av[17] = w; bv[17] = ctx; // 28
    av[18] = ctx * 3 + sw; bv[18] = w; // 29
    av[19] = seenWord + 2 * seenNum; bv[19] = w; // 30
    av[20] = cm1 * 17 + cm2; bv[20] = w; // 31
    av[21] = firstWordHash; bv[21] = c; // 32
    av[22] = i === 0 ? 1 : 0; bv[22] = w; // 33
    av[23] = style; bv[23] = w; // 34
    av[24] = style * 64 + ctx * 8 + sw * 4 + seenNum; bv[24] = c; // 35
    av[25] = wm1; bv[25] = wp1; // 36
    av[26] = wm1 ^ (cp1 << 3); bv[26] = w; // 37
    av[27] = wp1 ^ (cm1 << 3); bv[27] = w; // 38
    for (let j = 0; j < NREST; j++) {
      let h = Math.imul(REST_SEEDS[j]! ^ av[j]!, 0x85ebca6b);
      h = Math.imul(h ^ (h >>> 15) ^ bv[j]!, 0xc2b2ae35);
      const r = index[(h ^ (h >>> 13)) & MASK]! << 1;
      const x = rows[r]!;
      const y = rows[r + 1]!;
      a0 += x & 0xff00ff;
      a1 += (x >>> 8) & 0xff00ff;
      a2 += y & 0xff00ff;
      a3 += (y >>> 8) & 0xff00ff;
    }
    writeEmission(out, i << 3, a0, a1, a2, a3, OFF);

    // running context, as in getLineFeatures
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
  if (n > 256) entriesBuf = [];
  return out;
}
