/**
 * Stage 1 of the ingredient pipeline (normalise -> tokenise -> label -> assemble): rewrites a raw
 * line into a plain form that the tokeniser and tagger see. Every rule here is linear in the
 * length of the line (simple regexes without nested quantifiers, or single passes).
 */

import { defined } from "../lib/invariant.ts";

const VULGAR: Record<string, string> = {
  "½": "1/2",
  "⅓": "1/3",
  "⅔": "2/3",
  "¼": "1/4",
  "¾": "3/4",
  "⅕": "1/5",
  "⅖": "2/5",
  "⅗": "3/5",
  "⅘": "4/5",
  "⅙": "1/6",
  "⅚": "5/6",
  "⅐": "1/7",
  "⅛": "1/8",
  "⅜": "3/8",
  "⅝": "5/8",
  "⅞": "7/8",
  "⅑": "1/9",
  "⅒": "1/10",
};
/** The rule replaceVulgar implements (kept as its specification, and for the tests). */
export const VULGAR_RE = /(\d?)\s*([½⅓⅔¼¾⅕⅖⅗⅘⅙⅚⅐⅛⅜⅝⅞⅑⅒])/g;

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
export const GLUED_RE = /(\d)(?!(?:st|nd|rd|th)\b)([a-zA-Z])/g;
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
  let udash = false;
  let spaces = false;
  let vulgar = false;
  let glued = false;
  let slash = false;
  let dot = false;
  let comma = false;
  let prevDigit = false;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const isLetter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (prevDigit && isLetter) glued = true;
    prevDigit = c >= 48 && c <= 57;
    if (prevDigit) digits = true;
    else if (c === 45) dash = true;
    else if (c === 47) slash = true;
    else if (c === 46) dot = true;
    else if (c === 44) comma = true;
    else if (c > 127) {
      ascii = false;
      if (isUnicodeSpace(c)) spaces = true;
      else if (isVulgarCode(c)) vulgar = true;
      else if (c === 0x2013 || c === 0x2014 || c === 0x2010 || c === 0x2011) udash = true;
    } else if (c < 32 || (c === 32 && s.charCodeAt(i + 1) === 32)) spaces = true;
  }
  if (spaces || s.charCodeAt(0) === 32 || s.charCodeAt(s.length - 1) === 32) s = s.replace(SPACES_RE, " ").trim();
  if (s === "") return s;
  /** s without double spaces: any later double space comes from a rule that changed s */
  const clean = s;
  if (!ascii) {
    if (s.includes("⁄") || s.includes("∕")) s = s.replace(FRACTION_SLASH_RE, "$1/$2");
    if (vulgar) s = replaceVulgar(s);
    if (udash) {
      dash = true;
      s = s.replace(SPACED_DASH_RE, ", "); // "2 lemons – cut in half": a spaced dash separates like a comma
    }
    // the replacements above may have added digits, slashes and digit-letter pairs ("5¼oz" -> "5 1/4oz")
    digits = glued = slash = dot = comma = prevDigit = false;
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (prevDigit && ((c >= 65 && c <= 90) || (c >= 97 && c <= 122))) glued = true;
      prevDigit = c >= 48 && c <= 57;
      if (prevDigit) digits = true;
      else if (c === 47) slash = true;
      else if (c === 46) dot = true;
      else if (c === 44) comma = true;
    }
  }
  // (no rule below runs without digits; the space rules above leave single inner spaces only)
  if (!digits) return s;
  // none of the rules below adds a ".", "," or "/"
  if (dot && hasLeadingDot(s)) s = s.replace(LEADING_DOT_RE, "$10.$2");
  if (comma && hasDigitAround(s, 44)) {
    s = s.replace(THOUSANDS_RE, "$1$2");
    s = s.replace(DECIMAL_COMMA_RE, "$1.$2");
  }
  if (dash) {
    if (dashAfterDigit(s, true)) s = s.replace(HYPHEN_TO_RE, "$1-");
    if (slash && dashAfterDigit(s, false)) s = s.replace(HYPHEN_MIXED_RE, "$1 $2");
  }
  if (glued) {
    if (LETTER_DIGIT_RE.test(s)) s = s.replace(UNIT_THEN_DIGIT_RE, "$1 ");
    s = splitGlued(s);
  }
  if (slash && hasDigitAround(s, 32)) s = s.replace(MIXED_RE, "$1+$2");
  if (dash && LETTER_DASH_DIGIT_RE.test(s)) {
    s = s.replace(UNIT_RANGE_RE, "$1-$3 $2");
    s = s.replace(UNIT_DASH_NUMBER_RE, "$1 - ");
  }
  // mayHaveRange is a necessary condition of RANGE_RE (its separators: a dash, " to ", " or ")
  if (mayHaveRange(s)) s = s.replace(RANGE_RE, "$1-$2");
  // only the vulgar-fraction rule adds a leading space or a double one
  // (no rule adds white space other than " ", so without a double space trimming is enough)
  if (s !== clean && s.includes("  ")) s = s.replace(SPACES_RE, " ").trim();
  else if (!ascii && (s.charCodeAt(0) === 32 || s.charCodeAt(s.length - 1) === 32)) s = s.trim();
  return s;
}

