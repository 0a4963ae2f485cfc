/**
 * Run-time emission scores of the ingredient tagger: exactly the sums of
 * `emissionScores(model, getLineFeatures(tokens))` (tagger-model.ts, token-features.ts), computed
 * without materialising the 39 feature ids of every token:
 *
 * - Features of one word alone (the word, its class, affixes and shape, and the word in the role
 *   of a neighbour: w-1, w+1, w-2, w+2) are summed once per distinct word and kept with the
 *   word's facts in one typed-array word table (records of 24 ints, found by a hash of the word's
 *   characters): 10 weight lookups become 5 cached vectors, and a line's word data sits in a few
 *   cache lines instead of a Map entry, an object and an array per word. The bias is a constant.
 * - 13 features over small domains (class patterns, positions, context flags, style) are read
 *   from 6 tables indexed by their values, built once per model.
 * - The other 15 features (word pairs, word and context) are hashed and summed directly.
 *   (Caching word x context sums per word was tried: no faster, since the per-word tables are
 *   larger than the compact weight table they replace.)
 *
 * Sums are exact integers (see TaggerModel), so scores and labels are identical to the reference
 * path; core/ingredient/emission.test.ts checks this on every fixture line.
 */
import type { EmissionTables, TaggerModel } from "./tagger-model.ts";
import { isPunctToken } from "./tokenise.ts";
import { LABELS, writeEmission } from "./tagger-model.ts";

const PUNC = LABELS.indexOf("PUNC");
import { BOS, computeWordInfo, EOS, FEATURE_BITS, featureIndex, PER_TOKEN, SEEDS } from "./token-features.ts";

/**
 * Word records, all in one Int32Array (`data`, STRIDE ints per word id) so that a line's words
 * sit in a few cache lines: the word's hash, class and style bits, then 4-accumulator vectors: its
 * own sum and its sums as w-1, w+1, w-2, w+2.
 */
const W_H = 0;
const W_CLS = 1;
const W_STYLE = 2;
/** PUNC's label index when the word is punctuation (isPunctToken), else -1. */
const W_MASK = 3;
const SELF = 4;
const AS_PREV = 8;
const AS_NEXT = 12;
const AS_PREV2 = 16;
const AS_NEXT2 = 20;
const STRIDE = 24;

/** Per-model state: constant vectors, small-domain tables and the word table. */
interface Emitter {
  index: Uint16Array | Int32Array;
  rows: Int32Array;
  /** bias at SELF, then the BOS/EOS vectors of the four neighbour roles (same offsets as a word's). */
  consts: Int32Array;
  /** Class/position tables, see buildTables. */
  cls3: Int32Array;
  t11: Int32Array;
  t12: Int32Array;
  pos: Int32Array;
  seen: Int32Array;
  t35: Int32Array;
  /** Open addressing, pairs (hash, id + 1) over the word's characters; 0 = empty. */
  slots: Int32Array;
  /** Word per id (to confirm a hash match). */
  keys: string[];
  /** Word records by id; ids >= MAX_WORDS are this line's long words (not kept). */
  data: Int32Array;
  count: number;
}

/** Distinct words kept (the table is emptied when full); longer words are not kept. */
const MAX_WORDS = 16_384;
const SLOT_BITS = 15;
const SLOT_MASK = (1 << SLOT_BITS) - 1;
const MAX_KEPT_LENGTH = 40;
const EMITTERS = new WeakMap<TaggerModel, Emitter>();

/** Adds feature `id`'s row to the vector at v[at .. at+4). */
function addRow(em: Emitter, id: number, v: Int32Array, at: number): void {
  const r = em.index[id]! << 1;
  const x = em.rows[r]!;
  const y = em.rows[r + 1]!;
  v[at]! += x & 0xff00ff;
  v[at + 1]! += (x >>> 8) & 0xff00ff;
  v[at + 2]! += y & 0xff00ff;
  v[at + 3]! += (y >>> 8) & 0xff00ff;
}

