/**
 * The one grouping of a list's items that every view and export uses (the list page, the shared-list
 * page, Copy, Print, the e-mail, the home page's list and the dialogs; decision 0007): the aisles in
 * store-walk order with what is still to buy, then 'You probably have' (pantry staples, decision 0028),
 * then 'In the cart' (ticked items). Pure and free of zod, so any bundle may take it.
 */

export const STAPLES_GROUP = "You probably have";
export const CART_GROUP = "In the cart";

/** What grouping reads of an item. */
export interface Groupable {
  staple?: boolean | null;
  checked?: boolean | null;
}

export interface ListGroup<I> {
  /** "aisle" for a store category; "staples" and "cart" for the list's own groups. */
  kind: "aisle" | "staples" | "cart";
  /** The heading: the category's name, or 'You probably have' / 'In the cart'. */
  title: string;
  /** Items with the category they belong to (an item under 'You probably have' keeps its aisle). */
  items: (I & { category: string })[];
}

/**
 * The groups of a list's items (category -> items, categories in store-walk order as the API answers),
 * only the groups that have items.
 * @example listGroups({ Produce: [{ name: "onion" }], Pantry: [{ name: "salt", staple: true }] })
 * // [{ kind: "aisle", title: "Produce", ... }, { kind: "staples", title: "You probably have", ... }]
 */
export function listGroups<I extends Groupable>(ingredients: Readonly<Record<string, readonly I[]>>): ListGroup<I>[] {
  const aisles: ListGroup<I>[] = [];
  const staples: (I & { category: string })[] = [];
  const cart: (I & { category: string })[] = [];
  for (const [category, items] of Object.entries(ingredients)) {
    const aisle: (I & { category: string })[] = [];
    for (const item of items) {
      const placed = { ...item, category };
      if (item.checked) cart.push(placed);
      else if (item.staple) staples.push(placed);
      else aisle.push(placed);
    }
    if (aisle.length) aisles.push({ kind: "aisle", title: category, items: aisle });
  }
  const groups = aisles;
  if (staples.length) groups.push({ kind: "staples", title: STAPLES_GROUP, items: staples });
  if (cart.length) groups.push({ kind: "cart", title: CART_GROUP, items: cart });
  return groups;
}
