/**
 * The favourite toggle (docs/product/behaviour.md, messages.md): a heart that is filled when the recipe or
 * list is a favourite. Its name stays 'Favorite <title>' and aria-pressed says the state. Pressing
 * it adds or removes through the API; the toasts are 'Added to favorites', 'Recipe removed' /
 * 'List removed', and on failure 'Error' with the server's message or 'Failed to update favorite
 * status.' (lists: 'Failed to add list to favorites.' / 'Failed to remove list from favorites.'). `onChanged` runs after a change (a page rendered from a loader revalidates there).
 */
import { useState } from "react";
import { ToggleButton } from "react-aria-components";
import { api } from "../../lib/api.ts";
import { markFavorite } from "../../lib/favorites-store.ts";
import { failureMessage } from "../../lib/form-validation.ts";
import { toast } from "../../lib/toast.ts";
import { cx } from "../../ui/cx.ts";

export interface FavoriteToggleProps {
  kind: "recipe" | "list";
  id: string;
  title: string;
  isFavorite: boolean;
  /** A recipe made signed out in this browser: its edit token makes it the user's (decision 0013). */
  editToken?: string;
  /** After a change; `id` is the favourite's id (a recipe the user could not prove theirs is copied). */
  onChanged?: (result: { id: string; favorite: boolean }) => void | Promise<void>;
  size?: "sm" | "md";
  className?: string;
}

export function FavoriteToggle({ kind, id, title, isFavorite, editToken, onChanged, size = "sm", className }: FavoriteToggleProps) {
  const [pending, setPending] = useState(false);
  // Shown at once; put back if the call fails.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const selected = optimistic ?? isFavorite;

  async function toggle(next: boolean) {
    if (pending) return;
    setPending(true);
    setOptimistic(next);
    try {
      const opts = editToken ? { editToken } : undefined;
      const result =
        kind === "recipe"
          ? next
            ? await api.favorites.addRecipe(id, opts)
            : await api.favorites.removeRecipe(id, opts)
          : next
            ? await api.favorites.addList(id)
            : await api.favorites.removeList(id);
      markFavorite(kind === "recipe" ? "recipes" : "lists", result.id, result.favorite);
      if (result.id !== id && !result.favorite) markFavorite(kind === "recipe" ? "recipes" : "lists", id, false);
      await onChanged?.(result);
      toast(
        result.favorite
          ? { title: "Added to favorites", description: `${title} is in your favorites.` }
          : { title: kind === "recipe" ? "Recipe removed" : "List removed", description: `${title} was removed from your favorites.` },
      );
    } catch (err) {
      const fallback =
        kind === "recipe"
          ? "Failed to update favorite status."
          : next
            ? "Failed to add list to favorites."
            : "Failed to remove list from favorites.";
      toast({ title: "Error", description: failureMessage(err, fallback), variant: "destructive" });
    } finally {
      setOptimistic(null);
      setPending(false);
    }
  }

  return (
    <ToggleButton
      isSelected={selected}
      onChange={(next) => void toggle(next)}
      aria-label={`Favorite ${title}`}
      className={cx("btn", "btn--ghost", size === "sm" ? "btn--sm" : "btn--md", "favorite-toggle", className)}
      data-pending={pending || undefined}
    >
      <HeartIcon filled={selected} />
    </ToggleButton>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
      strokeLinejoin="round"
    >
      <path d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.5 4.5 7 4.5c2 0 3.6 1.1 5 3 1.4-1.9 3-3 5-3 3.5 0 5.6 3.5 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z" />
    </svg>
  );
}
