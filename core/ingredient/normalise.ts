/**
 * Stage 1 of the ingredient pipeline (normalise -> tokenise -> label -> assemble): rewrites a raw
 * line into a plain form that the tokeniser and tagger see. Every rule here is linear in the
 * length of the line (simple regexes without nested quantifiers, or single passes).
 */

const VULGAR: Record<string, string> = {
  "½": "1/2", "⅓": "1/3", "⅔": "2/3", "¼": "1/4", "¾": "3/4", "⅕": "1/5", "⅖": "2/5", "⅗": "3/5", "⅘": "4/5",
  "⅙": "1/6", "⅚": "5/6", "⅐": "1/7", "⅛": "1/8", "⅜": "3/8", "⅝": "5/8", "⅞": "7/8", "⅑": "1/9", "⅒": "1/10",
};
const VULGAR_RE = /(\d?)\s*([½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒])/g;

/** A number as written after the steps below: "2", "1.5", "1/2", "1+1/2" (mixed). */
const NUM = String.raw`(?:\d+(?:\.\d+)?(?:/\d+)?(?:\+\d+/\d+)?)`;
/** "1 1/2" -> "1+1/2": one token for a mixed number, so ranges of them stay whole. */
const MIXED_RE = /(?<![\d.+])(?<!\d\/)(\d+) (\d+\/\d+)(?![\d/])/g;
/** "1-1/2" and "1 - 1/2" are mixed numbers, not ranges (checked before ranges). */
const HYPHEN_MIXED_RE = new RegExp(String.raw`(?<![\d/.])(\d+)\s?-\s?(\d+/\d+)\b`, "g");
/** "13- to 14-ounce", "6-to 7-lb", "8- to -10 ounce" -> "13-14-ounce" (cookbook style ranges). */
const HYPHEN_TO_RE = /(\d)\s?-\s?(?:to|or)\s?-?\s?(?=\d)/g;
/** "14oz-17oz", "75g-110g": a range with the unit repeated -> "14-17oz". */
const UNIT_RANGE_RE = new RegExp(String.raw`(\d)\s?([a-zA-Z]{1,5})\s?[-–]\s?(${NUM})\s?\2\b`, "g");
/** "2 - 3", "2–3", "2 to 3", "2-to-3", "2 or 3" -> "2-3" (one range token). */
const RANGE_RE = new RegExp(String.raw`(?<![\d.])(?<!\d\/)(${NUM})\s*(?:-|–|—|‐|‑|\s-?to-?\s|\s+or\s+)\s*(${NUM})(?![\d/])`, "g");
/** Digits glued to letters: "200g" -> "200 g", "1tbsp" -> "1 tbsp", "4x" -> "4 x" (not "1st", "2nd"). */
const GLUED_RE = /(\d)(?!(?:st|nd|rd|th)\b)([a-zA-Z])/g;
/** A unit glued to a following number: "g/5oz" is split by the tokeniser; "oz2" is rare, ignored. */
/** "1lb2oz" -> "1lb 2oz" (a short unit glued to the next number). */
const UNIT_THEN_DIGIT_RE = /(\d[a-zA-Z]{1,4})(?=\d)/g;
/** "g-1.2" in "900g-1.2kg": a unit, a dash, then a number. */
const UNIT_DASH_NUMBER_RE = /([a-zA-Z])-(?=\d)/g;
/** " – " between words (not numbers): a clause separator. */
const SPACED_DASH_RE = /(?<=[^\d\s]) [–—] (?=[^\d\s])/g;
/** ".5 cup" -> "0.5 cup". */
const LEADING_DOT_RE = /(^|[\s(/])\.(\d)/g;
const DECIMAL_COMMA_RE = /(\d),(\d{1,2})(?!\d)/g;
const THOUSANDS_RE = /(\d),(\d{3})(?!\d)/g;
const SPACES_RE = /[\s\u00a0\u2000-\u200b\u202f\u205f\u3000]+/g;
const FRACTION_SLASH_RE = /(\d)\s*[⁄∕]\s*(\d)/g;

/**
 * Normalises one ingredient line: unicode spaces and fractions, "1-1/2" mixed numbers,
 * decimal commas, ranges written with dashes/"to"/"or", and units glued to numbers.
 *
 * @example normaliseLine("150g/5¼oz canned chickpeas") // "150 g/5+1/4 oz canned chickpeas"
 * @example normaliseLine("2 to 3 cups") // "2-3 cups"
 */
export function normaliseLine(line: string): string {
  let s = line;
  // One pass of cheap gates: most lines are short ASCII with a number or two, so most rules never
  // run. Each gate is a necessary condition for its regex to match (no match = no change), so the
  // result is the same as running every rule.
  let ascii = true;
  let digits = false;
  let dash = false;
  let spaces = false;
  let vulgar = false;
  let glued = false;
  let prevDigit = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const isLetter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (prevDigit && isLetter) glued = true;
    prevDigit = c >= 48 && c <= 57;
    if (prevDigit) digits = true;
    else if (c === 45) dash = true;
    else if (c > 127) {
      ascii = false;
      if (isUnicodeSpace(c)) spaces = true;
      else if (c === 0xbc || c === 0xbd || c === 0xbe || (c >= 0x2150 && c <= 0x215e)) vulgar = true;
    } else if (c < 32 || (c === 32 && s.charCodeAt(i + 1) === 32)) spaces = true;
  }
  if (spaces || s.charCodeAt(0) === 32 || s.charCodeAt(s.length - 1) === 32) s = s.replace(SPACES_RE, " ").trim();
  if (s === "") return s;
  if (!ascii) {
    if (s.includes("⁄") || s.includes("∕")) s = s.replace(FRACTION_SLASH_RE, "$1/$2");
    if (vulgar) s = s.replace(VULGAR_RE, (_m, whole: string, frac: string) => (whole ? `${whole} ${VULGAR[frac]}` : ` ${VULGAR[frac]}`));
    if (s.includes("–") || s.includes("—") || s.includes("‐") || s.includes("‑")) {
      dash = true;
      s = s.replace(SPACED_DASH_RE, ", "); // "2 lemons – cut in half": a spaced dash separates like a comma
    }
    // the replacements above may have added digits and digit-letter pairs ("5¼oz" -> "5 1/4oz")
    digits = false;
    glued = false;
    prevDigit = false;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (prevDigit && ((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) glued = true;
      prevDigit = c >= 48 && c <= 57;
      if (prevDigit) digits = true;
    }
  }
  // (no rule below runs without digits; the space rules above leave single inner spaces only)
  if (!digits) return s;
  if (s.includes(".")) s = s.replace(LEADING_DOT_RE, "$10.$2");
  if (hasDigitAround(s, 44)) {
    s = s.replace(THOUSANDS_RE, "$1$2");
    s = s.replace(DECIMAL_COMMA_RE, "$1.$2");
  }
  if (dash) {
    if (s.includes("to") || s.includes("or")) s = s.replace(HYPHEN_TO_RE, "$1-");
    if (s.includes("/")) s = s.replace(HYPHEN_MIXED_RE, "$1 $2");
  }
  if (glued) {
    if (LETTER_DIGIT_RE.test(s)) s = s.replace(UNIT_THEN_DIGIT_RE, "$1 ");
    s = s.replace(GLUED_RE, "$1 $2");
  }
  if (s.includes("/") && hasDigitAround(s, 32)) s = s.replace(MIXED_RE, "$1+$2");
  if (dash && LETTER_DASH_DIGIT_RE.test(s)) {
    s = s.replace(UNIT_RANGE_RE, "$1-$3 $2");
    s = s.replace(UNIT_DASH_NUMBER_RE, "$1 - ");
  }
  if (dash || s.includes(" to") || s.includes(" or ")) s = s.replace(RANGE_RE, "$1-$2");
  // only the vulgar-fraction rule adds a leading space or a double one
  if (s.includes("  ") || (!ascii && (s.charCodeAt(0) === 32 || s.charCodeAt(s.length - 1) === 32))) s = s.replace(SPACES_RE, " ").trim();
  return s;
}

/** Characters other than ASCII that `\s` (and String.prototype.trim) treat as white space, plus U+200B. */
function isUnicodeSpace(c: number): boolean {
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200b) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** True when some `ch` (a char code) has an ASCII digit on both sides ("1,5", "1 1/2"). */
function hasDigitAround(s: string, ch: number): boolean {
  const str = String.fromCharCode(ch);
  for (let i = s.indexOf(str, 1); i > 0 && i < s.length - 1; i = s.indexOf(str, i + 1)) {
    const a = s.charCodeAt(i - 1);
    const b = s.charCodeAt(i + 1);
    if (a >= 48 && a <= 57 && b >= 48 && b <= 57) return true;
  }
  return false;
}

/** Gates: an ASCII letter right before a digit; a letter, optional space, dash, optional space, digit. */
const LETTER_DIGIT_RE = /[a-zA-Z]\d/;
const LETTER_DASH_DIGIT_RE = /[a-zA-Z]\s?[-–]\s?\d/;
