/**
 * The 18 store categories of recipecart, in store-walk order ("Other" last).
 * Names and order follow the category scheme (docs/decisions/0006-categoriser.md).
 */
export const CATEGORIES = [
  "Produce",
  "Bakery & Bread",
  "Deli & Prepared Foods",
  "Meat & Seafood",
  "Dairy & Eggs",
  "Pasta, Rice & Grains",
  "Canned Goods & Soups",
  "International",
  "Condiments & Sauces",
  "Oils & Vinegars",
  "Baking",
  "Spices & Seasonings",
  "Breakfast & Cereal",
  "Snacks & Sweets",
  "Beverages",
  "Frozen",
  "Beer, Wine & Spirits",
  "Other",
] as const;

/** One of the 18 store categories. */
export type CategoryName = (typeof CATEGORIES)[number];

const ORDER: ReadonlyMap<string, number> = new Map(CATEGORIES.map((c, i) => [c, i]));

/** Position of a category in the store walk (0 = Produce); unknown names sort last. */
export function categoryIndex(category: string): number {
  return ORDER.get(category) ?? CATEGORIES.length;
}

/** Comparator for sorting by store-walk order: `list.sort((a, b) => compareCategories(a, b))`. */
export function compareCategories(a: string, b: string): number {
  return categoryIndex(a) - categoryIndex(b);
}

/** True when `name` is exactly one of the 18 category names. */
export function isCategoryName(name: string): name is CategoryName {
  return ORDER.has(name);
}
