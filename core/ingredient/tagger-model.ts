/**
 * The learned part of the ingredient tagger: a first-order linear-chain model (structured
 * averaged perceptron, trained by scripts/train-ingredients.ts) over hashed token features,
 * decoded with Viterbi. The weights live in core/ingredient/model/weights.json as one compact
 * base64 string so that every bundler (Vite for the Worker) includes them without fs reads.
 * See docs/decisions/0005-ingredient-parser.md.
 */
import { FEATURE_BITS } from "./token-features.ts";
import type { LineFeatures } from "./token-features.ts";

/** Token labels, in model order. */
export const LABELS = ["QTY", "UNIT", "SIZE", "NAME", "PREP", "COMMENT", "PURPOSE", "PUNC"] as const;
export type Label = (typeof LABELS)[number];
export const L = LABELS.length;

/**
 * A decoded model: per-feature weight rows plus transition scores.
 *
 * Only ~47k of the 2^18 hashed features have weights, and they have only ~7.5k distinct weight
 * rows, so the rows are stored compactly: `index[feature]` is the feature's row (0 = the row of
 * zeros; features with equal weights share a row), and row r is two 32-bit words `rows[2r]`,
 * `rows[2r + 1]` holding the 8 int8 weights as biased bytes (w + 128): byte j of word k is label
 * 4k + j. Emission sums add the bytes two lanes at a time (SWAR: `x & 0xff00ff` gives labels 0 and
 * 2 in two 16-bit lanes, `(x >>> 8) & 0xff00ff` labels 1 and 3); 39 features of at most 255 cannot
 * carry between lanes. 512 KB of index plus ~60 KB of rows (instead of a dense 4 MB table) keeps
 * most lookups in cache.
 */
export interface TaggerModel {
  index: Uint16Array;
  rows: Int32Array;
  /** (L + 1) * L transition scores in weight units (divided by the quantisation scale). */
  trans: Float32Array;
  /** transpose(trans), for viterbi. */
  transT: Float64Array;
  /**
   * The emission tables of the small-domain features (emission.ts), when the model file ships
   * them (format 3, core/ingredient/model/packed.ts); otherwise emission.ts builds them at first use.
   */
  tables?: EmissionTables;
}

/** Emission sums of the small-domain features, indexed by their values (built by emission.ts). */
export interface EmissionTables {
  cls3: Int32Array;
  t11: Int32Array;
  t12: Int32Array;
  pos: Int32Array;
  seen: Int32Array;
  t35: Int32Array;
}

/** Serialised form written by the trainer (serialiseModel). */
export interface SerialisedModel {
  version: 2;
  labels: readonly string[];
  featureBits: number;
  scale: number;
  trans: number[];
  /**
   * base64 of: varint deltas of the `rows` sorted feature ids; then per feature its distinct
   * weight row (uint16 LE, row 0 = all zeros); then `distinct` rows of L int8 weights (row 0
   * first). Distinct rows are numbered in order of first use, so decoding is a copy.
   */
  data: string;
  /** Features with weights. */
  rows: number;
  /** Distinct weight rows, the zero row included. */
  distinct: number;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * Base64 -> bytes. atob (native in Node, Workers and browsers) does the decoding; the plain loop
 * is kept for a runtime without it.
 */
const B64_LOOKUP = new Uint8Array(128);
for (let i = 0; i < B64.length; i++) B64_LOOKUP[B64.charCodeAt(i)] = i;

export function base64ToBytes(s: string): Uint8Array {
  if (typeof atob === "function") {
    const bin = atob(s);
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  }
  const lookup = B64_LOOKUP;
  let len = s.length;
  while (len > 0 && s[len - 1] === "=") len--;
  const out = new Uint8Array(Math.floor((len * 3) / 4));
  let o = 0;
  for (let i = 0; i < len; i += 4) {
    const a = lookup[s.charCodeAt(i)]!;
    const b = lookup[s.charCodeAt(i + 1)]!;
    const c = i + 2 < len ? lookup[s.charCodeAt(i + 2)]! : 0;
    const d = i + 3 < len ? lookup[s.charCodeAt(i + 3)]! : 0;
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    if (o < out.length) out[o++] = (n >> 16) & 255;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}

/** Bytes -> base64 (used by the trainer). */
export function bytesToBase64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = i + 1 < bytes.length ? bytes[i + 1]! : 0;
    const c = i + 2 < bytes.length ? bytes[i + 2]! : 0;
    const n = (a << 16) | (b << 8) | c;
    s += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]!;
    s += i + 1 < bytes.length ? B64[(n >> 6) & 63]! : "=";
    s += i + 2 < bytes.length ? B64[n & 63]! : "=";
  }
  return s;
}

