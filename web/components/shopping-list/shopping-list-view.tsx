/**
 * One shopping list (SPEC §2 /shopping-list/{id}): the name, the recipes it came from, the
 * items grouped by category (amount, name, which recipes need it), removing an item, Print and
 * Copy, and Order with Instacart (web/components/grocery). Email arrives with the accounts mailer.
 */
import { useRef, useState, useSyncExternalStore } from "react";
import type { ShoppingList, ShoppingListItem } from "../../../core/api/lists.ts";
import { api, errorText } from "../../lib/api.ts";
import { toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { OrderButton } from "../grocery/order-button.tsx";
import { getListText } from "./list-text.ts";
import { printList } from "./print-list.ts";

export function ShoppingListView({ list, onChanged }: { list: ShoppingList; onChanged: () => Promise<void> }) {
  const [removing, setRemoving] = useState<string | null>(null);
  const articleRef = useRef<HTMLElement>(null);
  const categories = Object.entries(list.ingredients).filter(([, items]) => items.length);
  const count = categories.reduce((n, [, items]) => n + items.length, 0);

  async function remove(item: ShoppingListItem) {
    if (removing) return;
    setRemoving(item.id);
    const buttons = () => [...(articleRef.current?.querySelectorAll<HTMLElement>("[data-remove-item]") ?? [])];
    const index = buttons().findIndex((b) => b.dataset.removeItem === item.id);
    try {
      await api.lists.removeItem(list.id, item.id);
      await onChanged();
      // The pressed button is gone: keep keyboard focus on the list (next item, else the title).
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const left = buttons();
          (left[Math.min(index, left.length - 1)] ?? articleRef.current?.querySelector<HTMLElement>("#list-title"))?.focus();
        }),
      );
    } catch (err) {
      toast({ title: "Error removing item", description: errorText(err), variant: "destructive" });
    } finally {
      setRemoving(null);
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(getListText(list));
      toast({ title: "Copied to clipboard", description: "Paste the list wherever you like." });
    } catch {
      toast({ title: "Copy failed", description: "Your browser did not allow copying.", variant: "destructive" });
    }
  }

  function print() {
    if (!printList(list)) {
      toast({ title: "Print failed", description: "Allow pop-ups for this site to print.", variant: "destructive" });
    }
  }

  return (
    <article className="list" aria-labelledby="list-title" ref={articleRef}>
      <header className="list__header">
        <h1 id="list-title" className="list__title" tabIndex={-1}>
          {list.name}
        </h1>
        <p className="list__meta">
          {count} {count === 1 ? "item" : "items"} · created <CreatedDate iso={list.createdAt} />
        </p>
        {list.recipes.length ? (
          <p className="list__recipes">
            From {list.recipes.length === 1 ? "1 recipe" : `${list.recipes.length} recipes`}: {list.recipes.map((r) => r.title).join(", ")}
          </p>
        ) : null}
        <div className="list__actions">
          <Button variant="outline" onPress={print}>
            Print
          </Button>
          <Button variant="outline" onPress={copy}>
            Copy
          </Button>
          <OrderButton listId={list.id} />
        </div>
      </header>
      {categories.length === 0 ? (
        <p className="list__empty">This shopping list is empty.</p>
      ) : (
        categories.map(([category, items]) => (
          <section key={category} className="list__category" aria-labelledby={`cat-${slug(category)}`}>
            <h2 id={`cat-${slug(category)}`} className="list__category-title">
              {category} <span className="list__category-count">({items.length})</span>
            </h2>
            <ul className="list__items">
              {items.map((item) => (
                <li key={item.id} className="list__item">
                  <div className="list__item-text">
                    <span className="list__item-line">
                      {item.amount ? <span className="list__amount">{item.amount}</span> : null}{" "}
                      <span className="list__name">{item.name}</span>
                    </span>
                    {item.recipes.length ? <span className="list__for">for {item.recipes.join(", ")}</span> : null}
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${item.name}`}
                    data-remove-item={item.id}
                    isPending={removing === item.id}
                    isDisabled={removing !== null && removing !== item.id}
                    onPress={() => remove(item)}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </article>
  );
}

const noSubscribe = () => () => {};

/**
 * The server does not know the reader's locale or time zone: the server HTML and the hydrating
 * render show the UTC date in one fixed format (so hydration matches), then the browser's own.
 */
function CreatedDate({ iso }: { iso: string }) {
  const inBrowser = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  const date = new Date(iso);
  const text = inBrowser
    ? date.toLocaleDateString()
    : date.toLocaleDateString("en-US", { timeZone: "UTC", year: "numeric", month: "numeric", day: "numeric" });
  return <time dateTime={iso}>{text}</time>;
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
