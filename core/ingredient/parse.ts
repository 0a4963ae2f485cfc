/**
 * Public entry of the ingredient-line parser: normalise -> tokenise -> label -> assemble.
 * Never throws: any line (empty, garbage, other languages, 10,000 characters) gives a result.
 * See docs/decisions/0005-ingredient-parser.md for the approach and its accuracy.
 */
import { assemble } from "./assemble.ts";
import { parseForeignLine } from "./foreign.ts";
import { detectLanguage, type Language, languageOfTag, leaningLanguage } from "./language.ts";
import { labelTokens } from "./label.ts";
import type { Label } from "./label.ts";
import { normaliseLine } from "./normalise.ts";
import { tokenise } from "./tokenise.ts";
import type { ParsedIngredient } from "./types.ts";

export type { Amount, ParsedIngredient } from "./types.ts";
export type { Language } from "./language.ts";

/** How to read a line. */
export interface ParseOptions {
  /**
   * The recipe's language as a BCP-47 tag ("de", "fr-CA", "nb-NO"), e.g. from the page's html lang
   * or JSON-LD inLanguage. Absent, unknown or unread: the language is guessed from the line, and a
   * line with no clear evidence is read as English (decision 0005).
   */
  language?: string | null;
  /** Used when `language` is absent and the line itself gives no evidence (the recipe's guess). */
  fallbackLanguage?: string | null;
}

/** The language a line is read in: the given one when read, else the line's own evidence, else the fallback, else English. */
export function lineLanguage(line: string, options?: ParseOptions): Language {
  const given = languageOfTag(options?.language);
  if (given) return given;
  const own = detectLanguage(line);
  if (own) return own;
  const recipe = languageOfTag(options?.fallbackLanguage);
  // a line leaning to a language is read in it inside a foreign recipe, in English otherwise
  if (recipe && recipe !== "en") return leaningLanguage(line) ?? recipe;
  return recipe ?? "en";
}

/** Every stage's output for one line, for debugging and the `inspect` tooling. */
export interface IngredientInspection {
  input: string;
  normalised: string;
  tokens: string[];
  labels: Label[];
  result: ParsedIngredient;
}

function emptyResult(input: string): ParsedIngredient {
  return {
    input,
    quantity: null,
    quantityMax: null,
    unit: null,
    amounts: [],
    size: null,
    name: null,
    preparation: null,
    comment: null,
    optional: false,
    alternatives: [],
    isHeader: false,
    fullName: null,
  };
}

/**
 * Runs every stage and returns all intermediate outputs.
 *
 * @example inspectIngredient("2 cups flour").labels // ["QTY", "UNIT", "NAME"]
 */
export function inspectIngredient(line: string): IngredientInspection {
  const input = typeof line === "string" ? line : String(line ?? "");
  const normalised = normaliseLine(input);
  const tokens = tokenise(normalised);
  const labels = labelTokens(tokens);
  const result = tokens.length ? assemble(input, tokens, labels) : emptyResult(input);
  return { input, normalised, tokens, labels, result };
}

/**
 * Parses one ingredient line into quantity, unit, name and the rest.
 *
 * @example parseIngredient("150g/5¼oz canned chickpeas, drained and rinsed")
 * // { quantity: 150, unit: "g", name: "canned chickpeas", preparation: "drained and rinsed",
 * //   amounts: [{ quantity: 150, unit: "g", ... }, { quantity: 5.25, unit: "oz", ... }], ... }
 */
export function parseIngredient(line: string, options?: ParseOptions): ParsedIngredient {
  try {
    // inspectIngredient without keeping the intermediate outputs
    const input = typeof line === "string" ? line : String(line ?? "");
    const lang = lineLanguage(input, options);
    if (lang !== "en") return parseForeignLine(input, lang);
    const tokens = tokenise(normaliseLine(input));
    return tokens.length ? assemble(input, tokens, labelTokens(tokens)) : emptyResult(input);
  } catch {
    // A bug must not take down a whole recipe import; the line is kept as written.
    return emptyResult(typeof line === "string" ? line : "");
  }
}
