/**
 * Limits and names of the API (docs/product/api.md, constants.md) that pages use, in a module without zod:
 * importing them from the schema modules (core/api/lists.ts, auth.ts, admin.ts, favorites.ts) put the API
 * schemas in those pages' first load (decision 0017). The schema modules re-export them.
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
/** Most items added by hand to one list (decision 0029); items from recipes do not count. */
export const LIST_ADDED_ITEMS_MAX = 500;
/** Longest history search text (GET /api/users/me/shopping-lists?q=). */
export const HISTORY_SEARCH_MAX = 100;
/** Longest admin user search text. */
export const ADMIN_USERS_SEARCH_MAX = 100;

/** The OAuth providers the app knows (GET /api/auth/providers lists the configured ones). */
export const OAUTH_PROVIDERS = ["google", "github"] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
/** Display names of the OAuth providers. */
export const OAUTH_PROVIDER_NAMES: Record<OAuthProvider, string> = { google: "Google", github: "GitHub" };

/** docs/product/data.md: contact categories (optional). */
export const CONTACT_CATEGORIES = ["general", "technical", "feature", "bug", "account"] as const;
export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];
/** How each category reads on the form and in the admin desk. */
export const CONTACT_CATEGORY_LABELS: Record<ContactCategory, string> = {
  general: "General question",
  technical: "Technical support",
  feature: "Feature request",
  bug: "Bug report",
  account: "Account help",
};
