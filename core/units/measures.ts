/**
 * What each canonical unit (core/units/aliases.ts) measures: its dimension, its size in the
 * dimension's base unit (ml, g, mm) and its system (US customary or metric). Used to add amounts
 * ("1 tbsp" + "2 tsp") and to show a total in sensible units. docs/decisions/0007-units-and-display.md.
 *
 * Spoons and cups are US sizes (a UK or Australian tablespoon of 15/20 ml differs by less than a
 * shopper would notice, except the Australian one, which we do not try to detect); pint, quart and
 * gallon are US liquid measures.
 */

export type Dimension = "volume" | "mass" | "length" | "count";
export type UnitSystem = "us" | "metric" | "none";

export interface Measure {
  /** Canonical unit name; for counts, the unit that the count is kept in (null = bare count). */
  unit: string | null;
  dimension: Dimension;
  /** Size in the base unit: ml for volume, g for mass, mm for length, 1 (or 12 for dozen) for counts. */
  factor: number;
  system: UnitSystem;
}

const V = (unit: string, ml: number, system: UnitSystem): Measure => ({ unit, dimension: "volume", factor: ml, system });
const M = (unit: string, g: number, system: UnitSystem): Measure => ({ unit, dimension: "mass", factor: g, system });
const L = (unit: string, mm: number, system: UnitSystem): Measure => ({ unit, dimension: "length", factor: mm, system });

const TSP_ML = 4.92892159375;

/** Every unit that converts to another; units not listed here are counts of themselves. */
export const MEASURES: Readonly<Record<string, Measure>> = {
  tsp: V("tsp", TSP_ML, "us"),
  tbsp: V("tbsp", TSP_ML * 3, "us"),
  dsp: V("dsp", TSP_ML * 2, "us"),
  "fl oz": V("fl oz", TSP_ML * 6, "us"),
  cup: V("cup", TSP_ML * 48, "us"),
  "half-pint": V("half-pint", TSP_ML * 48, "us"),
  pint: V("pint", TSP_ML * 96, "us"),
  quart: V("quart", TSP_ML * 192, "us"),
  gallon: V("gallon", TSP_ML * 768, "us"),
  jigger: V("jigger", TSP_ML * 9, "us"),
  shot: V("shot", TSP_ML * 9, "us"),
  ml: V("ml", 1, "metric"),
  cl: V("cl", 10, "metric"),
  dl: V("dl", 100, "metric"),
  l: V("l", 1000, "metric"),
  oz: M("oz", 28.349523125, "us"),
  lb: M("lb", 453.59237, "us"),
  mg: M("mg", 0.001, "metric"),
  g: M("g", 1, "metric"),
  kg: M("kg", 1000, "metric"),
  inch: L("inch", 25.4, "us"),
  mm: L("mm", 1, "metric"),
  cm: L("cm", 10, "metric"),
  // counts that are really another count unit
  tin: { unit: "can", dimension: "count", factor: 1, system: "none" },
  dozen: { unit: null, dimension: "count", factor: 12, system: "none" },
};

/**
 * The measure of a canonical unit. Null and unknown units are counts: null is a bare count
 * ("2 eggs"), any other unit counts itself ("2 cans", "1 bunch").
 * @param unit canonical unit name from `canonicalUnit`, or null
 */
export function measureOf(unit: string | null): Measure {
  if (unit === null) return { unit: null, dimension: "count", factor: 1, system: "none" };
  return MEASURES[unit] ?? { unit, dimension: "count", factor: 1, system: "none" };
}

/**
 * Amount in the base unit of its dimension (ml, g, mm, or a count of `measureOf(unit).unit`).
 * @param quantity number of units
 * @param unit canonical unit or null
 */
export function toBase(quantity: number, unit: string | null): number {
  return quantity * measureOf(unit).factor;
}

/**
 * Convert a quantity between two units of the same dimension; null when they do not convert
 * (different dimensions, or two different count units).
 */
export function convertUnit(quantity: number, from: string | null, to: string | null): number | null {
  const a = measureOf(from);
  const b = measureOf(to);
  if (a.dimension !== b.dimension) return null;
  if (a.dimension === "count" && a.unit !== b.unit) return null;
  return (quantity * a.factor) / b.factor;
}

/** True for units that name a container or pack whose size may follow ("2 (14 oz) cans"). */
export function isContainerUnit(unit: string | null): boolean {
  return unit !== null && CONTAINERS.has(measureOf(unit).unit ?? "");
}

const CONTAINERS = new Set([
  "can",
  "package",
  "jar",
  "bottle",
  "bag",
  "box",
  "carton",
  "container",
  "envelope",
  "sachet",
  "tub",
  "packet",
  "block",
  "punnet",
]);
