/**
 * The dashboard's favourites tab (docs/product/screens.md /dashboard, validation.md, behaviour.md): favourite
 * recipes with checkboxes, Select All / Deselect All and 'Create List (n)' (nothing selected: 'No
 * recipes selected'), which builds a list (each selected recipe at its chosen scale, decision 0030),
 * clears the selection and opens the after-create dialog;
 * then the favourite lists with Remove. Data comes from the dashboard loader.
 */
import { useState } from "react";
import { useRevalidator } from "react-router";
import type { FavoriteList, FavoriteRecipe } from "../../../core/api/favorites.ts";
import type { ShoppingList } from "../../../core/api/lists.ts";
import { scalesOf } from "../../../core/recipe/scale.ts";
import { api } from "../../lib/api.ts";
import { failureMessage } from "../../lib/form-validation.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { useLazyPart } from "../../lib/lazy-part.ts";
import { afterCreateDialog } from "../dialogs/lazy-dialogs.ts";
import { removeFavoriteList, removeFavoriteRecipe } from "../favorites/favorites-actions.ts";
import { ListCard } from "../favorites/list-card.tsx";
import { RecipeCard } from "../favorites/recipe-card.tsx";
import { listNameFor } from "../home/list-name.ts";

export function FavoritesTab({ recipes, lists }: { recipes: FavoriteRecipe[]; lists: FavoriteList[] }) {
  const revalidator = useRevalidator();
  const refresh = () => revalidator.revalidate();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ShoppingList | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  // The scale chosen for each selected recipe (absent = 1), sent as the list's `scales` (decision 0030).
  const [scales, setScales] = useState<ReadonlyMap<string, number>>(() => new Map());
  // The dialog shown after 'Create List' loads with the list being made (decision 0034).
  const [AfterCreateDialog, requestDialog] = useLazyPart(afterCreateDialog);
  // Only ids still in the favourites count (one may have been removed meanwhile).
  const chosen = recipes.filter((r) => selected.has(r.id));
  const allSelected = recipes.length > 0 && chosen.length === recipes.length;

  function select(id: string, on: boolean) {
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function createList() {
    if (creating) return;
    if (chosen.length === 0) {
      toast({
        title: "No recipes selected",
        description: "Please select at least one recipe to create a shopping list.",
        variant: "destructive",
      });
      return;
    }
    setCreating(true);
    const dialog = requestDialog();
    try {
      const list = await api.lists.create({
        name: listNameFor(chosen.map((r) => r.title)),
        recipeIds: chosen.map((r) => r.id),
        scales: scalesOf(chosen.map((r) => [r.id, scales.get(r.id)] as const)),
      });
      setSelected(new Set());
      setScales(new Map());
      // Without the dialog's code (every try failed) the toast still says so; the list shows in history.
      if (await dialog) setCreated(list);
      else void refresh();
      toast({ title: "Shopping list created", description: `${list.name} is ready.` });
    } catch (err) {
      toast({ title: "Error", description: failureMessage(err, "Failed to create shopping list."), variant: "destructive" });
    } finally {
      setCreating(false);
    }
  }

  return (
    <div className="tab-stack">
      <section aria-labelledby="fav-recipes-title">
        <div className="section-head">
          <h2 id="fav-recipes-title">Favorite recipes ({recipes.length})</h2>
          {recipes.length ? (
            <div className="section-head__actions">
              <Button variant="outline" size="sm" onPress={() => setSelected(allSelected ? new Set() : new Set(recipes.map((r) => r.id)))}>
                {allSelected ? "Deselect All" : "Select All"}
              </Button>
              <Button size="sm" isPending={creating} onPress={() => void createList()}>
                Create List ({chosen.length})
              </Button>
            </div>
          ) : null}
        </div>
        {recipes.length === 0 ? (
          <p className="empty-state">No favorite recipes yet. Add recipes on the home page and press the heart to keep them here.</p>
        ) : (
          <ul className="fav-cards fav-cards--grid" aria-label="Favorite recipes">
            {recipes.map((r) => (
              <RecipeCard
                key={r.id}
                recipe={r}
                removing={busy === r.id}
                onRemove={async (recipe) => {
                  setBusy(recipe.id);
                  await removeFavoriteRecipe(recipe, refresh);
                  select(recipe.id, false);
                  setBusy(null);
                }}
                selection={{
                  selected: selected.has(r.id),
                  onChange: (on) => select(r.id, on),
                  scale: scales.get(r.id) ?? 1,
                  onScale: (scale) => setScales((s) => new Map(s).set(r.id, scale)),
                }}
              />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="fav-lists-title">
        <div className="section-head">
          <h2 id="fav-lists-title">Favorite lists ({lists.length})</h2>
        </div>
        {lists.length === 0 ? (
          <p className="empty-state">No favorite lists yet. Press the heart on a list to keep it here.</p>
        ) : (
          <ul className="fav-cards fav-cards--grid" aria-label="Favorite lists">
            {lists.map((l) => (
              <ListCard
                key={l.id}
                list={l}
                removing={busy === l.id}
                onRemove={async (list) => {
                  setBusy(list.id);
                  await removeFavoriteList(list, refresh);
                  setBusy(null);
                }}
              />
            ))}
          </ul>
        )}
      </section>
      {created && AfterCreateDialog ? (
        <AfterCreateDialog
          list={created}
          isOpen
          onOpenChange={(open) => {
            if (!open) {
              setCreated(null);
              void refresh();
            }
          }}
        />
      ) : null}
    </div>
  );
}
