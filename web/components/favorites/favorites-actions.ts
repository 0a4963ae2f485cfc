/**
 * Removing favourites from the pages rendered by loaders (dashboard, /favorites): the call, the
 * toast ('Recipe removed' / 'List removed'; 'Error' with the server's message or the fallback of
 * docs/product/messages.md) and the loader's refresh.
 */
import { api } from "../../lib/api.ts";
import { failureMessage } from "../../lib/form-validation.ts";
import { markFavorite } from "../../lib/favorites-store.ts";
import { toast } from "../../lib/toast.ts";

export async function removeFavoriteRecipe(recipe: { id: string; title: string }, refresh: () => Promise<void>): Promise<void> {
  try {
    await api.favorites.removeRecipe(recipe.id);
    markFavorite("recipes", recipe.id, false);
    await refresh();
    toast({ title: "Recipe removed", description: `${recipe.title} was removed from your favorites.` });
  } catch (err) {
    toast({ title: "Error", description: failureMessage(err, "Failed to remove recipe from favorites."), variant: "destructive" });
  }
}

export async function removeFavoriteList(list: { id: string; name: string }, refresh: () => Promise<void>): Promise<void> {
  try {
    await api.favorites.removeList(list.id);
    markFavorite("lists", list.id, false);
    await refresh();
    toast({ title: "List removed", description: `${list.name} was removed from your favorites.` });
  } catch (err) {
    toast({ title: "Error", description: failureMessage(err, "Failed to remove list from favorites."), variant: "destructive" });
  }
}

export async function deleteList(list: { id: string; name: string }, refresh: () => Promise<void>): Promise<void> {
  try {
    await api.lists.remove(list.id);
    markFavorite("lists", list.id, false);
    await refresh();
    toast({ title: "List deleted", description: `${list.name} was deleted.` });
  } catch (err) {
    toast({ title: "Error", description: failureMessage(err, "Failed to delete shopping list."), variant: "destructive" });
  }
}
