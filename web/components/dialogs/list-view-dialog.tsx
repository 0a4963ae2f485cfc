/**
 * The list view dialog (docs/product/screens.md "Dialogs"): name, creation date, number and titles of
 * recipes, items by category, or 'This shopping list is empty.'. The list is read when the dialog
 * opens (GET /api/shopping-lists/{id}); the card's name and date show while it loads.
 */
import { useEffect, useState } from "react";
import type { ShoppingList } from "../../../core/api/lists.ts";
import { api } from "../../lib/api.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Link } from "../../ui/link.tsx";
import { Spinner } from "../../ui/spinner.tsx";
import { LocalDate } from "../local-date.tsx";
import { ListContents, plural } from "./list-contents.tsx";
import "../../styles/dialogs.css";

export interface ListViewDialogProps {
  list: { id: string; name: string; createdAt: string };
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ListViewDialog({ list, isOpen, onOpenChange }: ListViewDialogProps) {
  return (
    <Dialog
      title={list.name}
      description={
        <>
          Created <LocalDate iso={list.createdAt} withTime />
        </>
      }
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="lg"
    >
      {({ close }) => <ListViewBody id={list.id} close={close} />}
    </Dialog>
  );
}

function ListViewBody({ id, close }: { id: string; close: () => void }) {
  const [state, setState] = useState<{ list: ShoppingList } | "loading" | "failed">("loading");
  useEffect(() => {
    let live = true;
    api.lists.get(id).then(
      (list) => live && setState({ list }),
      () => live && setState("failed"),
    );
    return () => {
      live = false;
    };
  }, [id]);

  if (state === "loading") {
    return (
      <p className="dialog-status" role="status">
        <Spinner size={20} /> Loading list…
      </p>
    );
  }
  if (state === "failed") {
    return (
      <p className="dialog-status" role="alert">
        Failed to load shopping list. Please try again.
      </p>
    );
  }
  const { list } = state;
  return (
    <div className="list-view-dialog">
      <p className="list-view-dialog__recipes">
        {plural(list.recipes.length, "recipe")}
        {list.recipes.length ? `: ${list.recipes.map((r) => r.title).join(", ")}` : ""}
      </p>
      <ListContents list={list} />
      <div className="dialog-actions">
        <Link href={`/shopping-list/${encodeURIComponent(list.id)}`} variant="outline">
          Open list page
        </Link>
        <Button onPress={close}>Close</Button>
      </div>
    </div>
  );
}
