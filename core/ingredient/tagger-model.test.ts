import fc from "fast-check";
import { afterEach, describe, expect, it, vi } from "vitest";
import { base64ToBytes, bytesToBase64, decodeModel, L, LABELS, serialiseModel } from "./tagger-model.ts";
import type { SerialisedModel } from "./tagger-model.ts";
import { FEATURE_BITS } from "./token-features.ts";
import { expectDefined } from "../lib/expect-defined.ts";

afterEach(() => vi.unstubAllGlobals());

/** Weight w of label l for a feature, as the decoded model stores it (biased byte w + 128). */
function weightOf(rows: Int32Array, row: number, l: number): number {
  return ((expectDefined(rows[row * 2 + (l >> 2)]) >>> ((l & 3) * 8)) & 255) - 128;
}

describe("base64ToBytes", () => {
  it("decodes what bytesToBase64 wrote, with the runtime's atob and with the plain fallback", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const text = bytesToBase64(bytes);
        expect(Array.from(base64ToBytes(text))).toEqual(Array.from(bytes));
        vi.stubGlobal("atob", undefined);
        expect(Array.from(base64ToBytes(text))).toEqual(Array.from(bytes));
        vi.unstubAllGlobals();
      }),
    );
  });
});

describe("serialiseModel / decodeModel (format 2)", () => {
  const meta = { labels: [...LABELS], featureBits: FEATURE_BITS, scale: 2, trans: new Array<number>((L + 1) * L).fill(0).map((_, i) => i) };

  it("gives every feature its own weights back, sharing rows between equal ones", () => {
    const features = [3, 17, 1000, 70_000, (1 << FEATURE_BITS) - 1];
    const weights = new Int8Array(features.length * L);
    const rowsOf = [
      [1, -2, 3, -4, 5, -6, 7, -127],
      [0, 0, 0, 0, 0, 0, 0, 1],
      [1, -2, 3, -4, 5, -6, 7, -127], // same as the first
      [127, 127, 127, 127, -127, -127, -127, -127],
      [0, 0, 0, 0, 0, 0, 0, 1], // same as the second
    ];
    rowsOf.forEach((row, r) => weights.set(row, r * L));
    const serial = serialiseModel(features, weights, meta);
    expect(serial).toMatchObject({ version: 2, rows: 5, distinct: 4 }); // zero row + 3 distinct
    const model = decodeModel(serial);
    features.forEach((f, r) => {
      const row = expectDefined(model.index[f]);
      expect(Array.from({ length: L }, (_, l) => weightOf(model.rows, row, l))).toEqual(rowsOf[r]);
    });
    expect(model.index[4]).toBe(0); // a feature without weights reads the zero row
    expect(Array.from({ length: L }, (_, l) => weightOf(model.rows, 0, l))).toEqual(new Array(L).fill(0));
    expect(Array.from(model.trans)).toEqual(meta.trans.map((x) => x / 2));
  });

  it("refuses a model of another format or hashing width", () => {
    const serial = serialiseModel([1], new Int8Array(L).fill(1), meta);
    expect(() => decodeModel({ ...serial, version: 1 } as unknown as SerialisedModel)).toThrow(/does not match/);
    expect(() => decodeModel({ ...serial, featureBits: FEATURE_BITS - 1 })).toThrow(/does not match/);
  });
});
