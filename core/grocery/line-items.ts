/**
 * From our combined shopping-list items to grocery line items in the shape the Instacart Developer
 * Platform takes (`name`, `display_text`, `line_item_measurements`). Pure: no fetch, no platform API.
 * The rules are written down in docs/decisions/0035-grocery-ordering.md.
 *
 * - `name` is the bare product ("all purpose flour"): notes in brackets or after a comma go.
 * - `display_text` is what the shopper reads: amount and name as on our list.
 * - `line_item_measurements` are alternatives for the same amount (Instacart picks one its store
 *   can fill): the unit as written, then the same amount in other accepted units we can convert to
 *   (metric or US, and mass from a volume when the item's density is known).
 * - An item with nothing left after cleaning, or an amount in a unit no accepted unit can express
 *   ("3 cloves", "1 inch"), is unmatched; a trace amount ("a pinch", "to taste") keeps the item with
 *   no measurement (the shopper buys one of whatever the store sells).
 */
import { densityOf, unitWeightOf } from "../combine/density.ts";
import { convertUnit, measureOf } from "../units/measures.ts";
import { defined } from "../lib/invariant.ts";
import { itemLine } from "../shopping/item-text.ts";

/** One item as our list stores it (worker/db/schema.ts shopping_list_items). */
export interface GroceryListItem {
  /** Canonical merge key from the combiner ("all purpose flour"); used for densities. */
  itemKey: string;
  /** Shopper-facing name. */
  name: string;
  /** Display amount ("3 tbsp", "1 cup + 200 g"); empty when none. */
  amount: string;
  /** Machine amounts in canonical units (core/units), null unit = bare count. */
  amounts: readonly { quantity: number | null; unit: string | null }[];
}

/** Units from Instacart's accepted unit list that we send. */
export type InstacartUnit =
  | "teaspoon"
  | "tablespoon"
  | "cup"
  | "fl oz"
  | "pint"
  | "quart"
  | "gallon"
  | "ml"
  | "liter"
  | "gram"
  | "kilogram"
  | "ounce"
  | "pound"
  | "each"
  | "bunch"
  | "can"
  | "ears"
  | "head"
  | "package";

export interface Measurement {
  quantity: number;
  unit: InstacartUnit;
}

export interface GroceryLineItem {
  name: string;
  display_text: string;
  line_item_measurements: Measurement[];
}

export type UnmatchedReason = "no_name" | "unit";

export interface UnmatchedItem {
  /** The item as the shopper knows it ("3 cloves garlic"). */
  text: string;
  reason: UnmatchedReason;
}

export interface GroceryMapping {
  lineItems: GroceryLineItem[];
  unmatched: UnmatchedItem[];
}

/** Our canonical volume/mass units -> the accepted unit with the same size. */
const SAME_UNIT: Readonly<Record<string, InstacartUnit>> = {
  tsp: "teaspoon",
  tbsp: "tablespoon",
  cup: "cup",
  "fl oz": "fl oz",
  pint: "pint",
  quart: "quart",
  gallon: "gallon",
  ml: "ml",
  l: "liter",
  g: "gram",
  kg: "kilogram",
  oz: "ounce",
  lb: "pound",
};

/** Count units of ours that Instacart takes as they are (null = a bare count, "2 eggs"). */
const COUNT_UNITS: Readonly<Record<string, InstacartUnit>> = {
  can: "can",
  package: "package",
  bunch: "bunch",
  head: "head",
  ear: "ears",
};

/** Amounts too small to buy by: the item is still bought, in whatever size the store has. */
const TRACE_UNITS = new Set(["pinch", "dash", "drop", "splash", "handful", "knob", "dollop"]);

/** Accepted unit -> our canonical unit, to convert into it. */
const CANON: Readonly<Partial<Record<InstacartUnit, string>>> = Object.fromEntries(
  Object.entries(SAME_UNIT).map(([ours, theirs]) => [theirs, ours]),
);

const NAME_MAX = 100;

/**
 * The bare product name: bracketed notes, text after a comma and stray symbols removed; empty when
 * nothing usable is left.
 * @example productName("Tomatoes (ripe), chopped") // "Tomatoes"
 */
