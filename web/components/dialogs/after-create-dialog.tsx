/**
 * The dialog shown after a list is created from favourites (docs/product/screens.md "Dialogs"): the
 * list's categories and items, an 'Order for Delivery' section (the order dialog of
 * web/components/grocery opens over it), and Print, Copy, Email and Done.
 */
import type { ShoppingList } from "../../../core/api/lists.ts";
import { Button } from "../../ui/button.tsx";
import { Dialog } from "../../ui/dialog.tsx";
import { Link } from "../../ui/link.tsx";
import { OrderButton } from "../grocery/order-button.tsx";
import { EmailButton } from "../share/email-button.tsx";
import { copyList, printListOrToast } from "../shopping-list/list-actions.ts";
import { ListContents, listCounts, plural } from "./list-contents.tsx";
import "../../styles/dialogs.css";

export function AfterCreateDialog({
  list,
  isOpen,
  onOpenChange,
}: {
  list: ShoppingList;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const counts = listCounts(list);
  return (
    <Dialog
      title={list.name}
      description={`${plural(counts.items, "item")} in ${plural(counts.categories, "category", "categories")} from ${plural(list.recipes.length, "recipe")}.`}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      size="lg"
      className="after-create"
    >
      {({ close }) => (
        <>
          <ListContents list={list} />
          <section className="after-create__order" aria-labelledby="after-create-order">
            <h4 id="after-create-order">Order for Delivery</h4>
            <p>Have these items delivered from a store near you, or pick them up.</p>
            <OrderButton listId={list.id} variant="primary" />
          </section>
          <div className="dialog-actions after-create__actions">
            <Button variant="outline" onPress={() => printListOrToast(list)}>
              Print
            </Button>
            <Button variant="outline" onPress={() => void copyList(list)}>
              Copy
            </Button>
            <EmailButton listId={list.id} />
            <Link href={`/shopping-list/${encodeURIComponent(list.id)}`} variant="ghost">
              Open list page
            </Link>
            <Button onPress={close}>Done</Button>
          </div>
        </>
      )}
    </Dialog>
  );
}
