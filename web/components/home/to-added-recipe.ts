import type { Recipe } from "../../../core/api/recipes.ts";
import type { AddedRecipe } from "../../lib/recipes-store.ts";

/** The recipe answer of the API (already checked by the API client) as the home page keeps it. */
export function toAddedRecipe(r: Recipe): AddedRecipe {
  return {
    id: r.id,
    title: r.title,
    url: r.url,
    source: r.source,
    ingredients: r.ingredients.filter((line) => line.trim() !== ""),
    ...(r.yields ? { yields: r.yields } : {}),
    ...(r.editToken ? { editToken: r.editToken } : {}),
  };
}
