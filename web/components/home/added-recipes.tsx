/**
 * The visitor's added recipes (docs/product/screens.md Home): title, source, ingredient count, edit and delete
 * (icon buttons beside the title on a phone, with their words where the card has room),
 * a favourite toggle when signed in,
 * and the 'Generate Shopping List' button. Generating POSTs the recipe ids, remembers the new
 * list and opens it.
 */
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError, api, errorText } from "../../lib/api.ts";
import { useAuth } from "../../lib/auth.ts";
import { FavoriteSlot } from "../favorites/favorite-slot.tsx";
import { type AddedRecipe, rememberListToken, removeRecipe, restoreRecipe, scalesFor, setLastListId } from "../../lib/recipes-store.ts";
import { dismissAllToasts, toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { onFirstInteraction } from "../../lib/interaction.ts";
import { lazyPart, useLazyPart } from "../../lib/lazy-part.ts";
import { listNameFor } from "./list-name.ts";
import { ServingsSlot } from "./servings-slot.tsx";

/**
 * The edit dialog (modal, focus scope, undo history) is only needed after an Edit press, so it
 * is its own chunk (docs/decisions/0017-home-first-load.md): fetched at the first interaction
 * and again, at the latest, when an Edit button is hovered, focused or pressed.
 */
const editDialog = lazyPart(() => import("../recipe-edit-dialog.tsx").then((m) => m.RecipeEditDialog));
const preloadEditDialog = () => void editDialog.load();

/**
 * @param ready false until hydrated: the saved recipes are read from local storage only in the
 * browser, so the server render must not claim the list is empty.
 */
export function AddedRecipes({ recipes, ready }: { recipes: AddedRecipe[]; ready: boolean }) {
  // The favourite toggle is for signed-in users only (docs/product/behaviour.md).
  const userId = useAuth().user?.id ?? null;
  const [editing, setEditing] = useState<AddedRecipe | null>(null);
  const [generating, setGenerating] = useState(false);
  const navigate = useNavigate();
  const sectionRef = useRef<HTMLElement>(null);
  // Once loaded the dialog stays mounted (closed while nothing is edited).
  const [RecipeEditDialog, requestEditDialog] = useLazyPart(editDialog);
  const hasRecipes = recipes.length > 0;
  useEffect(() => (hasRecipes ? onFirstInteraction(preloadEditDialog) : undefined), [hasRecipes]);

  // Leaving the app sends a deletion still waiting for its toast to close. Moving to another route
  // needs nothing: the toast and the recipes store outlive this component, so Undo still works there.
  useEffect(() => {
    window.addEventListener("pagehide", dismissAllToasts);
    return () => window.removeEventListener("pagehide", dismissAllToasts);
  }, []);

  /**
   * After a recipe leaves the list its buttons are gone: keyboard focus moves to the next
   * recipe's Edit button (or the last one, or Generate) instead of falling back to the page.
   * Waits two frames so a closing dialog has restored focus first.
   */
  function refocusAfterRemoval(index: number) {
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const section = sectionRef.current;
        if (!section) return;
        const edits = section.querySelectorAll<HTMLElement>("[data-row-focus]");
        (edits[Math.min(index, edits.length - 1)] ?? section.querySelector<HTMLElement>(".added__generate"))?.focus();
      }),
    );
  }

  async function generate() {
    if (generating) return;
    if (recipes.length === 0) {
      toast({
        title: "No recipes added",
        description: "Please add at least one recipe before generating a shopping list.",
        variant: "destructive",
      });
      return;
    }
    setGenerating(true);
    try {
      const list = await api.lists.create({
        name: listNameFor(recipes.map((r) => r.title)),
        recipeIds: recipes.map((r) => r.id),
        // Each recipe's servings choice: amounts are scaled before they are combined.
        scales: scalesFor(recipes),
      });
      rememberListToken(list.id, list.editToken);
      setLastListId(list.id);
      toast({ title: "Shopping list created", description: `${list.name} is ready.` });
      void navigate(`/shopping-list/${encodeURIComponent(list.id)}`, { state: { focusListHeading: true } });
    } catch (err) {
      toast({ title: "Error generating shopping list", description: errorText(err), variant: "destructive" });
    } finally {
      setGenerating(false);
    }
  }

  function remove(recipe: AddedRecipe) {
    const index = recipes.findIndex((r) => r.id === recipe.id);
    removeRecipe(recipe.id);
    refocusAfterRemoval(index);
    toast({
      title: "Recipe removed",
      description: `${recipe.title} was removed from your list.`,
      action: { label: "Undo", onAction: () => restoreRecipe(recipe, index) },
    });
  }

  /**
   * The edit dialog's Delete (decision 0027): the recipe leaves the list at once and its toast offers
   * Undo; the server deletes it only when the toast closes without Undo (time up, closed, replaced,
   * or the page left). A failed delete puts the recipe back and says why.
   */
  function deleteForGood(recipe: AddedRecipe) {
    const index = recipes.findIndex((r) => r.id === recipe.id);
    removeRecipe(recipe.id);
    refocusAfterRemoval(index);
    let undone = false;
    toast({
      title: "Recipe removed",
      description: `${recipe.title} was deleted.`,
      action: {
        label: "Undo",
        onAction: () => {
          undone = true;
          restoreRecipe(recipe, index);
        },
      },
      onClose: () => {
        if (!undone) void sendDelete(recipe, index);
      },
    });
  }

  async function sendDelete(recipe: AddedRecipe, index: number) {
    try {
      await api.recipes.remove(recipe.id, { editToken: recipe.editToken });
    } catch (err) {
      // Already gone on the server: nothing to put back.
      if (err instanceof ApiError && err.status === 404) return;
      restoreRecipe(recipe, index);
      toast({ title: "Error deleting recipe", description: errorText(err), variant: "destructive" });
    }
  }

  return (
    <section className="added" aria-labelledby="added-title" ref={sectionRef}>
      <h2 id="added-title" className="added__title">
        Your recipes {recipes.length ? <span className="added__count">({recipes.length})</span> : null}
      </h2>
      {recipes.length === 0 ? (
        ready ? (
          <p className="added__empty">No recipes yet. Add one from a link or type it in above.</p>
        ) : null
      ) : (
        <ul className="added__list">
          {recipes.map((recipe) => (
            <li key={recipe.id} className="added__item">
              <div className="added__text">
                <h3 className="added__name">{recipe.title}</h3>
                <p className="added__meta">
                  <span>{recipe.source || "manually added"}</span>
                  <span aria-hidden="true"> · </span>
                  <span>
                    {recipe.ingredients.length} {recipe.ingredients.length === 1 ? "ingredient" : "ingredients"}
                  </span>
                </p>
              </div>
              <div className="added__actions">
                {userId ? <FavoriteSlot recipe={recipe} userId={userId} /> : null}
                <Button
                  variant="outline"
                  size="icon"
                  className="added__action"
                  aria-label={`Edit ${recipe.title}`}
                  data-row-focus=""
                  onHoverStart={preloadEditDialog}
                  onFocus={preloadEditDialog}
                  // While the dialog's code is still on its way (a press right after load).
                  isPending={editing?.id === recipe.id && !RecipeEditDialog}
                  onPress={() => {
                    setEditing(recipe);
                    void requestEditDialog().then((loaded) => {
                      if (loaded) return;
                      setEditing(null);
                      toast({ title: "Could not open the editor", description: "Please try again.", variant: "destructive" });
                    });
                  }}
                >
                  <PencilIcon />
                  <span className="added__action-label">Edit</span>
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  className="added__action"
                  aria-label={`Delete ${recipe.title}`}
                  onPress={() => remove(recipe)}
                >
                  <TrashIcon />
                  <span className="added__action-label">Delete</span>
                </Button>
              </div>
              <ServingsSlot recipe={recipe} />
            </li>
          ))}
        </ul>
      )}
      <Button size="lg" className="added__generate" onPress={generate} isPending={generating}>
        {generating ? "Generating…" : "Generate Shopping List"}
      </Button>
      {RecipeEditDialog ? <RecipeEditDialog recipe={editing} onClose={() => setEditing(null)} onDelete={deleteForGood} /> : null}
    </section>
  );
}

/* Edit and Delete are icons beside the title on a phone; their words show where the card has room
   (home.css). The buttons' names come from aria-label ('Edit <title>'), so the words are not needed for them. */
function LineIcon({ children }: { children: ReactNode }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

function PencilIcon() {
  return (
    <LineIcon>
      <path d="M4 20h4L19 9a2.8 2.8 0 0 0-4-4L4 16v4z" />
      <path d="M13.5 6.5l4 4" />
    </LineIcon>
  );
}

function TrashIcon() {
  return (
    <LineIcon>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />
    </LineIcon>
  );
}
