/**
 * Show a summed amount the way a shopper reads it: "3 tbsp" (not 9 tsp), "1 1/2 cups",
 * "1 1/2 lb" or "680 g" following the recipes' own system, fractions for US units, never
 * "0.33333". docs/decisions/0021-units-and-display.md.
 */
import type { Dimension, UnitSystem } from "../units/measures.ts";
import { measureOf } from "../units/measures.ts";

/** One amount on the list: numeric value in `unit` plus its display text ("1 cup 2 tbsp"). */
export interface DisplayAmount {
  quantity: number | null;
  unit: string | null;
  text: string;
}

const TSP = measureOf("tsp").factor;
const OZ = measureOf("oz").factor;
const INCH = measureOf("inch").factor;

/**
 * Tolerance for a total summed across unit families ("1 cup" + "250 ml"): such a sum is approximate
 * anyway (250 ml stands for a cup in a metric recipe), so it reads as the nearest plain amount
 * ("2 cups", not "2 cups + 2 3/4 tsp") when one is within 6% (decision 0110).
 */
const LOOSE = 0.06;

/** Round to 4 decimals so that JSON never shows 0.33333333333. */
export function round4(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

/**
 * Nearest value of the form whole + num/den with den in `dens`, and its text ("1 1/2", "3/4").
 * Returns null when none is within `tolerance` (relative).
 */
export function niceFraction(x: number, dens: readonly number[], tolerance: number): { value: number; text: string } | null {
  let best: { value: number; text: string; err: number } | null = null;
  for (const den of dens) {
    const n = Math.round(x * den);
    if (n <= 0) continue;
    const value = n / den;
    const err = Math.abs(value - x) / x;
    if (!best || err < best.err - 1e-12) best = { value, text: fractionText(n, den), err };
  }
  return best && best.err <= tolerance ? { value: best.value, text: best.text } : null;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** "7/4" -> "1 3/4"; "4/2" -> "2". */
export function fractionText(num: number, den: number): string {
  const g = gcd(num, den);
  num /= g;
  den /= g;
  const whole = Math.floor(num / den);
  const rest = num % den;
  if (rest === 0) return String(whole);
  return whole > 0 ? `${whole} ${rest}/${den}` : `${rest}/${den}`;
}

/** Text for a plain number: a fraction when one is close, else at most 2 decimals. */
export function numberText(x: number, dens: readonly number[] = [1, 2, 3, 4], tolerance = 0.02): string {
  const f = niceFraction(x, dens, tolerance);
  if (f) return f.text;
  return String(Math.round(x * 100) / 100);
}

const PLURAL_UNITS: Record<string, string> = {
  cup: "cups", can: "cans", clove: "cloves", bunch: "bunches", sprig: "sprigs", slice: "slices", piece: "pieces",
  handful: "handfuls", head: "heads", stalk: "stalks", rib: "ribs", leaf: "leaves", jar: "jars", bottle: "bottles",
  bag: "bags", box: "boxes", carton: "cartons", package: "packages", stick: "sticks", pinch: "pinches", dash: "dashes",
  drop: "drops", splash: "splashes", quart: "quarts", pint: "pints", gallon: "gallons", inch: "inches", container: "containers",
  envelope: "envelopes", sachet: "sachets", sheet: "sheets", knob: "knobs", rasher: "rashers", punnet: "punnets", loaf: "loaves",
  bulb: "bulbs", ear: "ears", glass: "glasses", strip: "strips", wedge: "wedges", cube: "cubes", scoop: "scoops",
  dollop: "dollops", stem: "stems", pod: "pods", fillet: "fillets", square: "squares", bar: "bars", block: "blocks",
  tub: "tubs", tube: "tubes", ball: "balls", "half-pint": "half-pints", tin: "tins", jigger: "jiggers", shot: "shots",
};

/** "2 cups", "1 cup", "3 tbsp", "2 lb": unit names for display, plural where English wants one. */
export function unitText(unit: string, quantity: number): string {
  return quantity > 1 + 1e-9 ? (PLURAL_UNITS[unit] ?? unit) : unit;
}

function amount(quantity: number, unit: string | null, text: string): DisplayAmount {
  return { quantity: round4(quantity), unit, text };
}

/** US volume from ml: tsp below 1 tbsp, tbsp below 1/4 cup, cups above (with a tbsp remainder if needed). */
function usVolume(ml: number, loose = false): DisplayAmount {
  const tsp = ml / TSP;
  if (tsp < 2.9) {
    const f = niceFraction(tsp, [1, 2, 4, 8], 0.08) ?? { value: Math.max(tsp, 0.125), text: numberText(Math.max(tsp, 0.125), [8]) };
    return amount(f.value, "tsp", `${f.text} tsp`);
  }
  if (tsp < 11.5) {
    const tbsp = tsp / 3;
    const f = niceFraction(tbsp, [1, 2], 0.04);
    if (f) return amount(f.value, "tbsp", `${f.text} tbsp`);
    const whole = Math.floor(tbsp);
    const restTsp = niceFraction((tbsp - whole) * 3, [1, 2, 4], 0.15);
    return amount(tbsp, "tbsp", restTsp ? `${whole} tbsp + ${restTsp.text} tsp` : `${numberText(tbsp, [2])} tbsp`);
  }
  const cups = tsp / 48;
  const f = niceFraction(cups, [1, 2, 3, 4], loose ? LOOSE : 0.025);
  if (f) return amount(f.value, "cup", `${f.text} ${unitText("cup", f.value)}`);
  // a whole number of tablespoons up to 3/4 cup reads better than a compound ("6 tbsp")
  const tbspTotal = cups * 16;
  if (tbspTotal <= 8.5 && Math.abs(tbspTotal - Math.round(tbspTotal)) / tbspTotal < 0.04) {
    const n = Math.round(tbspTotal);
    return amount(n, "tbsp", `${n} tbsp`);
  }
  // largest quarter/third not above the total, then the rest in tbsp (or tsp under a tbsp)
  let base = 0;
  let baseText = "";
  for (const den of [4, 3]) {
    const n = Math.floor(cups * den + 1e-9);
    if (n / den > base) {
      base = n / den;
      baseText = fractionText(n, den);
    }
  }
  const restTsp = (cups - base) * 48;
  let rest = "";
  if (restTsp >= 2.75) {
    const r = niceFraction(restTsp / 3, [1, 2], 0.25);
    rest = r ? ` + ${r.text} tbsp` : ` + ${Math.round(restTsp / 3)} tbsp`;
  } else if (restTsp >= 0.2) {
    const r = niceFraction(restTsp, [1, 2, 4], 0.3);
    rest = ` + ${r ? r.text : fractionText(Math.max(1, Math.round(restTsp * 4)), 4)} tsp`;
  }
  return amount(cups, "cup", `${baseText} ${unitText("cup", base)}${rest}`);
}

function usMass(g: number, loose = false): DisplayAmount {
  const oz = g / OZ;
  if (oz < 15.75) {
    const f = niceFraction(oz, oz < 4 ? [1, 2, 4] : [1, 2], loose ? LOOSE : 0.04);
    if (f) return amount(f.value, "oz", `${f.text} oz`);
    return amount(oz, "oz", `${Math.max(1, Math.round(oz))} oz`);
  }
  const lb = oz / 16;
  const f = niceFraction(lb, [1, 2, 4], loose ? LOOSE : 0.03);
  if (f) return amount(f.value, "lb", `${f.text} lb`);
  const whole = Math.floor(lb);
  const restOz = Math.round((lb - whole) * 16);
  return amount(lb, "lb", restOz > 0 ? `${whole} lb ${restOz} oz` : `${whole} lb`);
}

function metricNumber(x: number): string {
  if (x >= 100) return String(Math.round(x / 5) * 5);
  if (x >= 10) return String(Math.round(x));
  return String(Math.round(x * 10) / 10);
}

function metric(base: number, small: string, big: string): DisplayAmount {
  if (base >= 1000) {
    const v = Math.round(base / 10) / 100;
    return amount(v, big, `${v} ${big}`);
  }
  const v = Number(metricNumber(base));
  return amount(v, small, `${v} ${small}`);
}

/**
 * Display amount for a total in a dimension's base unit (ml, g, mm) in the chosen system.
 * Small volumes (under 1/4 cup) are always shown in spoons: metric recipes use spoons too.
 */
export function formatMeasured(
  base: number,
  dimension: Exclude<Dimension, "count">,
  system: UnitSystem,
  /** The total was summed across unit families, or converted from the other family: round more loosely. */
  approximate = false,
): DisplayAmount {
  if (dimension === "volume") {
    if (system !== "metric" || base < 59) return usVolume(base, approximate);
    return metric(base, "ml", "l");
  }
  if (dimension === "mass") return system === "metric" ? metric(base, "g", "kg") : usMass(base, approximate);
  if (system === "metric") {
    const cm = base / 10;
    return amount(Math.round(cm * 10) / 10, "cm", `${Math.round(cm * 10) / 10} cm`);
  }
  const inch = base / INCH;
  const f = niceFraction(inch, [1, 2, 4], 0.1);
  const value = f ? f.value : Math.round(inch * 10) / 10;
  return amount(value, "inch", `${f ? f.text : value} ${unitText("inch", value)}`);
}

/** Display amount for a count: "3" for bare counts, "2 cans", "1 1/2 bunches". */
export function formatCount(quantity: number, unit: string | null): DisplayAmount {
  const text = numberText(quantity);
  return amount(quantity, unit, unit ? `${text} ${unitText(unit, quantity)}` : text);
}
