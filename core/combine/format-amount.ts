/**
 * Show a summed amount the way a cook writes it: "3 tbsp" (not 9 tsp), "1 1/2 cups", "1 lb 9 oz"
 * or "705 g", fractions for US units, never "0.33333". docs/decisions/0007-units-and-display.md.
 *
 * Every total is shown as one of a fixed set of sensible measures (quarter and third cups, half
 * tablespoons, eighth teaspoons, quarter pounds or whole ounces, 5 g steps...): the closest one that
 * is not below 98% of the true total (`FLOOR`), so a list never asks for noticeably less than the
 * recipes need; a compound ("1 cup + 2 tbsp", "1 lb 9 oz") only when no plain measure is close.
 * Whole-item counts round up (no half egg). The unit family and the locale are parameters
 * (`AmountFormat`), so a caller can show the same total in metric or US units, in another language.
 */
import type { Dimension } from "../units/measures.ts";
import { measureOf } from "../units/measures.ts";

/** One amount on the list: numeric value in `unit` plus its display text ("1 cup + 2 tbsp"). */
export interface DisplayAmount {
  quantity: number | null;
  unit: string | null;
  text: string;
}

/** How to show an amount: the unit family, the reader's locale, and what is known of the item. */
export interface AmountFormat {
  system: "us" | "metric";
  /**
   * BCP 47 tag of the reader's language ("en", "de-AT"); decimals follow it ("1,5 l"). Default "en".
   * US measures are written in fractions whatever the locale; unit names are English for now.
   */
  locale?: string;
  /**
   * The total was summed across unit families, or converted from the other family: it is approximate
   * anyway, so a plain measure a little above it beats a precise compound ("2 1/4 cups", not
   * "2 cups + 1 tbsp"). The 98% floor holds either way.
   */
  approximate?: boolean;
  /**
   * Grams per millilitre when the item is a solid of known density (flour, sugar, butter; see
   * density.ts): in metric a volume from a quarter cup up is shown in grams ("70 g butter", not "74 ml").
   */
  solidDensity?: number | null;
}

/** A displayed total is never below this share of the true total. */
export const FLOOR = 0.98;

const TSP = measureOf("tsp").factor;
const OZ = measureOf("oz").factor;
const INCH = measureOf("inch").factor;
/** A quarter cup in ml: below it volumes are shown in spoons, also in metric (metric recipes use spoons too). */
const SPOON_LIMIT_ML = 59;

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
export function numberText(x: number, dens: readonly number[] = [1, 2, 3, 4], tolerance = 0.02, locale = "en"): string {
  const f = niceFraction(x, dens, tolerance);
  if (f) return f.text;
  return decimalText(Math.round(x * 100) / 100, locale);
}

const DECIMALS = new Map<string, Intl.NumberFormat>();

/** A decimal number as the locale writes it ("1.25" in English, "1,25" in German). */
export function decimalText(x: number, locale = "en"): string {
  if (locale === "en" || locale.startsWith("en-")) return String(x);
  let f = DECIMALS.get(locale);
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: 2, useGrouping: false });
    DECIMALS.set(locale, f);
  }
  return f.format(x);
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

// ------------------------------------------------------------------ sensible measures

/** One measure a total may be shown as: its size in the dimension's base unit (ml, g, mm). */
interface Measure {
  base: number;
  /** The unit the amount is counted in (for a compound, its first unit). */
  unit: string;
  text: string;
  compound: boolean;
}

/** Cost of a compound against a plain measure (relative error it is worth). */
const COMPOUND_COST = 0.02;
const COMPOUND_COST_APPROXIMATE = 0.06;

/**
 * The measure to show `x` as: none below FLOOR·x, and the smallest relative distance from x plus a
 * cost for compounds. `measures` are sorted by base; null when x is above them all.
 */
function pick(x: number, measures: readonly Measure[], compoundCost: number): Measure | null {
  const min = x * FLOOR - 1e-9;
  let lo = 0;
  let hi = measures.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((measures[mid] as Measure).base < min) lo = mid + 1;
    else hi = mid;
  }
  let best: Measure | null = null;
  let bestCost = Number.POSITIVE_INFINITY;
  for (let i = lo; i < measures.length; i++) {
    const m = measures[i] as Measure;
    const over = (m.base - x) / x;
    if (over > bestCost) break;
    const cost = Math.abs(over) + (m.compound ? compoundCost : 0);
    if (cost < bestCost - 1e-9) {
      best = m;
      bestCost = cost;
    }
  }
  return best;
}