export function productName(name: string): string {
  let s = name.replace(/\([^)]*\)|\[[^\]]*\]/g, " ");
  const comma = s.indexOf(",");
  if (comma >= 0) s = s.slice(0, comma);
  s = s
    .replace(/[^\p{L}\p{N}\s'&-]/gu, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s'&-]+|[\s'&-]+$/g, "");
  if (!/\p{L}/u.test(s)) return "";
  return s.slice(0, NAME_MAX).trim();
}

/** Quantity rounded for the wire: at most 2 decimals, never 0 for a positive amount. */
export function wireQuantity(q: number): number {
  const r = Math.round(q * 100) / 100;
  return r === 0 && q > 0 ? 0.01 : r;
}

/** `convertUnit` between two units of one dimension that the caller has already checked. */
function convertKnown(quantity: number, from: string, to: string): number {
  return defined(convertUnit(quantity, from, to), `a conversion from ${from} to ${to}`);
}

function measurement(quantity: number, unit: InstacartUnit): Measurement {
  return { quantity: wireQuantity(quantity), unit };
}

/** The same volume in the other system (ml/liter for US units, cups for metric) and, with a density, in grams. */
function volumeAlternatives(quantity: number, unit: string, key: string): Measurement[] {
  const ml = convertKnown(quantity, unit, "ml");
  const out: Measurement[] = [];
  const same = SAME_UNIT[unit];
  if (same) out.push(measurement(quantity, same));
  const metric = ml >= 1000 ? measurement(ml / 1000, "liter") : measurement(ml, "ml");
  const cupMl = convertKnown(1, "cup", "ml");
  const us =
    ml >= cupMl / 4
      ? measurement(ml / cupMl, "cup")
      : ml >= convertKnown(1, "tbsp", "ml")
        ? measurement(ml / convertKnown(1, "tbsp", "ml"), "tablespoon")
        : measurement(ml / convertKnown(1, "tsp", "ml"), "teaspoon");
  // The other system first: a metric amount is offered in US units and the other way round.
  if (measureOf(unit).system === "metric") out.push(us, metric);
  else out.push(metric, us);
  const density = densityOf(key);
  if (density !== null) out.push(...massAlternatives(ml * density, "g").slice(0, 2));
  return dedupe(out);
}

/** The same mass in grams/kilograms and ounces/pounds. */
function massAlternatives(quantity: number, unit: string): Measurement[] {
  const g = convertKnown(quantity, unit, "g");
  const out: Measurement[] = [];
  const same = SAME_UNIT[unit];
  if (same) out.push(measurement(quantity, same));
  const metric = g >= 1000 ? measurement(g / 1000, "kilogram") : measurement(g, "gram");
  const ozs = g / convertKnown(1, "oz", "g");
  const us = ozs >= 16 ? measurement(ozs / 16, "pound") : measurement(ozs, "ounce");
  if (!same) out.push(metric, us);
  else out.push(measureOf(unit).system === "metric" ? us : metric);
  return dedupe(out);
}

function dedupe(ms: Measurement[]): Measurement[] {
  const seen = new Set<string>();
  return ms.filter((m) => {
    const k = m.unit;
    if (seen.has(k) || !(m.quantity > 0)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * The measurements for one item's amounts, or "unit" when an amount cannot be expressed, or [] for
 * an item bought without a measurement. Amounts the combiner could not merge (a volume beside a
 * count) are merged here by mass when a density makes that possible; otherwise the first amount
 * that can be expressed is measured and the display text carries the rest.
 */
export function measurementsFor(item: Pick<GroceryListItem, "itemKey" | "amounts">): Measurement[] | "unit" {
  const amounts = item.amounts.filter((a) => a.quantity !== null && a.quantity > 0 && !(a.unit && TRACE_UNITS.has(a.unit))) as {
    quantity: number;
    unit: string | null;
  }[];
  if (amounts.length === 0) return [];
  if (amounts.length > 1) {
    // Every amount as grams, when each one converts.
    let grams = 0;
    for (const a of amounts) {
      const g = toGrams(a.quantity, a.unit, item.itemKey);
      if (g === null) {
        grams = NaN;
        break;
      }
      grams += g;
    }
    if (Number.isFinite(grams)) return massAlternatives(grams, "g");
  }
  for (const a of amounts) {
    const m = single(a.quantity, a.unit, item.itemKey);
    if (m) return m;
  }
  return "unit";
}

function toGrams(quantity: number, unit: string | null, key: string): number | null {
  const m = measureOf(unit);
  if (m.dimension === "mass") return quantity * m.factor;
  if (m.dimension === "volume") {
    const d = densityOf(key);
    return d === null ? null : quantity * m.factor * d;
  }
  if (unit) {
    const w = unitWeightOf(key, unit);
    if (w !== null) return quantity * w;
  }
  return null;
}

function single(quantity: number, unit: string | null, key: string): Measurement[] | null {
  const m = measureOf(unit);
  if (unit !== null && m.dimension === "volume") return volumeAlternatives(quantity, unit, key);
  if (unit !== null && m.dimension === "mass") return massAlternatives(quantity, unit);
  if (m.dimension === "count") {
    const count = quantity * m.factor;
    if (m.unit === null) return [measurement(count, "each")];
    const theirs = COUNT_UNITS[m.unit];
    if (theirs) return [measurement(count, theirs)];
    const w = unitWeightOf(key, m.unit);
    if (w !== null) return massAlternatives(count * w, "g");
  }
  return null;
}

/** Converts an accepted-unit measurement back into our units (for checks and the demo page). */
export function toOurUnit(m: Measurement): { quantity: number; unit: string | null } {
  if (m.unit === "each") return { quantity: m.quantity, unit: null };
  return { quantity: m.quantity, unit: CANON[m.unit] ?? (m.unit === "ears" ? "ear" : m.unit) };
}

/** Maps a whole list; order is kept. */
export function toGroceryLineItems(items: readonly GroceryListItem[]): GroceryMapping {
  const lineItems: GroceryLineItem[] = [];
  const unmatched: UnmatchedItem[] = [];
  for (const item of items) {
    const shown = itemLine(item);
    const name = productName(item.name);
    if (!name) {
      unmatched.push({ text: shown, reason: "no_name" });
      continue;
    }
    const ms = measurementsFor(item);
    if (ms === "unit") {
      unmatched.push({ text: shown, reason: "unit" });
      continue;
    }
    lineItems.push({ name, display_text: shown, line_item_measurements: ms });
  }
  return { lineItems, unmatched };
}
