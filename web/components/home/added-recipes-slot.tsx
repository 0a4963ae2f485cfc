/**
 * The home page's "Your recipes" card (docs/product/screens.md Home). The recipes live in local storage, so
 * the server (and the first client render) always shows the card without any: that state is drawn here, and
 * the full card (web/components/home/added-recipes.tsx: the rows, edit and delete, favourites, servings,
 * generating) is a separate chunk (decision 0017), fetched when the visitor has recipes or at the first
 * interaction. Once loaded it is always the one shown, so focus handling inside it (after removing the last
 * recipe) keeps working.
 *
 * Without the chunk, the empty card mirrors what added-recipes.tsx renders for no recipes: keep the two in step.
 */
import { useEffect, useState } from "react";
import type { AddedRecipe } from "../../lib/recipes-store.ts";
import { onFirstInteraction } from "../../lib/interaction.ts";
import { lazyPart, useLazyPart } from "../../lib/lazy-part.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";

const addedRecipes = lazyPart(() => import("./added-recipes.tsx").then((m) => m.AddedRecipes));

/**
 * @param ready false until hydrated: the saved recipes are read from local storage only in the
 * browser, so the server render must not claim the list is empty.
 */
export function AddedRecipesSlot({ recipes, ready }: { recipes: AddedRecipe[]; ready: boolean }) {
  const [AddedRecipes, request] = useLazyPart(addedRecipes);
  const [failed, setFailed] = useState(false);
  const hasRecipes = recipes.length > 0;
  useEffect(() => {
    if (AddedRecipes) return;
    if (!hasRecipes) return onFirstInteraction(() => void request());
    let live = true;
    void request().then((loaded) => live && setFailed(!loaded));
    return () => {
      live = false;
    };
  }, [AddedRecipes, hasRecipes, request]);
  if (AddedRecipes) return <AddedRecipes recipes={recipes} ready={ready} />;
  return (
    <section className="added" aria-labelledby="added-title">
      <h2 id="added-title" className="added__title">
        Your recipes {hasRecipes ? <span className="added__count">({recipes.length})</span> : null}
      </h2>
      {hasRecipes ? (
        failed ? (
          <p className="added__empty">Could not show your recipes. Please reload the page.</p>
        ) : (
          <p className="added__empty" aria-busy="true">
            Loading your recipes…
          </p>
        )
      ) : ready ? (
        <p className="added__empty">No recipes yet. Add one from a link or type it in above.</p>
      ) : null}
      <Button
        size="lg"
        className="added__generate"
        onPress={() =>
          toast({
            title: "No recipes added",
            description: "Please add at least one recipe before generating a shopping list.",
            variant: "destructive",
          })
        }
        isDisabled={hasRecipes}
      >
        Generate Shopping List
      </Button>
    </section>
  );
}