/** Sorts measures by size, keeping the first written of two the same size (a plain one before a compound). */
function table(measures: Measure[]): Measure[] {
  const seen = new Set<number>();
  const out: Measure[] = [];
  for (const m of measures) {
    const k = Math.round(m.base * 1e6);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(m);
  }
  return out.sort((a, b) => a.base - b.base);
}

function plain(base: number, unit: string, text: string): Measure {
  return { base, unit, text, compound: false };
}

/** Fractions k/den (k >= 1) up to `max`, as [value, text]. */
function steps(den: number, from: number, max: number): [number, string][] {
  const out: [number, string][] = [];
  for (let k = Math.max(1, Math.round(from * den)); k / den <= max + 1e-9; k++) out.push([k / den, fractionText(k, den)]);
  return out;
}

const CUP_TSP = 48;
const cupText = (value: number, text: string) => `${text} ${unitText("cup", value)}`;

/** Teaspoons: eighths to a half, then quarters, then whole ones to 5 ("4 tsp", never "1 tbsp + 1 tsp"). */
const TSP_STEPS: [number, string][] = [[0.125, "1/8"], [0.25, "1/4"], [0.5, "1/2"], ...steps(4, 0.75, 2.75), [4, "4"], [5, "5"]];

/** Teaspoons in eighths and quarters, tablespoons in halves up to `maxTbsp`. */
function spoons(maxTbsp: number): Measure[] {
  return [
    ...steps(2, 1, maxTbsp).map(([v, t]) => plain(v * 3 * TSP, "tbsp", `${t} tbsp`)),
    ...TSP_STEPS.map(([v, t]) => plain(v * TSP, "tsp", `${t} tsp`)),
  ];
}

/** Metric recipes measure small amounts in spoons: teaspoons and tablespoons up to a quarter cup. */
const SPOONS: readonly Measure[] = table(spoons(4));

/** Cups in quarters and thirds (halves and wholes for large totals), tablespoons in halves, teaspoons in eighths and quarters. */
const US_VOLUME: readonly Measure[] = (() => {
  const ms: Measure[] = [];
  const cups: [number, string][] = [...steps(4, 0.25, 8), ...steps(3, 1 / 3, 8), ...steps(2, 8.5, 32), ...steps(1, 33, 200)];
  for (const [v, t] of cups) ms.push(plain(v * CUP_TSP * TSP, "cup", cupText(v, t)));
  ms.push(...spoons(7.5));
  // a quarter or third cup and one to three tablespoons: "1 cup + 2 tbsp"
  for (const [v, t] of [...steps(4, 0.25, 8), ...steps(3, 1 / 3, 8)]) {
    for (const tbsp of [1, 2, 3]) {
      const total = v * CUP_TSP + tbsp * 3;
      ms.push({ base: total * TSP, unit: "cup", text: `${cupText(v, t)} + ${tbsp} tbsp`, compound: true });
    }
  }
  return table(ms);
})();

/** Ounces in quarters (below 4 oz) and halves; pounds in quarters, else "1 lb 9 oz". */
const US_MASS: readonly Measure[] = (() => {
  const ms: Measure[] = [];
  for (const [v, t] of [...steps(4, 0.25, 3.75), ...steps(2, 4, 15.5)]) ms.push(plain(v * OZ, "oz", `${t} oz`));
  for (const [v, t] of [...steps(4, 1, 20), ...steps(1, 21, 200)]) ms.push(plain(v * 16 * OZ, "lb", `${t} lb`));
  for (let lb = 1; lb <= 20; lb++) {
    for (let oz = 1; oz <= 15; oz++) {
      const total = lb * 16 + oz;
      ms.push({ base: total * OZ, unit: "lb", text: `${lb} lb ${oz} oz`, compound: true });
    }
  }
  return table(ms);
})();

function fromTable(x: number, measures: readonly Measure[], format: AmountFormat, fallbackUnit: string, unitBase: number): DisplayAmount {
  const m = pick(x, measures, format.approximate ? COMPOUND_COST_APPROXIMATE : COMPOUND_COST);
  if (m) return { quantity: trueQuantity(x, m.unit), unit: m.unit, text: m.text };
  // beyond the table: whole units, rounded up
  const n = Math.ceil((x * FLOOR) / unitBase);
  return { quantity: trueQuantity(x, fallbackUnit), unit: fallbackUnit, text: `${n} ${unitText(fallbackUnit, n)}` };
}

