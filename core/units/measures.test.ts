import { describe, expect, it } from "vitest";
import { CANONICAL_UNITS } from "./aliases.ts";
import { convertUnit, isContainerUnit, measureOf, toBase } from "./measures.ts";

describe("measures", () => {
  it("converts US spoons and cups exactly", () => {
    expect(convertUnit(9, "tsp", "tbsp")).toBeCloseTo(3, 10);
    expect(convertUnit(1, "cup", "tbsp")).toBeCloseTo(16, 10);
    expect(convertUnit(2, "pint", "quart")).toBeCloseTo(1, 10);
    expect(convertUnit(1, "cup", "fl oz")).toBeCloseTo(8, 10);
  });

  it("converts between US and metric within a dimension", () => {
    expect(convertUnit(1, "lb", "g")).toBeCloseTo(453.592, 3);
    expect(convertUnit(1, "cup", "ml")).toBeCloseTo(236.588, 3);
    expect(convertUnit(1, "inch", "cm")).toBeCloseTo(2.54, 5);
    expect(convertUnit(1, "kg", "oz")).toBeCloseTo(35.274, 3);
  });

  it("does not convert across dimensions or between count units", () => {
    expect(convertUnit(1, "cup", "g")).toBeNull();
    expect(convertUnit(1, "can", "jar")).toBeNull();
    expect(convertUnit(1, null, "clove")).toBeNull();
    expect(convertUnit(2, "tin", "can")).toBe(2);
    expect(convertUnit(1, "dozen", null)).toBe(12);
  });

  it("knows every canonical unit of the alias table (unknown ones are counts of themselves)", () => {
    for (const u of CANONICAL_UNITS) {
      const m = measureOf(u);
      expect(["volume", "mass", "length", "count"]).toContain(m.dimension);
      if (m.dimension === "count") expect(m.system).toBe("none");
    }
    expect(measureOf("bunch")).toEqual({ unit: "bunch", dimension: "count", factor: 1, system: "none" });
    expect(measureOf(null).dimension).toBe("count");
  });

  it("gives base amounts and container units", () => {
    expect(toBase(2, "kg")).toBe(2000);
    expect(toBase(3, null)).toBe(3);
    expect(isContainerUnit("can")).toBe(true);
    expect(isContainerUnit("tin")).toBe(true);
    expect(isContainerUnit("cup")).toBe(false);
    expect(isContainerUnit(null)).toBe(false);
  });
});
