/**
 * Wire schemas of the shopping-list API (docs/product/api.md), shared by the Worker and the web client.
 * A list answer keeps categories as JSON object keys in store-walk order (category names are
 * never integer-like, so every JSON engine keeps their insertion order).
 */
import { z } from "zod";
import { LIST_NAME_MAX, LIST_RECIPES_MAX } from "./constants.ts";

// The limits live in a module without zod, so pages that only need a number do not load the schemas.
export {
  ITEM_AMOUNT_MAX,
  ITEM_NAME_MAX,
  ITEM_TEXT_MAX,
  LIST_ADDED_ITEMS_MAX,
  LIST_CHANGES_MAX,
  LIST_NAME_MAX,
  LIST_RECIPES_MAX,
} from "./constants.ts";

/** Body of POST /api/shopping-lists. */
export const CreateShoppingListRequestSchema = z.object({
  name: z.string().trim().min(1, "Give the list a name.").max(LIST_NAME_MAX, `At most ${LIST_NAME_MAX} characters.`),
  recipeIds: z
    .array(z.string().min(1).max(64))
    .min(1, "Add at least one recipe.")
    .max(LIST_RECIPES_MAX, `At most ${LIST_RECIPES_MAX} recipes.`),
  /** Servings factor per recipe id (x0.5, x2, or servings wanted / servings the page gives); 1 when absent. */
  scales: z.record(z.string().min(1).max(64), z.number().min(0.05, "Scale by at least 0.05.").max(100, "Scale by at most 100.")).optional(),
});
export type CreateShoppingListRequest = z.infer<typeof CreateShoppingListRequestSchema>;

/** Body of POST /api/shopping-lists/{id}/recipes: a recipe added to a list already made (decision 0037). */
export const AddListRecipeRequestSchema = z.object({
  recipeId: z.string().min(1, "Choose a recipe.").max(64),
  /** Servings factor, as in a new list's `scales`; 1 when absent. */
  scale: z.number().min(0.05, "Scale by at least 0.05.").max(100, "Scale by at most 100.").optional(),
});
export type AddListRecipeRequest = z.infer<typeof AddListRecipeRequestSchema>;

/** One line of a list as the client shows it. */
export const ShoppingListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Display amount ("3", "2 tbsp", "1 cup + 200 g"); empty when the recipes gave none. */
  amount: z.string(),
  /** Titles of the recipes that need this item, in list order. */
  recipes: z.array(z.string()),
  notes: z.string().nullable().optional(),
  /** Ticked off (in the cart), and the time of the tap that set it (ms; 0 = never tapped). */
  checked: z.boolean().optional(),
  checkedAt: z.number().optional(),
  /** In 'You probably have' (a pantry staple) until someone taps 'I need this'. */
  staple: z.boolean().optional(),
  /** Typed in on the list page, not from a recipe. */
  addedByHand: z.boolean().optional(),
});
export type ShoppingListItem = z.infer<typeof ShoppingListItemSchema>;

/** GET /api/shopping-lists/{id} (and the 201 answer of POST). */
export const ShoppingListSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  recipes: z.array(z.object({ id: z.string(), title: z.string() })),
  /** Category name -> items, categories in store-walk order. */
  ingredients: z.record(z.string(), z.array(ShoppingListItemSchema)),
  /** Only in the answer that creates a list while signed out (decision 0013); a list link is read-only. */
  editToken: z.string().optional(),
  /** The household whose members share this list (decision 0036); null or absent for a personal list. */
  household: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
  /** The list's change counter (decision 0037): the live channel says which version a change made. */
  version: z.number().int().optional(),
  /** The store the list is shown for (decision 0048): `ingredients` are in its walking order; null: the usual order. */
  store: z
    .object({ id: z.string(), name: z.string(), aisles: z.array(z.string()), hidden: z.array(z.string()) })
    .nullable()
    .optional(),
});
export type ShoppingList = z.infer<typeof ShoppingListSchema>;

/** Answer of POST .../changes: the list after the changes, and the ids of items no longer on it. */
export const ListChangesResponseSchema = z.object({
  list: ShoppingListSchema,
  missing: z.array(z.string()),
});
export type ListChangesResponse = z.infer<typeof ListChangesResponseSchema>;

/** `?units=metric|us|as-written` on the reads and changes of a list (decision 0007); anything else reads as written. */
export const UnitsQuerySchema = z.object({ units: z.string().optional() });
