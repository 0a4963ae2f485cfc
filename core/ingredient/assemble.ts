/**
 * Stage 4 of the ingredient pipeline: turns labelled tokens into a ParsedIngredient. Amounts
 * come from QTY/UNIT runs (with the package rule "2 (14 ounce) cans" -> 2 can), the name from
 * NAME tokens, and optional/alternatives/header flags from small rules.
 */
import { canonicalUnit } from "../units/aliases.ts";
import type { Amount, ParsedIngredient } from "./types.ts";
import type { Label } from "./tagger-model.ts";
import { combineQuantityTokens, parseQuantityToken } from "./quantity-value.ts";
import { isPunctToken } from "./tokenise.ts";

/** A run of quantity tokens and the unit tokens that measure it. */
interface Group {
  qty: string[];
  /** Index of the last token. */
  end: number;
  unit: string[];
  /** Index of the first token. */
  start: number;
}

const NO_SPACE_BEFORE = new Set([",", ".", ")", "]", ";", ":", "!", "?", "%"]);
const NO_SPACE_AFTER = new Set(["(", "["]);

/** Joins tokens back into readable text ("asafetida ( hing )" -> "asafetida (hing)"). */
export function joinTokens(tokens: readonly string[]): string {
  if (tokens.length === 1) return tokens[0]!;
  let s = "";
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (i > 0 && !NO_SPACE_BEFORE.has(t) && !NO_SPACE_AFTER.has(tokens[i - 1]!) && !(t === "/" || tokens[i - 1] === "/")) s += " ";
    s += t;
  }
  return s;
}

/** joinTokens([...a, ...b]) without building the array. */
function joinTokens2(a: readonly string[], b: readonly string[]): string {
  if (b.length === 0) return joinTokens(a);
  let s = "";
  let prev = "";
  const n = a.length + b.length;
  for (let i = 0; i < n; i++) {
    const t = i < a.length ? a[i]! : b[i - a.length]!;
    if (i > 0 && !NO_SPACE_BEFORE.has(t) && !NO_SPACE_AFTER.has(prev) && !(t === "/" || prev === "/")) s += " ";
    s += t;
    prev = t;
  }
  return s;
}

function singularWord(w: string): string {
  if (w.length <= 3) return w;
  if (w.endsWith("ies")) return w.slice(0, -3) + "y";
  if (/(?:ches|shes|xes|sses)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith("oes")) return w.slice(0, -2);
  if (/(?:ss|us|is)$/.test(w)) return w;
  if (w.endsWith("s")) return w.slice(0, -1);
  return w;
}

/**
 * Canonical unit of the unit tokens of one amount ("fl" "oz" -> "fl oz", "heaped" "tsp" -> "tsp").
 * Unknown unit words ("spears", "rack") come back lower-cased and singular.
 */
export function unitOf(tokens: readonly string[]): string | null {
  if (tokens.length === 0) return null;
  if (tokens.length === 1) {
    const t = tokens[0]!;
    const u = canonicalUnit(t);
    if (u !== null) return u;
    const lower = t.toLowerCase();
    return UNIT_MODIFIERS.has(lower) || isPunctToken(t) ? null : singularWord(lower);
  }
  const all = tokens.filter((t) => !isPunctToken(t));
  const words = all.filter((t) => !UNIT_MODIFIERS.has(t.toLowerCase()) || canonicalUnit(t) !== null);
  if (words.length === 0) return null;
  const whole = canonicalUnit(words.join(" "));
  if (whole) return whole;
  for (let i = 0; i + 1 < words.length; i++) {
    const pair = canonicalUnit(words[i] + " " + words[i + 1]);
    if (pair) return pair;
  }
  for (const w of words) {
    const u = canonicalUnit(w);
    if (u) return u;
  }
  const last = words[words.length - 1]!.toLowerCase();
  return singularWord(last);
}

/** "1/2" or a range starting with a fraction ("1/2-2"): continues a whole number. */
function isFractionToken(t: string): boolean {
  return /^\d+\/\d+/.test(t);
}

