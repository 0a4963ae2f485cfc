/**
 * Wire schemas of the shopping-list API (SPEC §7), shared by the Worker and the web client.
 * A list answer keeps categories as JSON object keys in store-walk order (category names are
 * never integer-like, so every JSON engine keeps their insertion order).
 */
import { z } from "zod";

/** Longest list name the API takes. */
export const LIST_NAME_MAX = 200;
/** Most recipes one list can be built from. */
export const LIST_RECIPES_MAX = 50;

/** Body of POST /api/shopping-lists. */
export const CreateShoppingListRequestSchema = z.object({
  name: z.string().trim().min(1, "Give the list a name.").max(LIST_NAME_MAX, `At most ${LIST_NAME_MAX} characters.`),
  recipeIds: z
    .array(z.string().min(1).max(64))
    .min(1, "Add at least one recipe.")
    .max(LIST_RECIPES_MAX, `At most ${LIST_RECIPES_MAX} recipes.`),
});
export type CreateShoppingListRequest = z.infer<typeof CreateShoppingListRequestSchema>;

/** One line of a list as the client shows it. */
export const ShoppingListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Display amount ("3", "2 tbsp", "1 cup + 200 g"); empty when the recipes gave none. */
  amount: z.string(),
  /** Titles of the recipes that need this item, in list order. */
  recipes: z.array(z.string()),
  notes: z.string().nullable().optional(),
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
});
export type ShoppingList = z.infer<typeof ShoppingListSchema>;

/**
 * The default name of a new list (SPEC §9): 'Shopping List - ' plus the local date.
 *
 * @example
 * defaultListName(new Date(2025, 7, 15), "en-US") // "Shopping List - 8/15/2025"
 */
export function defaultListName(date: Date = new Date(), locale?: string): string {
  return `Shopping List - ${date.toLocaleDateString(locale)}`;
}

/**
 * The list as plain text for the clipboard (SPEC §7): the name, then per category a heading
 * and bullet lines 'name - amount' (just the name when there is no amount).
 *
 * @example
 * getListText({ name: "Week", ingredients: { Produce: [{ name: "onion", amount: "3" }] } })
 * // "Week\n\nProduce\n• onion - 3"
 */
export function getListText(list: {
  name: string;
  ingredients: Record<string, { name: string; amount: string }[]>;
}): string {
  const parts = [list.name];
  for (const [category, items] of Object.entries(list.ingredients)) {
    if (items.length === 0) continue;
    const lines = items.map((item) => (item.amount ? `• ${item.name} - ${item.amount}` : `• ${item.name}`));
    parts.push(`${category}\n${lines.join("\n")}`);
  }
  return parts.join("\n\n");
}
