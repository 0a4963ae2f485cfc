import { describe, expect, it } from "vitest";
import {
  clampScale,
  formatCount,
  parseYield,
  SCALE_MAX,
  SCALE_MIN,
  scaleForServings,
  servingsForScale,
  servingsRange,
} from "./servings.ts";

describe("parseYield", () => {
  it.each([
    ["4 servings", "Serves 4", 4],
    ["4", "Serves 4", 4],
    ["Serves 4", "Serves 4", 4],
    ["serves: 6 people", "Serves 6", 6],
    ["Servings: 4-6", "Serves 4–6", 4],
    ["4 to 6 portions", "Serves 4–6", 4],
    ["Yield: 8 servings.", "Serves 8", 8],
    ["Makes 4 servings", "Serves 4", 4],
    ["for 2 persons", "Serves 2", 2],
    ["4 Portionen", "Makes 4 Portionen", 4],
    ["12 cookies", "Makes 12 cookies", 12],
    ["Makes 1 loaf", "Makes 1 loaf", 1],
    ["yield: 2,5 cups", "Makes 2.5 cups", 2.5],
    ["  6   muffins  ", "Makes 6 muffins", 6],
  ])("%j -> %j (%d)", (text, label, servings) => {
    expect(parseYield(text)).toEqual({ label, servings });
  });

  it("keeps words without a count, with no servings", () => {
    expect(parseYield("a crowd")).toEqual({ label: "A crowd", servings: null });
  });

  it("gives no count for zero or absurd numbers", () => {
    expect(parseYield("0 servings")?.servings ?? null).toBeNull();
    expect(parseYield("100000 servings")?.servings ?? null).toBeNull();
  });

  it("a range written high to low keeps the first number", () => {
    expect(parseYield("6-4 servings")).toEqual({ label: "Serves 6", servings: 6 });
  });

  it("is null for no text", () => {
    expect(parseYield(null)).toBeNull();
    expect(parseYield(undefined)).toBeNull();
    expect(parseYield("   ")).toBeNull();
  });

  it("cuts a long label", () => {
    const y = parseYield(`1 ${"very ".repeat(20)}large pan`);
    expect(y?.servings).toBe(1);
    expect(y?.label.length).toBe(40);
    expect(y?.label.endsWith("…")).toBe(true);
  });
});

describe("scales and servings", () => {
  it("formats counts with at most two decimals", () => {
    expect(formatCount(2)).toBe("2");
    expect(formatCount(1.5)).toBe("1.5");
    expect(formatCount(1 / 3)).toBe("0.33");
  });

  it("clamps a scale to the API's range, and anything unusable to 1", () => {
    expect(clampScale(2)).toBe(2);
    expect(clampScale(0.01)).toBe(SCALE_MIN);
    expect(clampScale(1000)).toBe(SCALE_MAX);
    for (const bad of [0, -1, Number.NaN, Number.POSITIVE_INFINITY, null, undefined]) expect(clampScale(bad)).toBe(1);
  });

  it("turns wanted servings into a scale and back", () => {
    expect(scaleForServings(6, 4)).toBe(1.5);
    expect(scaleForServings(2, 4)).toBe(0.5);
    expect(scaleForServings(1, 3)).toBe(0.3333);
    expect(servingsForScale(0.3333, 3)).toBe(1);
    expect(servingsForScale(1.5, 4)).toBe(6);
    expect(servingsForScale(0.5, 3)).toBe(1.5);
  });

  it("without a base or a wanted count the scale is 1", () => {
    expect(scaleForServings(6, null)).toBe(1);
    expect(scaleForServings(6, 0)).toBe(1);
    expect(scaleForServings(0, 4)).toBe(1);
    expect(scaleForServings(Number.NaN, 4)).toBe(1);
  });

  it("limits the servings to what the scale limits allow", () => {
    expect(servingsRange(4)).toEqual({ min: 1, max: 400 });
    expect(servingsRange(48)).toEqual({ min: 3, max: 4800 });
    expect(scaleForServings(servingsRange(48).min, 48)).toBeGreaterThanOrEqual(SCALE_MIN);
    expect(scaleForServings(1, 48)).toBe(SCALE_MIN);
  });
});