/** Words that qualify a unit without being one ("heaped tsp", "large bunch", "medium-size clove"). */
const UNIT_MODIFIERS = new Set([
  "heaped", "heaping", "level", "levelled", "leveled", "rounded", "scant", "generous", "good", "large", "small", "medium",
  "big", "lg", "sm", "md", "med", "thin", "thick", "fat", "whole", "plump", "very", "healthy", "hefty", "full", "tiny",
  "little", "couple", "few", "a", "an", "of", "extra", "extra-large", "medium-size", "medium-sized", "good-sized",
  "large-size", "small-size", "to", "generously", "slightly", "well", "about", "lightly", "fine",
]);

function hasNumber(qty: readonly string[]): boolean {
  for (let i = 0; i < qty.length; i++) if (parseQuantityToken(qty[i]!) !== null) return true;
  return false;
}

/** Splits the labelled tokens into amount groups, in order. */
function findGroups(tokens: readonly string[], labels: readonly Label[]): Group[] {
  const groups: Group[] = [];
  let cur: Group | null = null;
  let lastWasUnit = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const lab = labels[i];
    if (lab === "QTY") {
      const v = parseQuantityToken(t);
      const continues =
        cur !== null &&
        cur.unit.length === 0 &&
        !lastWasUnit &&
        (v === null ||
          (isFractionToken(t) && /^\d+$/.test(cur.qty[cur.qty.length - 1]!)) ||
          t.toLowerCase() === "dozen" ||
          !hasNumber(cur.qty));
      if (continues) {
        cur!.qty.push(t);
        cur!.end = i;
      } else {
        cur = { qty: [t], unit: [], start: i, end: i };
        groups.push(cur);
      }
      lastWasUnit = false;
    } else if (lab === "UNIT") {
      let append = false;
      if (cur !== null) {
        if (lastWasUnit) {
          // "fl oz", "large bunch" continue; "oz carton" (two whole units) starts a container group
          const prevTok = cur.unit[cur.unit.length - 1]!;
          append = !(canonicalUnit(prevTok) !== null && canonicalUnit(t) !== null && canonicalUnit(prevTok + " " + t) === null);
        } else append = cur.unit.length === 0;
      }
      if (append) {
        cur!.unit.push(t);
        cur!.end = i;
      } else {
        cur = { qty: [], unit: [t], start: i, end: i };
        groups.push(cur);
      }
      lastWasUnit = true;
    } else if ((lab === "SIZE" || (lab === "PUNC" && (t === "-" || t === "."))) && cur && cur.unit.length === 0) {
      // "2 large cloves": a size between quantity and unit keeps the group open
      continue;
    } else {
      const keep = lab === "PUNC" && (t === "x" || t === "X" || t === "(" || t === "/" || t === "-");
      if (!keep) cur = null;
      lastWasUnit = false;
    }
  }
  return groups;
}

/** True when a comma then preparation/purpose words lie between: "3 mushrooms, ground (... cups)". */
function crossesClause(tokens: readonly string[], labels: readonly Label[], from: number, to: number): boolean {
  let comma = false;
  for (let i = from; i < to; i++) {
    const t = tokens[i]!;
    if (t === "," || t === ";") comma = true;
    else if (comma && (labels[i] === "PREP" || labels[i] === "PURPOSE")) return true;
  }
  return false;
}

const AMOUNT_LABELS = new Set<Label>(["QTY", "UNIT", "PUNC", "SIZE"]);
function onlyAmountTokens(labels: readonly Label[], from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!AMOUNT_LABELS.has(labels[i]!)) return false;
  return true;
}

function toAmount(g: Group, unitOverride?: string | null): Amount {
  const q = g.qty.length ? combineQuantityTokens(g.qty) : null;
  return {
    quantity: q ? round(q.lo) : null,
    quantityMax: q && q.hi !== null ? round(q.hi) : null,
    unit: unitOverride !== undefined ? unitOverride : unitOf(g.unit),
    text: g.unit.length === 0 ? joinTokens(g.qty) : joinTokens2(g.qty, g.unit),
  };
}

