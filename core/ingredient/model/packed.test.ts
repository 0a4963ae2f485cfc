import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildEmissionTables, EMISSION_TABLE_LENGTHS } from "../emission.ts";
import { bytesToBase64, decodeModel, L, LABELS, serialiseModel } from "../tagger-model.ts";
import type { EmissionTables, SerialisedModel, TaggerModel } from "../tagger-model.ts";
import { FEATURE_BITS } from "../token-features.ts";
import { decodeBase64Aligned, modelFromFile, packModel, unpackModel, type PackedModel } from "./packed.ts";
import WEIGHTS from "./weights.json" with { type: "json" };

afterEach(() => vi.unstubAllGlobals());

const TABLES = Object.keys(EMISSION_TABLE_LENGTHS) as (keyof EmissionTables)[];
const meta = {
  labels: [...LABELS],
  featureBits: FEATURE_BITS,
  scale: 2,
  trans: new Array<number>((L + 1) * L).fill(0).map((_, i) => i - 30),
};

/** Index of the first difference of two arrays, -1 when equal (toEqual over 262k entries is slow). */
function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.min(a.length, b.length);
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

function smallModel(): { serial: SerialisedModel; model: TaggerModel } {
  // a few features, among them ones the emission tables read (class and position templates hash anywhere)
  const features = Array.from(new Set([3, 17, 1000, 70_000, 123_456, (1 << FEATURE_BITS) - 1])).sort((a, b) => a - b);
  const weights = new Int8Array(features.length * L);
  for (let i = 0; i < weights.length; i++) weights[i] = ((i * 37) % 255) - 127;
  const serial = serialiseModel(features, weights, meta);
  return { serial, model: decodeModel(serial) };
}

describe("packModel / unpackModel (format 3)", () => {
  it("gives back the decoded arrays and the emission tables, as views over one block", () => {
    const { serial, model } = smallModel();
    const packed = packModel(model, { ...meta, rows: serial.rows });
    expect(packed).toMatchObject({ version: 3, featureBits: FEATURE_BITS, rows: serial.rows, distinct: serial.distinct });
    const back = unpackModel(JSON.parse(JSON.stringify(packed)) as PackedModel);
    expect(firstDifference(back.index, model.index)).toBe(-1);
    expect(firstDifference(back.rows, model.rows)).toBe(-1);
    expect(Array.from(back.trans)).toEqual(Array.from(model.trans));
    expect(Array.from(back.transT)).toEqual(Array.from(model.transT));
    const tables = buildEmissionTables(model);
    for (const k of TABLES) expect(firstDifference(back.tables?.[k] ?? [], tables[k]), k).toBe(-1);
    // no copies: every array is a view of the same bytes
    expect(new Set([back.index.buffer, back.rows.buffer, ...TABLES.map((k) => back.tables?.[k].buffer)]).size).toBe(1);
  });

  it("refuses a file of another format, hashing width or table layout", () => {
    const { serial, model } = smallModel();
    const packed = packModel(model, { ...meta, rows: serial.rows });
    expect(() => unpackModel({ ...packed, version: 2 } as unknown as PackedModel)).toThrow(/does not match/);
    expect(() => unpackModel({ ...packed, featureBits: FEATURE_BITS - 1 })).toThrow(/does not match/);
    expect(() => unpackModel({ ...packed, tables: { ...packed.tables, pos: packed.tables.pos - 4 } })).toThrow(/does not match/);
    expect(() => unpackModel({ ...packed, distinct: packed.distinct + 100_000 })).toThrow(/does not match/);
  });

  it("reads format 2 files through the same entry point", () => {
    const { serial, model } = smallModel();
    const viaFile = modelFromFile(serial);
    expect(firstDifference(viaFile.index, model.index)).toBe(-1);
    expect(viaFile.tables).toBeUndefined(); // built by emission.ts at first use
  });
});

describe("decodeBase64Aligned", () => {
  it("decodes with Uint8Array.fromBase64, Buffer or neither, always at a 4-byte aligned offset", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = bytesToBase64(bytes);
        const check = () => {
          const out = decodeBase64Aligned(text);
          expect(Array.from(out)).toEqual(Array.from(bytes));
          expect(out.byteOffset % 4).toBe(0);
        };
        check(); // Node: Buffer (pooled small buffers sit at any offset)
        vi.stubGlobal("Buffer", undefined);
        check(); // atob loop
        vi.stubGlobal("atob", undefined);
        check(); // plain loop
        vi.unstubAllGlobals();
      }),
    );
  });
});

describe("the committed weights", () => {
  const file = WEIGHTS as unknown as PackedModel;

  it("are in the packed form the parser uses (format 3)", () => {
    // scripts/train-ingredients.ts writes this form; a format 2 file would be decoded on the first parse of every Worker start
    expect(file.version).toBe(3);
  });

  it("ship emission tables equal to the ones the index and rows give", () => {
    const model = unpackModel(file);
    const rebuilt = buildEmissionTables(model);
    for (const k of TABLES) expect(firstDifference(model.tables?.[k] ?? [], rebuilt[k]), k).toBe(-1);
  });

  it("hold ~47k features over ~7.5k distinct rows", () => {
    const model = unpackModel(file);
    expect(file.distinct).toBeLessThan(file.rows);
    expect(model.rows.length).toBe(file.distinct * 2);
    let used = 0;
    for (let f = 0; f < model.index.length; f++) if (model.index[f] !== 0) used++;
    expect(used).toBeGreaterThan(file.rows * 0.99); // features whose weights equal the zero row are the rare exception
    expect(used).toBeLessThanOrEqual(file.rows);
  });
});
