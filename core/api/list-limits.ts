/**
 * Limits of the shopping-list API (docs/product/api.md, constants.md), without zod: the list page imports
 * these numbers, and importing them from core/api/lists.ts would put the schemas in its first load
 * (decision 0148). core/api/lists.ts re-exports them.
 */

/** Longest list name the API takes. */
export const LIST_NAME_MAX = 200;
/** Most recipes one list can be built from. */
export const LIST_RECIPES_MAX = 50;
/** Longest hand-typed item line, name and amount the list page takes. */
export const ITEM_TEXT_MAX = 200;
export const ITEM_NAME_MAX = 120;
export const ITEM_AMOUNT_MAX = 60;
/** Most changes one sync request carries (an offline queue is sent in slices of this size). */
export const LIST_CHANGES_MAX = 200;
/** Most items added by hand to one list (decision 0144); items from recipes do not count. */
export const LIST_ADDED_ITEMS_MAX = 500;
