/**
 * The favourite toggle of one added recipe on the home page (signed in only). Loaded on demand by
 * favorite-slot.tsx, so visitors never download it (docs/decisions/0017-home-first-load.md).
 * A recipe the server copied for the user (it could not be proven theirs) takes the copy's id in
 * the added-recipes list.
 */
import type { AddedRecipe } from "../../lib/recipes-store.ts";
import { removeRecipe, restoreRecipe, useRecipesState } from "../../lib/recipes-store.ts";
import { useFavoriteIds } from "../../lib/favorites-store.ts";
import { FavoriteToggle } from "./favorite-toggle.tsx";

export function HomeFavorite({ recipe, userId }: { recipe: AddedRecipe; userId: string }) {
  const ids = useFavoriteIds("recipes", userId);
  const { recipes } = useRecipesState();
  if (!ids) return <span className="favorite-slot" aria-hidden="true" />;
  return (
    <FavoriteToggle
      kind="recipe"
      id={recipe.id}
      title={recipe.title}
      isFavorite={ids.has(recipe.id)}
      editToken={recipe.editToken}
      onChanged={(result) => {
        if (result.id === recipe.id) return;
        const index = recipes.findIndex((r) => r.id === recipe.id);
        removeRecipe(recipe.id);
        restoreRecipe({ ...recipe, id: result.id, editToken: undefined }, index);
      }}
    />
  );
}