/**
 * Serialises quantised weights: `features` sorted ascending, `weights` their L int8 weights each
 * (features.length * L). Features with equal weights share one stored row.
 */
export function serialiseModel(
  features: readonly number[],
  weights: Int8Array,
  meta: Omit<SerialisedModel, "version" | "data" | "rows" | "distinct">,
): SerialisedModel {
  const bytes: number[] = [];
  let prev = 0;
  for (const f of features) {
    let d = f - prev;
    prev = f;
    while (d >= 128) {
      bytes.push((d & 127) | 128);
      d >>>= 7;
    }
    bytes.push(d);
  }
  const zero = new Array<number>(L).fill(0).join(",");
  const rowOf = new Map<string, number>([[zero, 0]]);
  const distinct: number[][] = [new Array<number>(L).fill(0)];
  for (let r = 0; r < features.length; r++) {
    const row = Array.from(weights.subarray(r * L, r * L + L));
    const key = row.join(",");
    let u = rowOf.get(key);
    if (u === undefined) {
      u = distinct.length;
      rowOf.set(key, u);
      distinct.push(row);
    }
    if (u > 0xffff) throw new Error("more than 65,535 distinct weight rows");
    bytes.push(u & 255, u >>> 8);
  }
  for (const row of distinct) for (const w of row) bytes.push(w & 255);
  return { version: 2, ...meta, data: bytesToBase64(Uint8Array.from(bytes)), rows: features.length, distinct: distinct.length };
}

/** Decodes a serialised model into the compact index and rows (see TaggerModel). */
export function decodeModel(m: SerialisedModel): TaggerModel {
  if (m.version !== 2 || m.featureBits !== FEATURE_BITS || m.labels.length !== L) throw new Error("ingredient model does not match code");
  const bytes = base64ToBytes(m.data);
  const index = new Uint16Array(1 << FEATURE_BITS);
  // the row numbers follow the varint ids: find where the ids end, then read both side by side
  let q = 0;
  for (let r = 0; r < m.rows; r++) while (bytes[q++]! >= 128);
  let p = 0;
  let id = 0;
  for (let r = 0; r < m.rows; r++, q += 2) {
    let delta = 0;
    let shift = 0;
    for (;;) {
      const b = bytes[p++]!;
      delta |= (b & 127) << shift;
      if (b < 128) break;
      shift += 7;
    }
    id += delta;
    index[id] = bytes[q]! | (bytes[q + 1]! << 8);
  }
  // rows as two 32-bit words of biased bytes (w + 128), byte j of word k = label 4k + j
  const rows = new Int32Array(m.distinct * 2);
  for (let u = 0, s = q; u < m.distinct; u++, s += 8) {
    rows[u * 2] = (bytes[s]! ^ 128) | ((bytes[s + 1]! ^ 128) << 8) | ((bytes[s + 2]! ^ 128) << 16) | ((bytes[s + 3]! ^ 128) << 24);
    rows[u * 2 + 1] = (bytes[s + 4]! ^ 128) | ((bytes[s + 5]! ^ 128) << 8) | ((bytes[s + 6]! ^ 128) << 16) | ((bytes[s + 7]! ^ 128) << 24);
  }
  const trans = Float32Array.from(m.trans, (x) => x / m.scale);
  return { index, rows, trans, transT: transpose(trans) };
}

let emBuf = new Float32Array(64 * L);

/**
 * Emission scores: n * L, from precomputed feature ids (the reference path, used by the trainer
 * and the tests; the parser uses emission.ts, which gives identical sums). The returned array is a
 * shared buffer, valid until the next call.
 */
export function emissionScores(model: Pick<TaggerModel, "index" | "rows">, lf: LineFeatures): Float32Array {
  const { index, rows } = model;
  if (emBuf.length < lf.n * L) emBuf = new Float32Array(lf.n * 2 * L);
  const out = emBuf;
  const { feats, offsets } = lf;
  if (L !== 8) throw new Error("emissionScores is unrolled for 8 labels");
  for (let i = 0; i < lf.n; i++) {
    let a02 = 0,
      a13 = 0,
      a46 = 0,
      a57 = 0;
    const start = offsets[i]!;
    const end = offsets[i + 1]!;
    for (let k = start; k < end; k++) {
      const r = index[feats[k]!]! << 1;
      const x = rows[r]!;
      const y = rows[r + 1]!;
      a02 += x & 0xff00ff;
      a13 += (x >>> 8) & 0xff00ff;
      a46 += y & 0xff00ff;
      a57 += (y >>> 8) & 0xff00ff;
    }
    writeEmission(out, i << 3, a02, a13, a46, a57, 128 * (end - start));
  }
  return out;
}

