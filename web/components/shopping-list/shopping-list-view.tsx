/**
 * One shopping list (docs/product/screens.md /shopping-list/{id}): the name, the recipes it came from, the
 * items grouped by category (amount, name, which recipes need it), removing an item, Print and
 * Copy, Email (web/components/share) and Order with Instacart (web/components/grocery).
 */
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { ShoppingList, ShoppingListItem } from "../../../core/api/lists.ts";
import { api, errorText } from "../../lib/api.ts";
import { listEditToken } from "../../lib/recipes-store.ts";
import { dismissAllToasts, toast } from "../../lib/toast.ts";
import { Button } from "../../ui/button.tsx";
import { OrderButton } from "../grocery/order-button.tsx";
import { LocalDate } from "../local-date.tsx";
import { EmailButton } from "../share/email-button.tsx";
import { copyList, printListOrToast } from "./list-actions.ts";

export function ShoppingListView({ list, onChanged }: { list: ShoppingList; onChanged: () => Promise<void> }) {
  // Items removed but not yet sent: the removal is sent when its toast closes, unless Undo was pressed.
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const articleRef = useRef<HTMLElement>(null);
  const categories = Object.entries(list.ingredients)
    .map(([category, items]) => [category, items.filter((i) => !hidden.has(i.id))] as const)
    .filter(([, items]) => items.length);
  const count = categories.reduce((n, [, items]) => n + items.length, 0);
  const showItem = (id: string, show: boolean) =>
    setHidden((h) => {
      const next = new Set(h);
      if (show) next.delete(id);
      else next.add(id);
      return next;
    });

  const visible: ShoppingList = { ...list, ingredients: Object.fromEntries(categories) };
  const location = useLocation();
  const focusHeading = (location.state as { focusListHeading?: boolean } | null)?.focusListHeading === true;

  // Just generated: the list's heading takes the focus, so keyboard and screen-reader users start there.
  useEffect(() => {
    if (focusHeading) articleRef.current?.querySelector<HTMLElement>("#list-title")?.focus();
  }, [focusHeading]);

  // Leaving the page (or the app) sends what is still waiting for its toast to close.
  useEffect(() => {
    window.addEventListener("pagehide", dismissAllToasts);
    return () => {
      window.removeEventListener("pagehide", dismissAllToasts);
      dismissAllToasts();
    };
  }, []);

  async function send(item: ShoppingListItem) {
    try {
      await api.lists.removeItem(list.id, item.id, { editToken: listEditToken(list.id) });
      await onChanged();
    } catch (err) {
      toast({ title: "Error removing item", description: errorText(err), variant: "destructive" });
    } finally {
      showItem(item.id, true);
    }
  }

  function remove(item: ShoppingListItem) {
    if (hidden.has(item.id)) return;
    const buttons = () => [...(articleRef.current?.querySelectorAll<HTMLElement>("[data-remove-item]") ?? [])];
    const index = buttons().findIndex((b) => b.dataset.removeItem === item.id);
    showItem(item.id, false);
    // The pressed button is gone: keep keyboard focus on the list (next item, else the title).
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const left = buttons();
        (left[Math.min(index, left.length - 1)] ?? articleRef.current?.querySelector<HTMLElement>("#list-title"))?.focus();
      }),
    );
    let undone = false;
    toast({
      title: "Item removed",
      description: `${item.name} was removed from the list.`,
      action: {
        label: "Undo",
        onAction: () => {
          undone = true;
          showItem(item.id, true);
        },
      },
      onClose: () => {
        if (!undone) void send(item);
      },
    });
  }

  return (
    <article className="list" aria-labelledby="list-title" ref={articleRef}>
      <header className="list__header">
        <h1 id="list-title" className="list__title" tabIndex={-1}>
          <ListTitle name={list.name} />
        </h1>
        <p className="list__meta">
          {count} {count === 1 ? "item" : "items"} · created <LocalDate iso={list.createdAt} />
        </p>
        {list.recipes.length ? (
          <p className="list__recipes">
            From {list.recipes.length === 1 ? "1 recipe" : `${list.recipes.length} recipes`}: {list.recipes.map((r) => r.title).join(", ")}
          </p>
        ) : null}
        <div className="list__actions">
          <Button variant="outline" onPress={() => printListOrToast(visible)}>
            Print
          </Button>
          <Button variant="outline" onPress={() => void copyList(visible)}>
            Copy
          </Button>
          <EmailButton listId={list.id} />
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

/**
 * The list name with a trailing "- date" (the default name, 'Shopping List - 8/15/2025') kept in
 * one piece, so a phone never wraps the dash or the date onto a line of its own.
 */
function ListTitle({ name }: { name: string }) {
  const m = /^(.*\S)\s+([-\u2013\u2014]\s+[^-\u2013\u2014]{1,24})$/.exec(name);
  if (!m) return name;
  return (
    <>
      {m[1]} <span className="list__title-tail">{m[2]}</span>
    </>
  );
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}
