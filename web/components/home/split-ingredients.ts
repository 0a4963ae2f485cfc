/** The Manual Entry form's ingredient lines (docs/product/validation.md); apart from recipe-input.ts so the
 * home page's first load and the form's chunk share no module for it (decision 0017). */

/**
 * Ingredient lines from the text box: one per line, trimmed, blank lines dropped (docs/product/validation.md).
 *
 * @example
 * splitIngredients(" 2 eggs \n\n1 cup milk\r\n") // ["2 eggs", "1 cup milk"]
 */
export function splitIngredients(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
