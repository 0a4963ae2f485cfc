/**
 * A shopping list's card (docs/product/screens.md /favorites, /history, dashboard): name, number of
 * recipes and categories, the created date (with the time in history), View (the list view dialog),
 * and either Remove (a favourite list) or the favourite toggle and Delete after the prompt 'Are you
 * sure you want to delete this shopping list?' (history).
 */
import { useEffect, useState } from "react";
import type { ShoppingListSummary } from "../../../core/api/favorites.ts";
import { Button } from "../../ui/button.tsx";
import { ConfirmDialog } from "../../ui/confirm-dialog.tsx";
import { useLazyPart } from "../../lib/lazy-part.ts";
import { toast } from "../../lib/toast.ts";
import { listViewDialog } from "../dialogs/lazy-dialogs.ts";
import { plural } from "../dialogs/list-contents.tsx";
import { LocalDate } from "../local-date.tsx";
import { FavoriteToggle } from "./favorite-toggle.tsx";
import { RenameList } from "../list-name/rename-list.tsx";

export interface ListCardProps {
  list: ShoppingListSummary;
  /** Favourites: a Remove button. */
  onRemove?: (list: ShoppingListSummary) => void;
  removing?: boolean;
  /** History: the favourite toggle and Delete (after the prompt). */
  history?: { onFavoriteChanged: () => void | Promise<void>; onDelete: (list: ShoppingListSummary) => Promise<void> };
}

export function ListCard({ list: given, onRemove, removing, history }: ListCardProps) {
  // A rename shows at once; the next read of the page brings the same name.
  const [name, setName] = useState(given.name);
  useEffect(() => setName(given.name), [given.name]);
  const list = { ...given, name };
  const [viewing, setViewing] = useState(false);
  // The dialog's code loads on the first View (or when the button is hovered or focused).
  const [ListViewDialog, requestDialog] = useLazyPart(listViewDialog);
  const preload = () => void listViewDialog.load();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="fav-card">
      <div className="fav-card__head">
        <h3 className="fav-card__title">{list.name}</h3>
        {history ? (
          <FavoriteToggle kind="list" id={list.id} title={list.name} isFavorite={list.isFavorite} onChanged={history.onFavoriteChanged} />
        ) : null}
      </div>
      <p className="fav-card__meta">
        <span>{plural(list.recipeCount, "recipe")}</span>
        <span aria-hidden="true"> · </span>
        <span>{plural(list.categoryCount, "category", "categories")}</span>
        <span aria-hidden="true"> · </span>
        <span>
          <LocalDate iso={list.createdAt} withTime={!!history} />
        </span>
      </p>
      <div className="fav-card__actions">
        {list.canChange ? <RenameList listId={list.id} name={list.name} onRenamed={setName} /> : null}
        <Button
          variant="outline"
          size="sm"
          aria-label={`View ${list.name}`}
          data-card-view=""
          onHoverStart={preload}
          onFocus={preload}
          isPending={viewing && !ListViewDialog}
          onPress={() => {
            setViewing(true);
            void requestDialog().then((loaded) => {
              if (loaded) return;
              setViewing(false);
              toast({ title: "Could not open the list", description: "Please try again.", variant: "destructive" });
            });
          }}
        >
          View
        </Button>
        {onRemove ? (
          <Button
            variant="ghost"
            size="sm"
            aria-label={`Remove ${list.name} from favorites`}
            isPending={removing}
            onPress={() => onRemove(list)}
          >
            Remove
          </Button>
        ) : null}
        {history ? (
          // A form, so Delete works before the script too (the page's action); the script asks first.
          <form
            method="post"
            className="fav-card__delete-form"
            onSubmit={(e) => {
              e.preventDefault();
              setConfirming(true);
            }}
          >
            <input type="hidden" name="intent" value="delete-list" />
            <input type="hidden" name="listId" value={list.id} />
            <Button type="submit" variant="ghost" size="sm" className="fav-card__delete" aria-label={`Delete ${list.name}`}>
              Delete
            </Button>
          </form>
        ) : null}
      </div>
      {ListViewDialog ? <ListViewDialog list={list} isOpen={viewing} onOpenChange={setViewing} /> : null}
      {history ? (
        <ConfirmDialog
          title="Delete shopping list"
          message="Are you sure you want to delete this shopping list?"
          confirmLabel="Delete"
          isOpen={confirming}
          onOpenChange={setConfirming}
          onConfirm={() => history.onDelete(list)}
        />
      ) : null}
    </li>
  );
}
