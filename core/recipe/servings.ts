/**
 * Servings: what a page's yield says ("4 servings", "Serves 4-6", "Makes 12 cookies") as a
 * short label and a count, and the scale a wanted number of servings means. The scale is what
 * POST /api/shopping-lists takes per recipe (core/api/lists.ts); every amount of the recipe is
 * multiplied by it before combining (core/combine).
 */

import { clampScale, SCALE_MAX, SCALE_MIN } from "./scale.ts";

export { clampScale, SCALE_MAX, SCALE_MIN };
/** The quick choices offered beside the servings field. */
export const QUICK_SCALES = [0.5, 1, 2] as const;
/** Longest yield label shown; a longer text is cut with an ellipsis. */
export const YIELD_LABEL_MAX = 40;

export interface RecipeYield {
  /** What to show: "Serves 4", "Serves 4–6", "Makes 12 cookies", or the page's words. */
  label: string;
  /** The number of servings (the lower end of a range); null when the text gives no usable count. */
  servings: number | null;
}

const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
const RANGE = String.raw`${NUMBER}(?:\s*(?:-|–|—|to|or)\s*${NUMBER})?`;
const PEOPLE = "(?:servings?|portions?|people|persons?|personen|personnes|porciones|porzioni|pax)";
/** "4", "4 servings", "serves 4", "servings: 4-6", "yield: 4 portions", "makes 4 servings", "for 4 people". */
const SERVES_RE = new RegExp(String.raw`^(?:(?:serves|servings?|portions?|yields?|makes|for)\s*:?\s*)?${RANGE}\s*(?:${PEOPLE})?\.?$`, "i");
const FIRST_NUMBER_RE = new RegExp(String.raw`^(?:(?:yields?|makes|about|approx\.?|approximately)\s*:?\s*)?${NUMBER}`, "i");

function toNumber(text: string | undefined): number | null {
  if (text === undefined) return null;
  const n = Number(text.replace(",", "."));
  return Number.isFinite(n) && n > 0 && n <= 10_000 ? n : null;
}

function clip(text: string): string {
  return text.length <= YIELD_LABEL_MAX ? text : `${text.slice(0, YIELD_LABEL_MAX - 1).trimEnd()}…`;
}

/**
 * Reads a page's yield text. Null when there is none. A count of people becomes "Serves N" (a range
 * keeps both ends, the count is its lower end); a count of something else ("12 cookies") becomes
 * "Makes 12 cookies" and counts as 12; words without a leading number are shown as written with no count.
 */
export function parseYield(text: string | null | undefined): RecipeYield | null {
  const clean = (text ?? "").replace(/\s+/g, " ").trim();
  if (!clean) return null;
  const serves = SERVES_RE.exec(clean);
  if (serves) {
    const low = toNumber(serves[1]);
    const high = toNumber(serves[2]);
    if (low !== null) {
      const range = high !== null && high > low ? `${formatCount(low)}–${formatCount(high)}` : formatCount(low);
      return { label: `Serves ${range}`, servings: low };
    }
  }
  const first = FIRST_NUMBER_RE.exec(clean);
  const count = toNumber(first?.[1]);
  if (first && count !== null) {
    const rest = clean.slice(first[0].length).trim();
    return { label: clip(rest ? `Makes ${formatCount(count)} ${rest}` : `Makes ${formatCount(count)}`), servings: count };
  }
  return { label: clip(clean.charAt(0).toUpperCase() + clean.slice(1)), servings: null };
}

/** A count or scale as people write it: up to two decimals, no trailing zeros (1.5, 2, 0.25). */
export function formatCount(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** The scale that turns a recipe for `base` servings into one for `wanted` (1 without a usable base). */
export function scaleForServings(wanted: number, base: number | null): number {
  if (!base || base <= 0 || !Number.isFinite(wanted) || wanted <= 0) return 1;
  return clampScale(wanted / base);
}

/** The servings a scale makes of a recipe for `base` servings (two decimals at most). */
export function servingsForScale(scale: number, base: number): number {
  return Math.round(base * clampScale(scale) * 100) / 100;
}

/**
 * The servings a person may type for a recipe for `base` servings: whole servings from 1 (or the
 * fewest the smallest scale allows) up to what the largest scale allows.
 */
export function servingsRange(base: number): { min: number; max: number } {
  return { min: Math.max(1, Math.ceil(base * SCALE_MIN)), max: Math.max(1, Math.floor(base * SCALE_MAX)) };
}