function round(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

/**
 * Amounts in order. The first one follows the package rule: a bare count followed by a size
 * amount and then a container ("2 (14 ounce) cans", "1 x 400g tin", "2 8-ounce packages") is
 * that many containers.
 */
export function assembleAmounts(tokens: readonly string[], labels: readonly Label[]): Amount[] {
  const groups = findGroups(tokens, labels);
  if (groups.length === 0) return [];
  const amounts: Amount[] = new Array(groups.length);
  for (let j = 0; j < groups.length; j++) amounts[j] = toAmount(groups[j]!);
  const first = groups[0]!;
  // (amounts[0].unit is unitOf(first.unit))
  if (first.qty.length > 0 && amounts[0]!.unit === null && groups.length > 1) {
    // "2 (14 ounce) cans", "1 x 400g tin", "2 garlic cloves": the next unit without a number
    let prevEnd = first.end;
    for (let j = 1; j < groups.length; j++) {
      const g = groups[j]!;
      if (g.qty.length === 0) {
        // a unit after the name only counts within the first clause ("2 garlic cloves, ...")
        if (crossesClause(tokens, labels, prevEnd + 1, g.start)) break;
        const unit = unitOf(g.unit);
        if (unit !== null) {
          amounts[0] = toAmount(first, unit);
          amounts[0].text = joinTokens2(first.qty, g.unit);
          amounts.splice(j, 1); // the container now belongs to the first amount
        }
        break;
      }
      if (!onlyAmountTokens(labels, prevEnd + 1, g.start)) break;
      prevEnd = g.end;
    }
  }
  return amounts;
}

const OPTIONAL_RE = /\boptional\b|\bif desired\b|\bif you like\b|\bif using\b|\bif available\b/i;
/** "For the sauce:", "Topping:", "FOR THE TOPPING", "For the dressing" (no digits anywhere). */
const HEADER_RE = /^(?:[^\d,()]{1,50}:|for (?:the )?[a-z][a-z' -]{1,40}|[A-Z][A-Z' -]{2,40})$/i;
const ALL_CAPS_RE = /^[^a-z]*$/;

function isHeaderLine(trimmed: string, labels: readonly Label[]): boolean {
  if (trimmed.length > 60 || labels.includes("QTY") || !HEADER_RE.test(trimmed)) return false;
  if (trimmed.endsWith(":")) return true;
  const words = trimmed.split(" ").length;
  if (words > 6) return false;
  return /^for /i.test(trimmed) || (ALL_CAPS_RE.test(trimmed) && /[A-Z]{2}/.test(trimmed));
}

/** Function words left at the edges of a comment ("a", "of", "plus") say nothing on their own. */
function tidyComment(s: string | null): string | null {
  if (s === null) return null;
  // Each replace runs only when its pattern can match (same result: a replace without a match
  // returns the string): a leading word starts with a, o or p, a trailing one ends in a, n, f, r
  // or d, a lone word has at most 4 characters.
  let t = s;
  const c0 = t.charCodeAt(0) | 32;
  if (c0 === 97 || c0 === 111 || c0 === 112) t = t.replace(/^(?:(?:a|an|of|plus|or|and)\s+)+/i, "");
  const cn = t.charCodeAt(t.length - 1) | 32;
  if (cn === 97 || cn === 110 || cn === 102 || cn === 114 || cn === 100) t = t.replace(/(?:\s+(?:a|an|of|or|and))+$/i, "");
  if (t.length <= 4) t = t.replace(/^(?:a|an|of|plus)$/i, "");
  return t === "" ? null : t;
}

/** "a dozen eggs" -> 12 eggs, "2 dozen" -> 24: dozen is a count, not a unit. */
function dozenToCount(a: Amount): Amount {
  if (a.unit !== "dozen") return a;
  return { ...a, quantity: (a.quantity ?? 1) * 12, quantityMax: a.quantityMax === null ? null : a.quantityMax * 12, unit: null };
}

const CONTAINERS = new Set(["can", "tin", "jar", "package", "bottle", "bag", "box", "carton", "container", "packet", "tub", "pack"]);
/** Units that only measure (never the thing bought): "2 tbsp" alone stays a unit. */
const MEASURES = new Set([
  "tsp", "tbsp", "dsp", "cup", "fl oz", "oz", "lb", "g", "kg", "mg", "ml", "cl", "dl", "l", "quart", "pint", "half-pint",
  "gallon", "pinch", "dash", "drop", "splash", "inch", "cm", "mm", "handful", "piece", "dozen",
]);
const STOP_WORDS = new Set(["in", "with", "from", "for", "to", "of", "into", "on", "at", "and", "or", "plus"]);

/**
 * Structural repairs of the tagger's output:
 * - "2 (8-ounce) cans tomato sauce": a container word right after an amount and before the name
 *   is the unit;
 * - a line whose tagging has no NAME at all gets one: the first words after the amount up to a
 *   comma, bracket or preposition ("4 hand-dived scallops in their shells"), or, when the amount
 *   is all there is, its unit word ("30 cloves" -> name "cloves", no unit).
 */
function repairLabels(tokens: readonly string[], labels: readonly Label[]): readonly Label[] {
  let out: Label[] | null = null;
  const n = tokens.length;
  let hasName = false;
  for (let i = 0; i < n; i++) {
    if (labels[i] === "NAME") {
      hasName = true;
      if (
        i > 0 &&
        i + 1 < n &&
        labels[i + 1] === "NAME" &&
        (labels[i - 1] === "UNIT" || tokens[i - 1] === ")") &&
        canonicalUnit(tokens[i]!) !== null &&
        CONTAINERS.has(canonicalUnit(tokens[i]!)!)
      ) {
        out ??= labels.slice();
        out[i] = "UNIT";
      }
      break;
    }
  }
  if (hasName || n === 0) return out ?? labels;
  out = labels.slice();
  let start = 0;
  while (start < n && (out[start] === "QTY" || out[start] === "UNIT" || out[start] === "SIZE" || (out[start] === "PUNC" && tokens[start] !== "," && tokens[start] !== "("))) start++;
  let end = start;
  while (end < n && !isPunctToken(tokens[end]!) && !STOP_WORDS.has(tokens[end]!.toLowerCase()) && (out[end] === "PREP" || out[end] === "COMMENT" || out[end] === "PURPOSE")) end++;
  if (end > start) {
    for (let i = start; i < end; i++) out[i] = "NAME";
    return out;
  }
  // nothing but an amount: "30 cloves" names cloves
  let lastUnit = -1;
  for (let i = 0; i < n; i++) if (out[i] === "UNIT") lastUnit = i;
  const unit = lastUnit >= 0 ? canonicalUnit(tokens[lastUnit]!) : null;
  if (lastUnit >= 0 && (unit === null || !MEASURES.has(unit)) && (lastUnit === n - 1 || isPunctToken(tokens[lastUnit + 1]!))) {
    out[lastUnit] = "NAME";
  }
  return out;
}

/** Words after "a" that make an unmeasured amount ("a little butter", "a few sprigs"). */
const VAGUE_AMOUNT = new Set([
  "little", "few", "couple", "bit", "good", "generous", "handful", "pinch", "splash", "dash", "drizzle", "knob", "touch",
  "squeeze", "sprinkling", "sprinkle", "slug", "glug", "lug", "dollop", "shake", "grating", "piece", "wine", "long",
]);

/**
 * "an onion", "a large lemon": a leading article before a plain noun counts one (the parsing
 * requirements list "a"/"an" as quantities). Not before a unit ("a pinch of salt", "a small bunch") or a vague
 * amount ("a little butter"), which stay unmeasured as in the labelled data (decision 0005).
 */
function fixArticle(tokens: readonly string[], labels: readonly Label[]): readonly Label[] {
  if (tokens.length < 2 || labels[0] === "QTY" || tokens[0]!.length > 2) return labels;
  const first = tokens[0]!.toLowerCase();
  if (first !== "a" && first !== "an") return labels;
  let i = 1;
  while (i < tokens.length && labels[i] === "SIZE") i++;
  if (i >= tokens.length || labels[i] !== "NAME" || VAGUE_AMOUNT.has(tokens[i]!.toLowerCase()) || VAGUE_AMOUNT.has(tokens[1]!.toLowerCase())) return labels;
  const out = labels.slice();
  out[0] = "QTY";
  return out;
}

/** "half an onion": the article after "half" belongs to the amount, not the name. */
function fixHalfAn(tokens: readonly string[], labels: readonly Label[]): readonly Label[] {
  for (let i = 1; i < tokens.length; i++) {
    if (labels[i] !== "NAME" || labels[i - 1] !== "QTY" || tokens[i]!.length > 2) continue;
    const t = tokens[i]!.toLowerCase();
    if ((t === "a" || t === "an") && tokens[i - 1]!.toLowerCase() === "half") {
      const out = labels.slice();
      out[i] = "PUNC";
      return out;
    }
  }
  return labels;
}

/** Same as /if /i.test(s): "if " in any case (a cheap gate before OPTIONAL_RE). */
function hasIfSpace(s: string): boolean {
  for (let i = s.indexOf(" ", 2); i > 0; i = s.indexOf(" ", i + 1)) {
    const f = s.charCodeAt(i - 1);
    const c = s.charCodeAt(i - 2);
    if ((f === 102 || f === 70) && (c === 105 || c === 73)) return true;
  }
  return false;
}

/** Splits "butter or margarine" into primary and alternatives; "chicken or vegetable stock" shares "stock". */
export function splitAlternatives(name: string): { primary: string; alternatives: string[] } {
  const parts = name.split(/\s+(?:or|and\/or)\s+|\s*\/\s*/i).map((p) => p.trim()).filter(Boolean);
  if (parts.length < 2) return { primary: name, alternatives: [] };
  const last = parts[parts.length - 1]!.split(" ");
  let primary = parts[0]!;
  if (!primary.includes(" ") && last.length >= 2) primary = `${primary} ${last[last.length - 1]}`;
  return { primary, alternatives: parts.slice(1) };
}


/**
 * Builds the structured result from tokens and their labels.
 *
 * @example assemble("2 cups flour", ["2", "cups", "flour"], ["QTY", "UNIT", "NAME"]).unit // "cup"
 */
export function assemble(input: string, tokens: readonly string[], labels: readonly Label[]): ParsedIngredient {
  labels = repairLabels(tokens, fixArticle(tokens, fixHalfAn(tokens, labels)));
  let hasQty = false;
  // each field's words joined with single spaces (string concatenation: cheaper than arrays + join)
  let name: string | null = null;
  let prep: string | null = null;
  let comment: string | null = null;
  let purpose: string | null = null;
  let size: string | null = null;
  // the name has alternatives (splitAlternatives) when it contains " or " (tokens have no spaces:
  // a NAME token "or" between two others) or "/"
  let alts = false;
  let prevName: string | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const l = labels[i];
    if (l === "PUNC") continue;
    const t = tokens[i]!;
    if (l === "NAME") {
      if (name === null) name = t;
      else {
        if (prevName === "or" && name !== "or") alts = true;
        name = name + " " + t;
      }
      if (!alts && t.includes("/")) alts = true;
      prevName = t;
    } else if (l === "QTY") hasQty = true;
    else if (l === "PREP") prep = prep === null ? t : prep + " " + t;
    else if (l === "COMMENT") comment = comment === null ? t : comment + " " + t;
    else if (l === "PURPOSE") purpose = purpose === null ? t : purpose + " " + t;
    else if (l === "SIZE") size = size === null ? t : size + " " + t;
  }
  const trimmed = input.trim();
  const isHeader = !hasQty && tokens.length > 0 && isHeaderLine(trimmed, labels);
  const amounts = isHeader ? [] : assembleAmounts(tokens, labels);
  for (let i = 0; i < amounts.length; i++) if (amounts[i]!.unit === "dozen") amounts[i] = dozenToCount(amounts[i]!);
  const fullName = isHeader ? null : name;
  const alt = fullName === null || !alts ? null : splitAlternatives(fullName);
  const first = amounts[0];
  const c = tidyComment(comment);
  const p = purpose;
  return {
    input,
    quantity: first?.quantity ?? null,
    quantityMax: first?.quantityMax ?? null,
    unit: first?.unit ?? null,
    amounts,
    size,
    name: alt ? alt.primary : fullName,
    preparation: prep,
    comment: c !== null && p !== null ? `${c}, ${p}` : (c ?? p),
    optional: (input.includes("ptional") || input.includes("PTIONAL") || hasIfSpace(input)) && OPTIONAL_RE.test(input),
    alternatives: alt ? alt.alternatives : [],
    isHeader,
    fullName,
  };
}
