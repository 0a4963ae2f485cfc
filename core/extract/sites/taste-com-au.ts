/**
 * taste.com.au: the JSON-LD lists amounts converted to grams ("18.20 gm extra virgin olive oil")
 * and drops brand words, while the recipe card shows what the recipe says ("1 tbsp extra
 * virgin olive oil"). The card's list wins whenever it was found.
 */
import type { SiteRule } from "./site-rule.ts";

export const tasteComAu: SiteRule = {
  hosts: /(^|\.)taste\.com\.au$/,
  ingredients(_data, _structured, visible) {
    if (!visible || visible.kind !== "plugin" || visible.ingredients.length < 2) return null;
    return { ingredients: visible.ingredients, groups: visible.groups };
  },
};
