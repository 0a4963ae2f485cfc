/**
 * The tagger's weights in the form the parser uses them (model file format 3), so that the first
 * parse after a Worker start does no decoding work: one native base64 decode, then typed-array
 * views over its bytes (decision 0005).
 *
 * `data` is base64 of one little-endian byte block, 4-byte aligned sections in this order:
 * - `index`: Uint16 per hashed feature (2^featureBits), the feature's distinct weight row (0 = zeros);
 * - `rows`: two Int32 per distinct row, the 8 int8 weights as biased bytes (see TaggerModel);
 * - the emission tables of the small-domain features (emission.ts EMISSION_TABLE_LENGTHS, Int32).
 * Format 2 (tagger-model.ts serialiseModel: varint ids, built into these arrays at first use) stays
 * the trainer's compact intermediate; scripts/train-ingredients.ts writes format 3 through packModel.
 */
import { buildEmissionTables, EMISSION_TABLE_LENGTHS } from "../emission.ts";
import { base64ToBytes, bytesToBase64, decodeModel, L, transpose } from "../tagger-model.ts";
import type { EmissionTables, SerialisedModel, TaggerModel } from "../tagger-model.ts";
import { FEATURE_BITS } from "../token-features.ts";

/** Model file format 3 (weights.json). */
export interface PackedModel {
  version: 3;
  labels: readonly string[];
  featureBits: number;
  scale: number;
  /** (L + 1) * L transition scores, quantised units (divided by `scale` when loaded). */
  trans: number[];
  /** Features with weights (informational). */
  rows: number;
  /** Distinct weight rows, the zero row included. */
  distinct: number;
  /** Length in Int32 of each emission table, in section order. */
  tables: Record<keyof EmissionTables, number>;
  /** base64 of index | rows | tables (see the module comment). */
  data: string;
}

const TABLE_ORDER = ["cls3", "t11", "t12", "pos", "seen", "t35"] as const satisfies readonly (keyof EmissionTables)[];

/** Typed arrays read the platform's byte order; every runtime we target is little-endian. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * base64 -> bytes with the runtime's native decoder where it has one (Uint8Array.fromBase64 in
 * Workers and current browsers, Buffer in Node), else tagger-model's atob loop. The bytes start
 * at a 4-byte aligned offset of their buffer (Int32Array views need it).
 */
export function decodeBase64Aligned(s: string): Uint8Array {
  const native = (Uint8Array as unknown as { fromBase64?: (s: string) => Uint8Array }).fromBase64;
  const nodeBuffer = (globalThis as { Buffer?: { from(s: string, encoding: "base64"): Uint8Array } }).Buffer;
  const bytes =
    typeof native === "function" ? native(s) : typeof nodeBuffer?.from === "function" ? nodeBuffer.from(s, "base64") : base64ToBytes(s);
  return bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
}

/** bytes -> base64 with the runtime's native encoder where it has one (the trainer and tests pack 750 KB). */
function encodeBase64(bytes: Uint8Array): string {
  const native = (bytes as unknown as { toBase64?: () => string }).toBase64;
  if (typeof native === "function") return native.call(bytes);
  const nodeBuffer = (globalThis as { Buffer?: { from(b: Uint8Array): { toString(encoding: "base64"): string } } }).Buffer;
  if (typeof nodeBuffer?.from === "function") return nodeBuffer.from(bytes).toString("base64");
  return bytesToBase64(bytes);
}

const align4 = (n: number) => (n + 3) & ~3;

/** The packed (format 3) form of a decoded model: its arrays plus the emission tables. */
export function packModel(
  model: TaggerModel,
  meta: { labels: readonly string[]; scale: number; trans: number[]; rows: number },
): PackedModel {
  if (!LITTLE_ENDIAN) throw new Error("packModel writes little-endian typed arrays");
  const tables = model.tables ?? buildEmissionTables(model);
  const parts: Uint8Array[] = [
    new Uint8Array(model.index.buffer, model.index.byteOffset, model.index.byteLength),
    new Uint8Array(model.rows.buffer, model.rows.byteOffset, model.rows.byteLength),
    ...TABLE_ORDER.map((k) => new Uint8Array(tables[k].buffer, tables[k].byteOffset, tables[k].byteLength)),
  ];
  const total = parts.reduce((n, p) => align4(n) + p.byteLength, 0);
  const block = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    at = align4(at);
    block.set(p, at);
    at += p.byteLength;
  }
  return {
    version: 3,
    labels: meta.labels,
    featureBits: FEATURE_BITS,
    scale: meta.scale,
    trans: meta.trans,
    rows: meta.rows,
    distinct: model.rows.length / 2,
    tables: Object.fromEntries(TABLE_ORDER.map((k) => [k, tables[k].length])) as Record<keyof EmissionTables, number>,
    data: encodeBase64(block),
  };
}

/** Views over a packed model's bytes: no copy, no loop over the weights. */
export function unpackModel(m: PackedModel): TaggerModel {
  if (m.version !== 3 || m.featureBits !== FEATURE_BITS || m.labels.length !== L) throw new Error("ingredient model does not match code");
  for (const k of TABLE_ORDER) if (m.tables[k] !== EMISSION_TABLE_LENGTHS[k]) throw new Error("ingredient model does not match code");
  if (!LITTLE_ENDIAN) throw new Error("the packed ingredient model needs a little-endian runtime");
  const bytes = decodeBase64Aligned(m.data);
  const buf = bytes.buffer;
  const end = bytes.byteOffset + bytes.byteLength;
  let at = bytes.byteOffset; // 4-byte aligned (decodeBase64Aligned)
  const take = <T>(make: (offset: number) => T, byteLength: number): T => {
    at = align4(at);
    if (at + byteLength > end) throw new Error("ingredient model does not match code");
    const view = make(at);
    at += byteLength;
    return view;
  };
  const n = 1 << FEATURE_BITS;
  const index = take((o) => new Uint16Array(buf, o, n), n * 2);
  const rows = take((o) => new Int32Array(buf, o, m.distinct * 2), m.distinct * 8);
  const table = (k: keyof EmissionTables) => take((o) => new Int32Array(buf, o, m.tables[k]), m.tables[k] * 4);
  const tables: EmissionTables = {
    cls3: table("cls3"),
    t11: table("t11"),
    t12: table("t12"),
    pos: table("pos"),
    seen: table("seen"),
    t35: table("t35"),
  };
  const trans = Float32Array.from(m.trans, (x) => x / m.scale);
  return { index, rows, trans, transT: transpose(trans), tables };
}

/** A model from a model file of format 3 (packed) or 2 (compact, decoded into the same arrays). */
export function modelFromFile(file: PackedModel | SerialisedModel): TaggerModel {
  return file.version === 3 ? unpackModel(file) : decodeModel(file);
}
