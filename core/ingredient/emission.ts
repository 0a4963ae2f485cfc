/**
 * Run-time emission scores of the ingredient tagger: exactly the sums of
 * `emissionScores(model, getLineFeatures(tokens))` (tagger-model.ts, token-features.ts), computed
 * without materialising the 39 feature ids of every token:
 *
 * - Features of one word alone (the word, its class, affixes and shape, and the word in the role
 *   of a neighbour: w-1, w+1, w-2, w+2) are summed once per distinct word and cached with the
 *   word's facts: 10 weight lookups become 5 cached vectors. The bias is a constant vector.
 * - 13 features over small domains (class patterns, positions, context flags, style) are read
 *   from 6 tables indexed by their values, built once per model.
 * - The other 15 features (word pairs, word and context) are hashed and summed directly.
 *   (Caching word x context sums per word was tried: no faster, since the per-word tables are
 *   larger than the compact weight table they replace.)
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
  /** Class/position tables, see buildTables. */
  cls3: Int32Array;
  t11: Int32Array;
  t12: Int32Array;
  pos: Int32Array;
  seen: Int32Array;
  t35: Int32Array;
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
  const none = new Int32Array(0);
  e = { index: model.index, rows: model.rows, consts, cls3: none, t11: none, t12: none, pos: none, seen: none, t35: none, cache: new Map() };
  buildTables(e);
  addRow(e, featureIndex(0, 0, 0), consts, SELF);
  addRow(e, featureIndex(2, BOS, 0), consts, AS_PREV);
  addRow(e, featureIndex(3, EOS, 0), consts, AS_NEXT);
  addRow(e, featureIndex(4, BOS, 0), consts, AS_PREV2);
  addRow(e, featureIndex(5, EOS, 0), consts, AS_NEXT2);
  EMITTERS.set(model, e);
  return e;
}

/** Word classes (token-features.ts wordClass) 0..7, 9 = before the line, 10 = after it. */
const C = 11;

/**
 * Features over small domains (word classes, positions, bracket/comma context, line-so-far
 * flags, style) are summed into tables indexed directly by their values: 13 hashed lookups per
 * token become 6 table reads. Built once per model (~11k vectors, about 1 ms).
 */
