/**
 * Numeric value of quantity tokens: "2", "1.5", "1/2", "2-3", "1/2-3/4", number words.
 * Used by the assembler (core/ingredient/assemble.ts).
 */

/** Number words. "a"/"an" count as 1 only when the tagger labels them a quantity; the labelled
 * data reads "a pinch of salt" as an unmeasured amount (docs/decisions/0005-ingredient-parser.md). */
const WORD_VALUES = new Map<string, number>([
  ["one", 1],
  ["two", 2],
  ["three", 3],
  ["four", 4],
  ["five", 5],
  ["six", 6],
  ["seven", 7],
  ["eight", 8],
  ["nine", 9],
  ["ten", 10],
  ["eleven", 11],
  ["twelve", 12],
  ["fifteen", 15],
  ["twenty", 20],
  ["half", 0.5],
  ["quarter", 0.25],
  ["dozen", 12],
  ["a", 1],
  ["an", 1],
]);

function isDigits(t: string): boolean {
  if (t.length === 0) return false;
  for (let i = 0; i < t.length; i++) {
    const c = t.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** A value with an optional upper end. */
export interface QuantityRange {
  lo: number;
  hi: number | null;
}

function parseSimple(s: string): number | null {
  const plus = s.indexOf("+");
  if (plus > 0) {
    const whole = parseSimple(s.slice(0, plus));
    const frac = parseSimple(s.slice(plus + 1));
    return whole === null || frac === null ? null : whole + frac;
  }
  const slash = s.indexOf("/");
  if (slash > 0) {
    const n = Number(s.slice(0, slash));
    const d = Number(s.slice(slash + 1));
    if (!Number.isFinite(n) || !Number.isFinite(d) || d === 0) return null;
    return n / d;
  }
  if (s === "" || !/^\d+(?:\.\d+)?$|^\.\d+$/.test(s)) return null;
  const v = Number(s);
  return Number.isFinite(v) ? v : null;
}

/**
 * Value of one quantity token, or null when it is not a number.
 *
 * @example parseQuantityToken("1/2") // { lo: 0.5, hi: null }
 * @example parseQuantityToken("2-3") // { lo: 2, hi: 3 }
 */
export function parseQuantityToken(token: string): QuantityRange | null {
  const hit = CACHE.get(token);
  if (hit !== undefined) return hit;
  const v = parseUncached(token);
  if (CACHE.size >= 10_000) CACHE.clear();
  CACHE.set(token, v);
  return v;
}

/** Token -> value; the same few hundred number tokens make up almost every line. Values are frozen. */
const CACHE = new Map<string, QuantityRange | null>();

function parseUncached(token: string): QuantityRange | null {
  if (token.length > 40) return null;
  const lower = token.toLowerCase();
  const word = WORD_VALUES.get(lower);
  if (word !== undefined) return Object.freeze({ lo: word, hi: null });
  const dash = token.indexOf("-", 1);
  if (dash > 0) {
    const lo = parseSimple(token.slice(0, dash));
    const hi = parseSimple(token.slice(dash + 1));
    if (lo === null || hi === null) return null;
    return Object.freeze({ lo, hi });
  }
  const v = parseSimple(token);
  return v === null ? null : Object.freeze({ lo: v, hi: null });
}

/** True when the token is a number word ("one", "half", "dozen"), not "a"/"an". */
export function isNumberWord(token: string): boolean {
  const lower = token.toLowerCase();
  return lower !== "a" && lower !== "an" && WORD_VALUES.has(lower);
}

/** "1/2", "3/4-1": a fraction first. */
const FRACTION_START_RE = /^\d+\/\d+/;

/**
 * Combines the consecutive quantity tokens of one amount: "1" "1/2" -> 1.5 (mixed number),
 * "2" "dozen" -> 24, "1" "1/2-2" -> 1.5..2, "half" -> 0.5. Returns null when nothing is numeric.
 */
export function combineQuantityTokens(tokens: readonly string[]): QuantityRange | null {
  const [only] = tokens;
  if (tokens.length === 1 && only !== undefined) return parseQuantityToken(only); // (what the loop below gives for one token)
  let acc: QuantityRange | null = null;
  let prevDigits = false;
  for (const t of tokens) {
    const wasDigits = prevDigits;
    prevDigits = isDigits(t);
    const lower = t.toLowerCase();
    if (lower === "dozen" && acc) {
      acc = { lo: acc.lo * 12, hi: acc.hi === null ? null : acc.hi * 12 };
      continue;
    }
    const v = parseQuantityToken(t);
    if (!v) continue;
    if (acc === null) {
      acc = v;
      continue;
    }
    // mixed number: whole then fraction ("1 1/2", "1 1/2-2")
    if (wasDigits && acc.hi === null && Number.isInteger(acc.lo) && FRACTION_START_RE.test(t)) {
      const lo: number = acc.lo + v.lo;
      acc = { lo, hi: v.hi === null ? null : v.hi < lo ? acc.lo + v.hi : v.hi };
      continue;
    }
    // "1-1 1/2": a range whose upper end is a mixed number
    if (acc.hi !== null && Number.isInteger(acc.hi) && FRACTION_START_RE.test(t) && v.hi === null) {
      acc = { lo: acc.lo, hi: acc.hi + v.lo };
      continue;
    }
    if (lower === "half" || lower === "quarter") continue;
    // a second full number inside one amount: keep the first ("1 2 cups" is noise)
  }
  return acc;
}
