/**
 * The learned part of the ingredient tagger: a first-order linear-chain model (structured
 * averaged perceptron, trained by scripts/train-ingredients.ts) over hashed token features,
 * decoded with Viterbi. The weights live in core/ingredient/model/weights.ts as one compact
 * base64 string so that every bundler (Vite for the Worker) includes them without fs reads.
 * See docs/decisions/0010-ingredient-parser.md.
 */
import { FEATURE_BITS } from "./token-features.ts";
import type { LineFeatures } from "./token-features.ts";

/** Token labels, in model order. */
export const LABELS = ["QTY", "UNIT", "SIZE", "NAME", "PREP", "COMMENT", "PURPOSE", "PUNC"] as const;
export type Label = (typeof LABELS)[number];
export const L = LABELS.length;

/** A decoded model: per-feature weight rows plus transition scores. */
export interface TaggerModel {
  /** rowOf[feature] = 1 + row index into `weights`, 0 when the feature has no weights. */
  rowOf: Int32Array;
  /** rows * L weights, already scaled to floats. */
  weights: Float32Array;
  /** (L + 1) * L transition scores: row L is the start state. */
  trans: Float32Array;
}

/** Serialised form written by the trainer. */
export interface SerialisedModel {
  version: 1;
  labels: readonly string[];
  featureBits: number;
  scale: number;
  trans: number[];
  /** base64 of: varint deltas of sorted feature ids, then rows * L int8 weights. */
  data: string;
  rows: number;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Plain base64 -> bytes (no atob/Buffer: runs the same in Node, Workers and browsers). */
export function base64ToBytes(s: string): Uint8Array {
  const lookup = new Uint8Array(128);
  for (let i = 0; i < B64.length; i++) lookup[B64.charCodeAt(i)] = i;
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

/** Decodes a serialised model. */
export function decodeModel(m: SerialisedModel): TaggerModel {
  if (m.featureBits !== FEATURE_BITS || m.labels.length !== L) throw new Error("ingredient model does not match code");
  const bytes = base64ToBytes(m.data);
  const rowOf = new Int32Array(1 << FEATURE_BITS);
  let p = 0;
  let id = 0;
  for (let r = 0; r < m.rows; r++) {
    let delta = 0;
    let shift = 0;
    for (;;) {
      const b = bytes[p++]!;
      delta |= (b & 127) << shift;
      if (b < 128) break;
      shift += 7;
    }
    id += delta;
    rowOf[id] = r + 1;
  }
  const weights = new Float32Array(m.rows * L);
  for (let i = 0; i < weights.length; i++) {
    const b = bytes[p + i]!;
    weights[i] = (b > 127 ? b - 256 : b) * m.scale;
  }
  return { rowOf, weights, trans: Float32Array.from(m.trans) };
}

/** Emission scores: n * L. */
export function emissionScores(model: TaggerModel, lf: LineFeatures): Float32Array {
  const { rowOf, weights } = model;
  const out = new Float32Array(lf.n * L);
  for (let i = 0; i < lf.n; i++) {
    const base = i * L;
    for (let k = lf.offsets[i]!; k < lf.offsets[i + 1]!; k++) {
      const r = rowOf[lf.feats[k]!]!;
      if (r === 0) continue;
      const w = (r - 1) * L;
      for (let l = 0; l < L; l++) out[base + l] += weights[w + l]!;
    }
  }
  return out;
}

/**
 * Viterbi over emission scores (n * L) and transitions ((L+1) * L, last row = start).
 * Returns label indices. Optional `allowed(i, l)` masks impossible labels (e.g. PUNC on a word).
 */
export function viterbi(em: ArrayLike<number>, n: number, trans: ArrayLike<number>, allowed?: (i: number, l: number) => boolean): Int8Array {
  const path = new Int8Array(n);
  if (n === 0) return path;
  const score = new Float64Array(n * L);
  const back = new Int8Array(n * L);
  for (let l = 0; l < L; l++) {
    score[l] = allowed && !allowed(0, l) ? -1e30 : trans[L * L + l]! + em[l]!;
  }
  for (let i = 1; i < n; i++) {
    for (let l = 0; l < L; l++) {
      if (allowed && !allowed(i, l)) {
        score[i * L + l] = -1e30;
        continue;
      }
      let best = -Infinity;
      let arg = 0;
      for (let p = 0; p < L; p++) {
        const s = score[(i - 1) * L + p]! + trans[p * L + l]!;
        if (s > best) {
          best = s;
          arg = p;
        }
      }
      score[i * L + l] = best + em[i * L + l]!;
      back[i * L + l] = arg;
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
