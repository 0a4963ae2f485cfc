/**
 * Wire schemas of favourites and list history (docs/product/api.md), shared by the Worker and the web client.
 * GET /api/users/me/favorites/recipes and /lists, POST/DELETE /api/recipes/{id}/favorite and
 * /api/shopping-lists/{id}/favorite, GET /api/users/me/shopping-lists?search=&limit=.
 */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";
import { HISTORY_SEARCH_MAX } from "./constants.ts";

export { HISTORY_SEARCH_MAX } from "./constants.ts";

/** docs/product/constants.md: the history page shows 10 lists, the dashboard 5. */
export const HISTORY_LIMIT_DEFAULT = 10;
/** Most lists one history call answers. */
export const HISTORY_LIMIT_MAX = 50;

/** A favourite recipe as the favourites page, the dashboard and the recipe view dialog show it. */
export const FavoriteRecipeSchema = z.object({
  /** The recipe's id (use it with GET /api/recipes/{id} and POST /api/shopping-lists). */
  id: z.string(),
  title: z.string(),
  /** Link to the original recipe; null for a recipe typed by hand. */
  url: z.string().nullable(),
  /** Site name, or 'manually added'. */
  source: z.string(),
  /** The recipe's ingredient lines, as written. */
  ingredients: z.array(z.string()),
  ingredientCount: z.number().int(),
  /**
   * The page's yield as written (as in the recipe answer, decision 0030); null when it gave none. The
   * dashboard shows it beside the scale chosen for a new list (decision 0030).
   */
  yields: z.string().nullable(),
  /** When the recipe was added (ISO 8601). */
  createdAt: z.string(),
  /** When the user favourited it (ISO 8601); lists are newest favourite first. */
  favoritedAt: z.string(),
  /**
   * Set when this is the user's own copy of a recipe made while signed out (decision 0032): the id
   * of that recipe, so a card showing it can show it as favourited.
   */
  copiedFromId: z.string().nullable(),
});
export type FavoriteRecipe = z.infer<typeof FavoriteRecipeSchema>;

/** GET /api/users/me/favorites/recipes. */
export const FavoriteRecipesResponseSchema = z.object({ recipes: z.array(FavoriteRecipeSchema) });
export type FavoriteRecipesResponse = z.infer<typeof FavoriteRecipesResponseSchema>;

/**
 * A shopping list as a card shows it (history, favourites, dashboard). The list view dialog reads
 * the items with GET /api/shopping-lists/{id}.
 */
export const ShoppingListSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** The recipes the list was built from, in list order. */
  recipes: z.array(z.object({ id: z.string(), title: z.string() })),
  recipeCount: z.number().int(),
  categoryCount: z.number().int(),
  itemCount: z.number().int(),
  /** Whether the caller has this list in their favourites. */
  isFavorite: z.boolean(),
  /** Whether the caller may change (rename) the list: its owner, or a member of its household. */
  canChange: z.boolean().optional(),
});
export type ShoppingListSummary = z.infer<typeof ShoppingListSummarySchema>;

/** A favourite list: the card plus when it was favourited. */
export const FavoriteListSchema = ShoppingListSummarySchema.extend({ favoritedAt: z.string() });
export type FavoriteList = z.infer<typeof FavoriteListSchema>;

/** GET /api/users/me/favorites/lists. */
export const FavoriteListsResponseSchema = z.object({ lists: z.array(FavoriteListSchema) });
export type FavoriteListsResponse = z.infer<typeof FavoriteListsResponseSchema>;

/**
 * The answer of POST and DELETE on a favourite (both idempotent: the state after the call).
 * For a recipe, `id` is the recipe now in (or out of) the favourites. It is the path's id except
 * when a signed-in user favourites a recipe made while signed out that they cannot prove is theirs
 * (no edit token): then they keep their own copy, and `id` is the copy's id (decision 0032).
 */
export const FavoriteStateSchema = z.object({
  id: z.string(),
  favorite: z.boolean(),
});
export type FavoriteState = z.infer<typeof FavoriteStateSchema>;

/** A history cursor: the created time (ms) and id of the last list of a page, "1764300000000.abc123". */
const HISTORY_CURSOR = /^(\d{1,16}\.[A-Za-z0-9_-]{1,64})?$/;

/** Query of GET /api/users/me/shopping-lists. */
export const HistoryQuerySchema = z.object({
  search: z
    .string()
    .trim()
    .max(HISTORY_SEARCH_MAX, `At most ${HISTORY_SEARCH_MAX} characters.`)
    .optional()
    .transform((s) => (s ? s : undefined)),
  limit: z.coerce
    .number({ error: "limit must be a whole number." })
    .int("limit must be a whole number.")
    .min(1, "limit must be at least 1.")
    .max(HISTORY_LIMIT_MAX, `limit can be at most ${HISTORY_LIMIT_MAX}.`)
    .default(HISTORY_LIMIT_DEFAULT),
  /** 'Show older': the `next` of the page before; the answer holds the lists after it (newest first). */
  before: z
    .string()
    .regex(HISTORY_CURSOR, "before must be the next value of an earlier answer.")
    .optional()
    .transform((s) => (s ? s : undefined)),
});
/** What the client sends (all optional). */
export type HistoryQuery = {
  search?: string;
  limit?: number;
  before?: string;
};

/** GET /api/users/me/shopping-lists: the caller's lists, newest first. */
export const HistoryResponseSchema = z.object({
  lists: z.array(ShoppingListSummarySchema),
  /** The search the answer is for (trimmed), or null. */
  search: z.string().nullable(),
  /** When there are older lists: the `before` value that asks for the next page; else null. */
  next: z.string().nullable().optional(),
});
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>;

/** Favourite recipes and lists, and the list history, of the signed-in user. */
export const favoriteEndpoints = {
  recipes: endpoint("GET", "/api/users/me/favorites/recipes", { answer: FavoriteRecipesResponseSchema }),
  lists: endpoint("GET", "/api/users/me/favorites/lists", { answer: FavoriteListsResponseSchema }),
  addRecipe: endpoint("POST", "/api/recipes/:id/favorite", { answer: FavoriteStateSchema }),
  removeRecipe: endpoint("DELETE", "/api/recipes/:id/favorite", { answer: FavoriteStateSchema }),
  addList: endpoint("POST", "/api/shopping-lists/:id/favorite", { answer: FavoriteStateSchema }),
  removeList: endpoint("DELETE", "/api/shopping-lists/:id/favorite", { answer: FavoriteStateSchema }),
  history: endpoint("GET", "/api/users/me/shopping-lists", { query: HistoryQuerySchema, answer: HistoryResponseSchema }),
};
