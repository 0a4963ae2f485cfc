/** Client-side checks of the recipe-entry card (SPEC §5). */

/** True for an absolute http(s) address with a host. */
export function isRecipeUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * Ingredient lines from the text box: one per line, trimmed, blank lines dropped (SPEC §5).
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