function buildTables(e: Emitter): void {
  // 9 (cm1, c), 10 (c, cp1), 22 (cm1*16 + c, cp1)
  e.cls3 = new Int32Array(C * C * C * 4);
  for (let cm1 = 0; cm1 < C; cm1++) {
    for (let c = 0; c < C; c++) {
      for (let cp1 = 0; cp1 < C; cp1++) {
        const at = ((cm1 * C + c) * C + cp1) * 4;
        addRow(e, featureIndex(9, cm1, c), e.cls3, at);
        addRow(e, featureIndex(10, c, cp1), e.cls3, at);
        addRow(e, featureIndex(22, cm1 * 16 + c, cp1), e.cls3, at);
      }
    }
  }
  // 11 (cm2*16 + cm1, c), 12 (c, cp1*16 + cp2)
  e.t11 = new Int32Array(C * C * C * 4);
  e.t12 = new Int32Array(C * C * C * 4);
  for (let x = 0; x < C; x++) {
    for (let y = 0; y < C; y++) {
      for (let z = 0; z < C; z++) {
        const at = ((x * C + y) * C + z) * 4;
        addRow(e, featureIndex(11, x * 16 + y, z), e.t11, at); // x = cm2, y = cm1, z = c
        addRow(e, featureIndex(12, x, y * 16 + z), e.t12, at); // x = c, y = cp1, z = cp2
      }
    }
  }
  // 17 (min(i, 6), c), 25 (last, c), 27 (min(n-1-i, 4), c), 19 (ctx, min(i, 4)), 18 (ctx, c)
  e.pos = new Int32Array(7 * 5 * C * 6 * 4);
  for (let i6 = 0; i6 < 7; i6++) {
    for (let d4 = 0; d4 < 5; d4++) {
      for (let c = 0; c < C; c++) {
        for (let ctx = 0; ctx < 6; ctx++) {
          const at = (((i6 * 5 + d4) * C + c) * 6 + ctx) * 4;
          addRow(e, featureIndex(17, i6, c), e.pos, at);
          addRow(e, featureIndex(25, d4 === 0 ? 1 : 0, c), e.pos, at);
          addRow(e, featureIndex(27, d4, c), e.pos, at);
          addRow(e, featureIndex(19, ctx, Math.min(i6, 4)), e.pos, at);
          addRow(e, featureIndex(18, ctx, c), e.pos, at);
        }
      }
    }
  }
  // 20 (seen, c), 26 (afterOr, c)
  e.seen = new Int32Array(8 * 2 * C * 4);
  for (let seen = 0; seen < 8; seen++) {
    for (let or = 0; or < 2; or++) {
      for (let c = 0; c < C; c++) {
        const at = ((seen * 2 + or) * C + c) * 4;
        addRow(e, featureIndex(20, seen, c), e.seen, at);
        addRow(e, featureIndex(26, or, c), e.seen, at);
      }
    }
  }
  // 35 (style*64 + ctx*8 + sw*4 + seenNum, c); style 0..15, ctx 0..5
  e.t35 = new Int32Array(16 * 6 * 2 * 2 * C * 4);
  for (let style = 0; style < 16; style++) {
    for (let ctx = 0; ctx < 6; ctx++) {
      for (let sw = 0; sw < 2; sw++) {
        for (let sn = 0; sn < 2; sn++) {
          for (let c = 0; c < C; c++) {
            const at = ((((style * 6 + ctx) * 2 + sw) * 2 + sn) * C + c) * 4;
            addRow(e, featureIndex(35, style * 64 + ctx * 8 + sw * 4 + sn, c), e.t35, at);
          }
        }
      }
    }
  }
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
const REST = [6, 7, 21, 23, 24, 28, 29, 30, 31, 32, 33, 34, 36, 37, 38];
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
  const e3 = em;
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

    // class/position tables
    const sw = Math.min(seenWord, 1);
    let tb = e3.cls3;
    let at = ((cm1 * C + c) * C + cp1) * 4;
    a0 += tb[at]!; a1 += tb[at + 1]!; a2 += tb[at + 2]!; a3 += tb[at + 3]!;
    tb = e3.t11;
    at = ((cm2 * C + cm1) * C + c) * 4;
    a0 += tb[at]!; a1 += tb[at + 1]!; a2 += tb[at + 2]!; a3 += tb[at + 3]!;
    tb = e3.t12;
    at = ((c * C + cp1) * C + cp2) * 4;
    a0 += tb[at]!; a1 += tb[at + 1]!; a2 += tb[at + 2]!; a3 += tb[at + 3]!;
    tb = e3.pos;
    at = (((Math.min(i, 6) * 5 + Math.min(n - 1 - i, 4)) * C + c) * 6 + ctx) * 4;
    a0 += tb[at]!; a1 += tb[at + 1]!; a2 += tb[at + 2]!; a3 += tb[at + 3]!;
    tb = e3.seen;
    at = ((seen * 2 + afterOr) * C + c) * 4;
    a0 += tb[at]!; a1 += tb[at + 1]!; a2 += tb[at + 2]!; a3 += tb[at + 3]!;
    tb = e3.t35;
    at = ((((style * 6 + ctx) * 2 + sw) * 2 + seenNum) * C + c) * 4;
    a0 += tb[at]!; a1 += tb[at + 1]!; a2 += tb[at + 2]!; a3 += tb[at + 3]!;

    // hashed features, in REST order
    av[0] = wm1; bv[0] = w; // 6
    av[1] = w; bv[1] = wp1; // 7
    av[2] = seen; bv[2] = w; // 21
    av[3] = w; bv[3] = cm1; // 23
    av[4] = w; bv[4] = cp1; // 24
    av[5] = w; bv[5] = ctx; // 28
    av[6] = ctx * 3 + sw; bv[6] = w; // 29
    av[7] = seenWord + 2 * seenNum; bv[7] = w; // 30
    av[8] = cm1 * 17 + cm2; bv[8] = w; // 31
    av[9] = firstWordHash; bv[9] = c; // 32
    av[10] = i === 0 ? 1 : 0; bv[10] = w; // 33
    av[11] = style; bv[11] = w; // 34
    av[12] = wm1; bv[12] = wp1; // 36
    av[13] = wm1 ^ (cp1 << 3); bv[13] = w; // 37
    av[14] = wp1 ^ (cm1 << 3); bv[14] = w; // 38
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
