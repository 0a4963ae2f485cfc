/**
 * The default name of a new list (docs/product/constants.md): 'Shopping List - ' plus the local date.
 *
 * @example
 * defaultListName(new Date(2025, 7, 15), "en-US") // "Shopping List - 8/15/2025"
 */
export function defaultListName(date: Date = new Date(), locale?: string): string {
  return `Shopping List - ${date.toLocaleDateString(locale)}`;
}