/** Characters other than ASCII that `\s` (and String.prototype.trim) treat as white space, plus U+200B. */
function isUnicodeSpace(c: number): boolean {
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200b) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** `\s` as in the regexes above. */
function isSpaceCode(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || (c > 127 && c !== 0x200b && isUnicodeSpace(c));
}

function isVulgarCode(c: number): boolean {
  return c === 0xbc || c === 0xbd || c === 0xbe || (c >= 0x2150 && c <= 0x215e);
}

/**
 * `s.replace(VULGAR_RE, ...)` without a callback per match: "5¼" -> "5 1/4", "a ½" -> "a 1/2",
 * "½" -> " 1/2". A match is an optional single digit, any white space, then the fraction; it
 * starts as far left as possible but not inside the previous match.
 */
function replaceVulgar(s: string): string {
  let out = "";
  let last = 0; // end of the previous match
  for (let k = 0; k < s.length; k++) {
    const c = s.charCodeAt(k);
    if (!isVulgarCode(c)) continue;
    let j = k;
    while (j > last && isSpaceCode(s.charCodeAt(j - 1))) j--;
    const frac = defined(VULGAR[s.charAt(k)], `the fraction for ${s.charAt(k)}`);
    if (j > last && isDigitCode(s.charCodeAt(j - 1))) out += s.slice(last, j - 1) + s[j - 1] + " " + frac;
    else out += s.slice(last, j) + " " + frac;
    last = k + 1;
  }
  return last === 0 ? s : out + s.slice(last);
}

/** `s.replace(GLUED_RE, "$1 $2")`: a space between a digit and a following ASCII letter, except "1st", "2nd", "3rd", "4th". */
function splitGlued(s: string): string {
  let out = "";
  let last = 0;
  for (let i = 0; i + 1 < s.length; i++) {
    if (!isDigitCode(s.charCodeAt(i))) continue;
    const a = s.charCodeAt(i + 1);
    if (!((a >= 65 && a <= 90) || (a >= 97 && a <= 122))) continue;
    const b = s.charCodeAt(i + 2);
    // (?!(?:st|nd|rd|th)\b): the ordinal suffix followed by a non-word character or the end
    if ((a === 115 && b === 116) || (a === 110 && b === 100) || (a === 114 && b === 100) || (a === 116 && b === 104)) {
      const d = i + 3 < s.length ? s.charCodeAt(i + 3) : -1;
      const word = (d >= 48 && d <= 57) || (d >= 65 && d <= 90) || (d >= 97 && d <= 122) || d === 95;
      if (!word) continue;
    }
    out += s.slice(last, i + 1) + " ";
    last = i + 1;
    i++; // the letter is consumed by the match
  }
  return last === 0 ? s : out + s.slice(last);
}

/**
 * A necessary condition of RANGE_RE: a digit, optional white space, then a dash, or white space
 * then "to"/"or"/"-" ("2-3", "2 – 3", "2 to 3", "2 or 3").
 */
function mayHaveRange(s: string): boolean {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    if (!isDigitCode(s.charCodeAt(i))) continue;
    let j = i + 1;
    while (j < n && isSpaceCode(s.charCodeAt(j))) j++;
    if (j >= n) return false;
    const c = s.charCodeAt(j);
    if (c === 45 || c === 0x2013 || c === 0x2014 || c === 0x2010 || c === 0x2011) return true;
    if (j === i + 1) continue;
    // white space, then "to" (optionally "-to-") or "or", white space, a number
    let k = j;
    if (c === 116 && s.charCodeAt(j + 1) === 111) {
      k = j + 2;
      if (s.charCodeAt(k) === 45) k++;
    } else if (c === 111 && s.charCodeAt(j + 1) === 114) k = j + 2;
    else continue;
    if (!isSpaceCode(s.charCodeAt(k))) continue;
    while (k < n && isSpaceCode(s.charCodeAt(k))) k++;
    if (isDigitCode(s.charCodeAt(k))) return true;
  }
  return false;
}

/** A necessary condition of LEADING_DOT_RE: "." before a digit, at the start or after white space, "(" or "/". */
function hasLeadingDot(s: string): boolean {
  for (let i = s.indexOf("."); i >= 0; i = s.indexOf(".", i + 1)) {
    if (!isDigitCode(s.charCodeAt(i + 1))) continue;
    if (i === 0) return true;
    const p = s.charCodeAt(i - 1);
    if (p === 40 || p === 47 || isSpaceCode(p)) return true;
  }
  return false;
}

/**
 * A necessary condition of HYPHEN_TO_RE (`toOr`: digit, "-", then "to"/"or") or HYPHEN_MIXED_RE
 * (digit, "-", digit), each with at most one white space around the "-".
 */
function dashAfterDigit(s: string, toOr: boolean): boolean {
  for (let i = s.indexOf("-", 1); i > 0; i = s.indexOf("-", i + 1)) {
    let p = i - 1;
    if (isSpaceCode(s.charCodeAt(p)) && p > 0) p--;
    if (!isDigitCode(s.charCodeAt(p))) continue;
    let q = i + 1;
    if (isSpaceCode(s.charCodeAt(q))) q++;
    const c = s.charCodeAt(q);
    if (toOr ? (c === 116 && s.charCodeAt(q + 1) === 111) || (c === 111 && s.charCodeAt(q + 1) === 114) : isDigitCode(c)) return true;
  }
  return false;
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
