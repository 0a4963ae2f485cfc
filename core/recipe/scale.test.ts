import { describe, expect, it } from "vitest";
import { SCALE_MAX, SCALE_MIN, scalesOf } from "./scale.ts";

describe("scalesOf", () => {
  it("keeps only the scales that change a recipe, clamped to what the list API takes", () => {
    expect(
      scalesOf([
        ["a", 2],
        ["b", 1],
        ["c", undefined],
        ["d", 0.5],
        ["e", 1000],
        ["f", 0.001],
        ["g", Number.NaN],
        ["h", null],
      ]),
    ).toEqual({ a: 2, d: 0.5, e: SCALE_MAX, f: SCALE_MIN });
  });

  it("is undefined when every recipe stays as written", () => {
    expect(scalesOf([])).toBeUndefined();
    expect(
      scalesOf([
        ["a", 1],
        ["b", undefined],
      ]),
    ).toBeUndefined();
  });
});