/** Unpacks four two-lane sums (labels 0+2, 1+3, 4+6, 5+7) into 8 scores minus the byte bias. */
export function writeEmission(out: Float32Array, base: number, a02: number, a13: number, a46: number, a57: number, off: number): void {
  out[base] = (a02 & 0xffff) - off;
  out[base + 1] = (a13 & 0xffff) - off;
  out[base + 2] = (a02 >>> 16) - off;
  out[base + 3] = (a13 >>> 16) - off;
  out[base + 4] = (a46 & 0xffff) - off;
  out[base + 5] = (a57 & 0xffff) - off;
  out[base + 6] = (a46 >>> 16) - off;
  out[base + 7] = (a57 >>> 16) - off;
}

let scoreBuf = new Float64Array(64 * L);
const ttBuf = new Float64Array(L * L);

/** The L x L label-to-label part of `trans`, transposed (out[l * L + k] = trans[k * L + l]), as doubles. */
export function transpose(trans: ArrayLike<number>, out = new Float64Array(L * L)): Float64Array {
  for (let k = 0; k < L; k++) for (let l = 0; l < L; l++) out[l * L + k] = trans[k * L + l]!;
  return out;
}
let backBuf = new Int8Array(64 * L);

/**
 * Viterbi over emission scores (n * L) and transitions ((L+1) * L, last row = start).
 * `onlyLabel[i] >= 0` forces token i to that label (punctuation is always PUNC).
 * `transposed` is `transpose(trans)` when the caller keeps it (the model does). Returns label indices.
 */
export function viterbi(
  em: ArrayLike<number>,
  n: number,
  trans: ArrayLike<number>,
  onlyLabel?: Int8Array,
  out?: Int8Array,
  transposed?: Float64Array,
): Int8Array {
  const path = out ?? new Int8Array(n);
  if (n === 0) return path;
  if (scoreBuf.length < n * L) {
    scoreBuf = new Float64Array(n * 2 * L);
    backBuf = new Int8Array(n * 2 * L);
  }
  const score = scoreBuf;
  const back = backBuf;
  const NEG = -1e30;
  // transitions transposed (tt[l * L + k] = trans[k * L + l]) as doubles
  const tt = transposed ?? transpose(trans, ttBuf);
  const only0 = onlyLabel ? onlyLabel[0]! : -1;
  for (let l = 0; l < L; l++) score[l] = only0 >= 0 && l !== only0 ? NEG : trans[L * L + l]! + em[l]!;
  for (let i = 1; i < n; i++) {
    const only = onlyLabel ? onlyLabel[i]! : -1;
    const prev = (i - 1) * L;
    const base = i * L;
    // previous column in locals: 8 loads instead of 64
    const p0 = score[prev]!,
      p1 = score[prev + 1]!,
      p2 = score[prev + 2]!,
      p3 = score[prev + 3]!;
    const p4 = score[prev + 4]!,
      p5 = score[prev + 5]!,
      p6 = score[prev + 6]!,
      p7 = score[prev + 7]!;
    let from = 0;
    let to = L;
    if (only >= 0) {
      // a forced label (punctuation): only that one is scored
      for (let l = 0; l < L; l++) {
        score[base + l] = NEG;
        back[base + l] = 0;
      }
      from = only;
      to = only + 1;
    }
    for (let l = from; l < to; l++) {
      const t = l * L;
      let best = p0 + tt[t]!;
      let arg = 0;
      let s = p1 + tt[t + 1]!;
      if (s > best) {
        best = s;
        arg = 1;
      }
      s = p2 + tt[t + 2]!;
      if (s > best) {
        best = s;
        arg = 2;
      }
      s = p3 + tt[t + 3]!;
      if (s > best) {
        best = s;
        arg = 3;
      }
      s = p4 + tt[t + 4]!;
      if (s > best) {
        best = s;
        arg = 4;
      }
      s = p5 + tt[t + 5]!;
      if (s > best) {
        best = s;
        arg = 5;
      }
      s = p6 + tt[t + 6]!;
      if (s > best) {
        best = s;
        arg = 6;
      }
      s = p7 + tt[t + 7]!;
      if (s > best) {
        best = s;
        arg = 7;
      }
      score[base + l] = best + em[base + l]!;
      back[base + l] = arg;
    }
  }
  let best = -Infinity;
  let arg = 0;
  for (let l = 0; l < L; l++) {
    if (score[(n - 1) * L + l]! > best) {
      best = score[(n - 1) * L + l]!;
      arg = l;
    }
  }
  path[n - 1] = arg;
  for (let i = n - 1; i > 0; i--) path[i - 1] = back[i * L + path[i]!]!;
  return path;
}
