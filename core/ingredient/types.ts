/**
 * The shape every part of recipecart agrees on for one parsed ingredient line.
 * Produced by `parseIngredient` (core/ingredient/parse.ts), consumed by the
 * combiner (core/combine), the API and the UI.
 */

/** One amount found in a line: "2-3 cups" -> {quantity: 2, quantityMax: 3, unit: "cup"}. */
export interface Amount {
  /** First (or only) number; null when the line has no number ("salt to taste"). */
  quantity: number | null;
  /** Upper end of a range ("2-3"), otherwise null. */
  quantityMax: number | null;
  /** Canonical unit name (see core/units), or null for a bare count ("2 eggs"). */
  unit: string | null;
  /** The amount as written in the line, e.g. "1 ½ cups". */
  text: string;
}

export interface ParsedIngredient {
  /** The line as given. */
  input: string;
  /** First amount's quantity (see Amount). */
  quantity: number | null;
  quantityMax: number | null;
  /** Canonical unit of the first amount, or null. */
  unit: string | null;
  /** Every amount in the line in order; amounts[0] mirrors quantity/quantityMax/unit. */
  amounts: Amount[];
  /** Size words that are not units: "large", "small", "medium". */
  size: string | null;
  /** The thing a shopper buys: "canned chickpeas". Null for headers and garbage. */
  name: string | null;
  /** "finely chopped", "drained and rinsed". */
  preparation: string | null;
  /** Notes in parentheses or after commas, and purposes ("for serving"). */
  comment: string | null;
  /** "(optional)", "optional", "if desired". */
  optional: boolean;
  /** Alternative names: "butter or margarine" -> name "butter", alternatives ["margarine"]. */
  alternatives: string[];
  /** True for section headers like "For the sauce:". */
  isHeader: boolean;
  /**
   * The name as labelled, alternatives included: "pine nuts or walnuts" (name is "pine nuts").
   * Optional so that hand-made objects (tests, fixtures) need not set it.
   */
  fullName?: string | null;
  /**
   * The language the line was read in when not English ("de", "fr", ...; decision 0005). Absent for
   * English lines and for parses stored before it existed.
   */
  language?: string;
}
