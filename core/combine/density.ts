/**
 * Densities for the items where adding a volume to a mass is both common and safe
 * ("1 cup flour" + "200 g flour"). Keys are combine item keys (core/combine/item-key.ts).
 * Values are grams per US cup from general tables: USDA FoodData Central (SR Legacy) household
 * weights and the standard kitchen conversion charts (spooned and levelled flour, packed brown
 * sugar); docs/decisions/0007-units-and-display.md, which names each figure's source.
 * An item not listed here keeps its volume and its mass side by side.
 */
const GRAMS_PER_CUP: Readonly<Record<string, number>> = {
  "all purpose flour": 125,
  "self rising flour": 125,
  "bread flour": 127,
  "cake flour": 114,
  "whole wheat flour": 120,
  "granulated sugar": 200,
  "superfine sugar": 200,
  "powdered sugar": 120,
  "light brown sugar": 213,
  "dark brown sugar": 213,
  "brown sugar": 213,
  "demerara sugar": 220,
  butter: 227,
  "unsalted butter": 227,
  "salted butter": 227,
  milk: 242,
  "heavy cream": 238,
  buttermilk: 242,
  "plain yogurt": 245,
  "greek yogurt": 250,
  yogurt: 245,
  "sour cream": 230,
  "chicken stock": 240,
  "beef stock": 240,
  "vegetable stock": 240,
  "olive oil": 216,
  "extra virgin olive oil": 216,
  "vegetable oil": 218,
  "canola oil": 218,
  honey: 340,
  "maple syrup": 315,
  "golden syrup": 340,
  rice: 185,
  "long grain rice": 185,
  "basmati rice": 185,
  "rolled oat": 90,
  "cocoa powder": 84,
  "ground almond": 96,
  parmesan: 100,
  // added with decision 0036 (USDA SR Legacy household weights, 1 cup)
  oat: 81,
  "white rice": 185,
  cornstarch: 128,
  "chocolate chip": 168,
  cheddar: 113,
  mozzarella: 112,
  breadcrumb: 108,
};

/**
 * Items of the table that are solids: a metric cook weighs them ("70 g butter", "250 g flour"), where
 * liquids (milk, stock, oil, honey and syrups) keep millilitres. Decision 0007.
 */
const SOLIDS: ReadonlySet<string> = new Set([
  "all purpose flour",
  "self rising flour",
  "bread flour",
  "cake flour",
  "whole wheat flour",
  "granulated sugar",
  "superfine sugar",
  "powdered sugar",
  "light brown sugar",
  "dark brown sugar",
  "brown sugar",
  "demerara sugar",
  "butter",
  "unsalted butter",
  "salted butter",
  "plain yogurt",
  "greek yogurt",
  "yogurt",
  "sour cream",
  "rice",
  "long grain rice",
  "basmati rice",
  "white rice",
  "rolled oat",
  "oat",
  "cocoa powder",
  "ground almond",
  "parmesan",
  "cornstarch",
  "chocolate chip",
  "cheddar",
  "mozzarella",
  "breadcrumb",
]);

/** Grams in one count unit of an item: "1 stick butter" is 1/2 cup, 113 g. */
const GRAMS_PER_UNIT: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  butter: { stick: 113.4 },
  "unsalted butter": { stick: 113.4 },
  "salted butter": { stick: 113.4 },
};

const CUP_ML = 236.5882365;

/** Grams per millilitre for an item key, or null when the item is not in the table. */
export function densityOf(key: string): number | null {
  const g = GRAMS_PER_CUP[key];
  return g === undefined ? null : g / CUP_ML;
}

/** Grams per millilitre for a solid of the table (flour, sugar, butter...), or null (a liquid, or unknown). */
export function solidDensityOf(key: string): number | null {
  return SOLIDS.has(key) ? densityOf(key) : null;
}

/** Grams in one `unit` of an item ("stick" of butter), or null. */
export function unitWeightOf(key: string, unit: string): number | null {
  return GRAMS_PER_UNIT[key]?.[unit] ?? null;
}
