/**
 * A list's items grouped as on the list page (aisles, 'You probably have', 'In the cart';
 * core/shopping/groups.ts), read-only (the list view dialog and the after-create dialog), or
 * 'This shopping list is empty.' when it has none. `headingLevel` keeps the outline right inside
 * a dialog (a dialog title is an h3).
 */
import type { ShoppingList } from "../../../core/api/lists.ts";
import { listGroups } from "../shopping-list/groups.ts";
import { ItemLine } from "../shopping-list/item-line.tsx";

export function ListContents({ list, headingLevel = 4 }: { list: ShoppingList; headingLevel?: 3 | 4 }) {
  const groups = listGroups(list.ingredients);
  if (groups.length === 0) return <p className="list-contents__empty">This shopping list is empty.</p>;
  const H = headingLevel === 3 ? "h3" : "h4";
  return (
    <div className="list-contents">
      {groups.map((group) => (
        <section key={group.title} className="list-contents__category">
          <H className="list-contents__title">
            {group.title} <span className="list-contents__count">({group.items.length})</span>
          </H>
          <ul className="list-contents__items">
            {group.items.map((item) => (
              <li key={item.id}>
                <ItemLine item={item} block="list-contents" />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** "12 items in 4 categories" for a list. */
export function listCounts(list: ShoppingList): { items: number; categories: number } {
  const categories = Object.values(list.ingredients).filter((items) => items.length);
  return { items: categories.reduce((n, items) => n + items.length, 0), categories: categories.length };
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
