/**
 * A text selection turned into a manual recipe (pure, unit-tested).
 */
import { INGREDIENT_LINE_MAX, INGREDIENT_LINES_MAX, RECIPE_TITLE_MAX } from "../../core/api/recipes.ts";
import { t } from "./i18n.ts";

export interface SelectionRecipe {
  title: string;
  ingredients: string[];
}

/** Bullets and numbering people copy along with a list ("• 2 eggs", "1. flour", "- salt"). */
const LIST_MARK = /^(?:[-–—*•·▪◦‣○●]|\d{1,2}[.)])\s+/;

/**
 * A selection as a manual recipe (as in Manual Entry, docs/product/validation.md: first line the title, the rest ingredients). Blank lines
 * and list marks are dropped. A single line becomes the one ingredient of a recipe named after the
 * page. Null when nothing is selected.
 */
export function selectionToRecipe(text: string, pageTitle: string | undefined): SelectionRecipe | null {
  const lines = text
    .split(/\r\n|\r|\n/)
    .map((l) => l.replace(/\s+/g, " ").trim())
    .filter((l) => l !== "");
  const [first, ...rest] = lines;
  if (first === undefined) return null;
  const fallbackTitle = (pageTitle ?? "").trim() || t("selectionTitle");
  const title = (rest.length ? first : fallbackTitle).slice(0, RECIPE_TITLE_MAX);
  const ingredients = (rest.length ? rest : [first])
    .map((l) => l.replace(LIST_MARK, "").slice(0, INGREDIENT_LINE_MAX))
    .filter((l) => l !== "")
    .slice(0, INGREDIENT_LINES_MAX);
  if (ingredients.length === 0) return null;
  return { title, ingredients };
}
