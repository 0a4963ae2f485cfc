/**
 * The fixed validation slice of the labelled ingredient data: 10% of rows chosen by a hash of
 * their id. The trainer (scripts/train-ingredients.ts) never trains on it; the bench and the
 * decision record report accuracy on it (docs/decisions/0005-ingredient-parser.md).
 */
import { hashString } from "./token-features.ts";

/**
 * True when the row with this id belongs to the validation slice.
 *
 * @example isValidationRow("d88b3fb569ac") // true
 */
export function isValidationRow(id: string): boolean {
  return hashString(id) % 10 === 0;
}
