/**
 * The generated list on the home page (docs/product/screens.md: after a list is generated, the list view
 * replaces the feature preview). It keeps id="features" so the header link still lands here.
 */
import { useEffect, useState } from "react";
import type { ShoppingList } from "../../../core/api/lists.ts";
import { api, ApiError } from "../../lib/api.ts";
import { setLastListId } from "../../lib/recipes-store.ts";
import { Button } from "../../ui/button.tsx";
import { Link } from "../../ui/link.tsx";
import { OrderButton } from "../grocery/order-button.tsx";
import { EmailButton } from "../share/email-button.tsx";
import { listGroups } from "../shopping-list/groups.ts";

export function ListView({ listId }: { listId: string }) {
  const [list, setList] = useState<ShoppingList | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    setList(null);
    setFailed(false);
    api.lists.get(listId).then(
      (l) => live && setList(l),
      (err: unknown) => {
        if (!live) return;
        // The list was deleted: go back to the feature preview instead of an error.
        if (err instanceof ApiError && err.status === 404) setLastListId(null);
        else setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [listId]);

  const categories = list ? Object.entries(list.ingredients).filter(([, items]) => items.length) : [];
  // Grouped as on the list page: pantry staples under 'You probably have' (core/shopping/groups.ts).
  const groups = list ? listGroups(list.ingredients) : [];
  return (
    <section id="features" className="section list-view" aria-labelledby="list-view-title">
      <div className="list-view__head">
        <h2 id="list-view-title" className="section__title">
          {list ? list.name : "Your shopping list"}
        </h2>
        <Button variant="ghost" size="sm" onPress={() => setLastListId(null)}>
          Close list
        </Button>
      </div>
      {failed ? (
        <p>Failed to load shopping list. Please try again.</p>
      ) : !list ? (
        <p aria-busy="true">Loading your list…</p>
      ) : (
        <>
          <p className="list-view__summary">
            {categories.reduce((n, [, items]) => n + items.length, 0)} items in {categories.length}{" "}
            {categories.length === 1 ? "category" : "categories"} from {list.recipes.length}{" "}
            {list.recipes.length === 1 ? "recipe" : "recipes"}.
          </p>
          <ul className="list-view__categories">
            {groups.map((group) => (
              <li key={group.title}>
                <span className="list-view__category">{group.title}</span>{" "}
                <span className="list-view__items">{group.items.map((i) => i.name).join(", ")}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="list-view__actions">
        <Link variant="primary" href={`/shopping-list/${encodeURIComponent(listId)}`}>
          Open shopping list
        </Link>
        {list ? <EmailButton listId={listId} /> : null}
        {list ? <OrderButton listId={listId} label="Order for Delivery" /> : null}
      </div>
    </section>
  );
}