function emitterFor(model: TaggerModel): Emitter {
  let e = EMITTERS.get(model);
  if (e) return e;
  const consts = new Int32Array(STRIDE);
  const t = model.tables ?? buildEmissionTables(model);
  e = {
    index: model.index,
    rows: model.rows,
    consts,
    cls3: t.cls3,
    t11: t.t11,
    t12: t.t12,
    pos: t.pos,
    seen: t.seen,
    t35: t.t35,
    slots: new Int32Array(2 << SLOT_BITS),
    keys: [],
    data: new Int32Array(1024 * STRIDE),
    count: 0,
  };
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

/** Lengths (in ints) of the emission tables, as buildEmissionTables makes them. */
export const EMISSION_TABLE_LENGTHS: Readonly<Record<keyof EmissionTables, number>> = {
  cls3: C * C * C * 4,
  t11: C * C * C * 4,
  t12: C * C * C * 4,
  pos: 7 * 5 * C * 6 * 4,
  seen: 8 * 2 * C * 4,
  t35: 16 * 6 * 2 * 2 * C * 4,
};

/**
 * Features over small domains (word classes, positions, bracket/comma context, line-so-far
 * flags, style) are summed into tables indexed directly by their values: 13 hashed lookups per
 * token become 6 table reads. ~23k weight rows summed into ~11k vectors: a few ms in code that
 * has not been compiled yet, so the model file ships them (format 3, model/packed.ts) and this
 * runs only for a model without them (the trainer's candidates, format 2).
 */
export function buildEmissionTables(model: Pick<TaggerModel, "index" | "rows">): EmissionTables {
  const e = { index: model.index, rows: model.rows } as Emitter;
  // 9 (cm1, c), 10 (c, cp1), 22 (cm1*16 + c, cp1)
  e.cls3 = new Int32Array(EMISSION_TABLE_LENGTHS.cls3);
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
  e.t11 = new Int32Array(EMISSION_TABLE_LENGTHS.t11);
  e.t12 = new Int32Array(EMISSION_TABLE_LENGTHS.t12);
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
  e.pos = new Int32Array(EMISSION_TABLE_LENGTHS.pos);
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
  e.seen = new Int32Array(EMISSION_TABLE_LENGTHS.seen);
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
  e.t35 = new Int32Array(EMISSION_TABLE_LENGTHS.t35);
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
  return { cls3: e.cls3, t11: e.t11, t12: e.t12, pos: e.pos, seen: e.seen, t35: e.t35 };
}

/** Writes word t's record at id. */
function fillRecord(em: Emitter, id: number, t: string): void {
  const info = computeWordInfo(t);
  const at = id * STRIDE;
  if (em.data.length < at + STRIDE) {
    const grown = new Int32Array(Math.max(em.data.length * 2, at + STRIDE));
    grown.set(em.data);
    em.data = grown;
  }
  const v = em.data;
  v.fill(0, at, at + STRIDE);
  const h = info.h;
  const c = info.cls;
  v[at + W_H] = h;
  v[at + W_CLS] = c;
  v[at + W_STYLE] = info.styleBits;
  v[at + W_MASK] = isPunctToken(t) ? PUNC : -1;
  addRow(em, featureIndex(1, h, 0), v, at + SELF);
  addRow(em, featureIndex(8, c, 0), v, at + SELF);
  addRow(em, featureIndex(13, info.suf3, 0), v, at + SELF);
  addRow(em, featureIndex(14, info.pre3, 0), v, at + SELF);
  addRow(em, featureIndex(15, info.suf2, 0), v, at + SELF);
  addRow(em, featureIndex(16, info.shape, c), v, at + SELF);
  addRow(em, featureIndex(2, h, 0), v, at + AS_PREV);
  addRow(em, featureIndex(3, h, 0), v, at + AS_NEXT);
  addRow(em, featureIndex(4, h, 0), v, at + AS_PREV2);
  addRow(em, featureIndex(5, h, 0), v, at + AS_NEXT2);
}

/**
 * The id of word t's record, adding it to the table (record computed) on first sight; -1 when
 * the table is full.
 */
function keptWordId(em: Emitter, t: string): number {
  const len = t.length;
  let h = 0x811c9dc5 | 0;
  for (let k = 0; k < len; k++) h = Math.imul(h ^ t.charCodeAt(k), 0x01000193);
  if (h === 0) h = 1;
  const slots = em.slots;
  let slot = (h & SLOT_MASK) << 1;
  for (;;) {
    const sh = slots[slot]!;
    if (sh === 0) break;
    if (sh === h) {
      const id = slots[slot + 1]! - 1;
      if (em.keys[id] === t) return id;
    }
    slot = (slot + 2) & ((SLOT_MASK << 1) | 1);
  }
  if (em.count >= MAX_WORDS) return -1;
  const id = em.count++;
  em.keys[id] = t;
  slots[slot] = h;
  slots[slot + 1] = id + 1;
  fillRecord(em, id, t);
  return id;
}

/**
 * Record offsets (id * STRIDE) of a line's tokens into `at`. Long words (and the words of a line
 * with more distinct words than the table can take) get scratch records after the kept ones,
 * valid for this line only. A full table is emptied and the line assigned again.
 */
function assignRecords(em: Emitter, tokens: readonly string[], n: number, at: Int32Array): void {
  for (let attempt = 0; attempt < 2; attempt++) {
    let full = false;
    for (let i = 0; i < n; i++) {
      const t = tokens[i]!;
      const id = t.length >= MAX_KEPT_LENGTH ? -1 : keptWordId(em, t);
      if (id < 0 && t.length < MAX_KEPT_LENGTH && attempt === 0) {
        full = true;
        break;
      }
      at[i] = id;
    }
    if (!full) break;
    // the table is full: empty it and assign the line again (words that still do not fit get scratch records)
    em.slots.fill(0);
    em.keys.length = 0;
    em.count = 0;
  }
  let scratch = 0;
  for (let i = 0; i < n; i++) {
    if (at[i]! < 0) {
      const id = em.count + scratch++;
      fillRecord(em, id, tokens[i]!);
      at[i] = id;
    }
    at[i] = at[i]! * STRIDE;
  }
}

/** Templates hashed per token, in the order of the av/bv slots below. */
const REST = [6, 7, 21, 23, 24, 28, 29, 30, 31, 32, 33, 34, 36, 37, 38];
const REST_SEEDS = Int32Array.from(REST, (j) => SEEDS[j]!);
const NREST = REST.length;
const av = new Int32Array(NREST);
const bv = new Int32Array(NREST);
const OFF = 128 * PER_TOKEN;
const MASK = (1 << FEATURE_BITS) - 1;

let recBuf = new Int32Array(64);
let emBuf = new Float32Array(64 * 8);

/** lineStyle (token-features.ts, same rules) over word records at offsets `rec`. */
function lineStyleOf(data: Int32Array, rec: Int32Array, n: number): number {
  let style = 0;
  for (let i = 0; i < n; i++) {
    const b = data[rec[i]! + W_STYLE]!;
    if (b === 0) continue;
    if (b === 1) {
      if (i > 0 && data[rec[i - 1]! + W_CLS] === 2 && i + 1 < n && data[rec[i + 1]! + W_CLS] === 1) style |= 1;
    } else if (b === 8) {
      if (i + 1 < n && data[rec[i + 1]! + W_CLS] === 1) style |= 8;
    } else style |= b;
  }
  return style;
}

/**
 * Emission scores (n * 8, token-major) of one line's tokens under `model`. The returned array is
 * a shared buffer, valid until the next call. `mask`, when given, receives punctMask(tokens)
 * (label.ts): PUNC's index for punctuation, -1 for words.
 */
export function lineEmissions(model: TaggerModel, tokens: readonly string[], mask?: Int8Array): Float32Array {
  const em = emitterFor(model);
  const index = em.index;
  const rows = em.rows;
  const consts = em.consts;
  const e3 = em;
  const n = tokens.length;
  if (emBuf.length < n * 8) emBuf = new Float32Array(n * 16);
  const out = emBuf;
  if (recBuf.length < n) recBuf = new Int32Array(n * 2);
  const rec = recBuf;
  assignRecords(em, tokens, n, rec);
  const data = em.data; // (read after assignRecords: it may have grown)
  if (mask) for (let i = 0; i < n; i++) mask[i] = data[rec[i]! + W_MASK]!;
  const style = lineStyleOf(data, rec, n);
  let paren = 0;
  let commas = 0;
  let seenNum = 0;
  let seenUnit = 0;
  let seenWord = 0;
  let afterOr = 0;
  let firstWordHash = BOS;
  for (let i = 0; i < n; i++) {
    const t = tokens[i]!;
    const e = rec[i]!;
    const pv = i > 0 ? rec[i - 1]! : -1;
    const nx = i + 1 < n ? rec[i + 1]! : -1;
    const pv2 = i > 1 ? rec[i - 2]! : -1;
    const nx2 = i + 2 < n ? rec[i + 2]! : -1;
    let a0 = consts[SELF]! + data[e + SELF]!;
    let a1 = consts[SELF + 1]! + data[e + SELF + 1]!;
    let a2 = consts[SELF + 2]! + data[e + SELF + 2]!;
    let a3 = consts[SELF + 3]! + data[e + SELF + 3]!;
    if (pv >= 0) {
      a0 += data[pv + AS_PREV]!; a1 += data[pv + AS_PREV + 1]!; a2 += data[pv + AS_PREV + 2]!; a3 += data[pv + AS_PREV + 3]!;
    } else {
      a0 += consts[AS_PREV]!; a1 += consts[AS_PREV + 1]!; a2 += consts[AS_PREV + 2]!; a3 += consts[AS_PREV + 3]!;
    }
    if (nx >= 0) {
      a0 += data[nx + AS_NEXT]!; a1 += data[nx + AS_NEXT + 1]!; a2 += data[nx + AS_NEXT + 2]!; a3 += data[nx + AS_NEXT + 3]!;
    } else {
      a0 += consts[AS_NEXT]!; a1 += consts[AS_NEXT + 1]!; a2 += consts[AS_NEXT + 2]!; a3 += consts[AS_NEXT + 3]!;
    }
    if (pv2 >= 0) {
      a0 += data[pv2 + AS_PREV2]!; a1 += data[pv2 + AS_PREV2 + 1]!; a2 += data[pv2 + AS_PREV2 + 2]!; a3 += data[pv2 + AS_PREV2 + 3]!;
    } else {
      a0 += consts[AS_PREV2]!; a1 += consts[AS_PREV2 + 1]!; a2 += consts[AS_PREV2 + 2]!; a3 += consts[AS_PREV2 + 3]!;
    }
    if (nx2 >= 0) {
      a0 += data[nx2 + AS_NEXT2]!; a1 += data[nx2 + AS_NEXT2 + 1]!; a2 += data[nx2 + AS_NEXT2 + 2]!; a3 += data[nx2 + AS_NEXT2 + 3]!;
    } else {
      a0 += consts[AS_NEXT2]!; a1 += consts[AS_NEXT2 + 1]!; a2 += consts[AS_NEXT2 + 2]!; a3 += consts[AS_NEXT2 + 3]!;
    }

    const w = data[e + W_H]!;
    const wm1 = pv >= 0 ? data[pv + W_H]! : BOS;
    const wp1 = nx >= 0 ? data[nx + W_H]! : EOS;
    const c = data[e + W_CLS]!;
    const cm1 = pv >= 0 ? data[pv + W_CLS]! : 9;
    const cm2 = pv2 >= 0 ? data[pv2 + W_CLS]! : 9;
    const cp1 = nx >= 0 ? data[nx + W_CLS]! : 10;
    const cp2 = nx2 >= 0 ? data[nx2 + W_CLS]! : 10;
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
  return out;
}