/**
 * The true total in the shown unit (4 decimals): the text may round it, the number does not, so
 * showing the stored amount again in the other family rounds once, not twice.
 */
function trueQuantity(base: number, unit: string): number {
  return round4(base / measureOf(unit).factor);
}

/** Metric step for a size: 0.1 below 10, 1 below 50, 5 below 1000, 10 (two decimals of a kg or l) above. */
function metricStep(x: number): number {
  if (x < 10) return 0.1;
  if (x < 50) return 1;
  if (x < 1000) return 5;
  return 10;
}

/** Nearest step, or the next one up when the nearest is below the floor. */
function metricRound(x: number): number {
  const step = metricStep(x);
  let v = Math.round(x / step) * step;
  if (v < x * FLOOR - 1e-9) v += step;
  return Math.round(v * 100) / 100;
}

function metric(x: number, small: string, big: string, locale: string): DisplayAmount {
  const v = metricRound(x);
  if (v >= 1000) {
    const b = Math.round(v / 10) / 100;
    return { quantity: trueQuantity(x, big), unit: big, text: `${decimalText(b, locale)} ${big}` };
  }
  return { quantity: trueQuantity(x, small), unit: small, text: `${decimalText(v, locale)} ${small}` };
}

/**
 * Display amount for a total in a dimension's base unit (ml, g, mm) in the chosen family. Small
 * volumes (under 1/4 cup) are always shown in spoons: metric recipes use spoons too; in metric a
 * solid of known density is weighed from a quarter cup up.
 */
export function formatMeasured(base: number, dimension: Exclude<Dimension, "count">, format: AmountFormat): DisplayAmount {
  const locale = format.locale ?? "en";
  if (!(base > 0)) return { quantity: 0, unit: null, text: "0" };
  if (dimension === "volume") {
    if (format.system === "us") return fromTable(base, US_VOLUME, format, "cup", CUP_TSP * TSP);
    if (base < SPOON_LIMIT_ML) return fromTable(base, SPOONS, format, "tbsp", 3 * TSP);
    if (format.solidDensity) return metric(base * format.solidDensity, "g", "kg", locale);
    return metric(base, "ml", "l", locale);
  }
  if (dimension === "mass") {
    if (format.system === "metric") return metric(base, "g", "kg", locale);
    return fromTable(base, US_MASS, format, "lb", 16 * OZ);
  }
  if (format.system === "metric") {
    const cm = base / 10;
    let v = Math.max(0.5, Math.round(cm * 2) / 2);
    if (v < cm * FLOOR - 1e-9) v += 0.5;
    return { quantity: trueQuantity(base, "cm"), unit: "cm", text: `${decimalText(v, locale)} cm` };
  }
  const inch = base / INCH;
  const q = Math.max(Math.round(inch * 4), Math.ceil(inch * FLOOR * 4 - 1e-9), 1) / 4;
  return { quantity: trueQuantity(base, "inch"), unit: "inch", text: `${fractionText(q * 4, 4)} ${unitText("inch", q)}` };
}

/**
 * Count units that measure rather than name a thing bought or used whole: these keep fractions
 * ("1/2 pinch"); every other count (bare counts, cloves, cans, bunches...) rounds up to whole ones.
 */
const MEASURE_COUNTS: ReadonlySet<string> = new Set(["pinch", "dash", "drop", "splash", "handful", "knob", "dollop", "scoop", "glass"]);

/** True when a count in this unit (null = bare count) is of whole items that a list rounds up. */
export function isWholeCount(unit: string | null): boolean {
  return unit === null || !MEASURE_COUNTS.has(unit);
}

/**
 * Display amount for a count: "3" for bare counts, "2 cans". Whole items round up ("1 1/2 eggs" is
 * 2 eggs; a total within 2% above a whole number keeps it); measures keep halves, thirds, quarters.
 */
export function formatCount(quantity: number, unit: string | null, format: Pick<AmountFormat, "locale"> = {}): DisplayAmount {
  if (isWholeCount(unit)) {
    const n = Math.max(1, Math.ceil(quantity * FLOOR - 1e-9));
    return { quantity: n, unit, text: unit ? `${n} ${unitText(unit, n)}` : String(n) };
  }
  const text = numberText(quantity, [1, 2, 3, 4], 0.02, format.locale);
  return { quantity: round4(quantity), unit, text: `${text} ${unitText(unit ?? "", quantity)}`.trim() };
}
