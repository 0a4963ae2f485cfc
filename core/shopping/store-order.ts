/**
 * A shopper's store (decision 0048): the 17 aisles in the order they walk that store, and the aisles it
 * does not have. A list shown for a store lists its aisles in that order, and the items of an aisle the
 * store does not have go to the nearest aisle it has (in its walking order; on a tie, the next one).
 * 'Other' is not an aisle of a store: it is always last. Pure and free of zod, so any bundle may take it.
 */
import { CATEGORIES } from "../categorise/categories.ts";

/** The aisles a store orders and may hide: every category but 'Other'. */
export const STORE_AISLES: readonly string[] = CATEGORIES.filter((c) => c !== "Other");

/** What ordering reads of a store. */
export interface StoreLayout {
  /** The aisles in walking order (every one of STORE_AISLES once; see completeAisles). */
  aisles: readonly string[];
  /** Aisles the store does not have. */
  hidden: readonly string[];
}

/**
 * `aisles` made a whole walking order: each known aisle once, in the order given, then any aisle it
 * lacks in the default order (so an old layout still works when an aisle is added).
 * @example completeAisles(["Frozen", "Produce"]).slice(0, 3) // ["Frozen", "Produce", "Bakery & Bread"]
 */
export function completeAisles(aisles: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const a of [...aisles, ...STORE_AISLES]) {
    if (!STORE_AISLES.includes(a) || seen.has(a)) continue;
    seen.add(a);
    out.push(a);
  }
  return out;
}

/**
 * The aisle a category's items are shown under in this store: the category itself when the store has it,
 * else the nearest aisle the store has (on a tie, the later one: the shopper walks on); 'Other' and names
 * that are not aisles stay as they are; 'Other' when the store has none of the aisles.
 */
export function aisleFor(category: string, layout: StoreLayout): string {
  const order = completeAisles(layout.aisles);
  const at = order.indexOf(category);
  if (at < 0) return category;
  const hidden = new Set(layout.hidden);
  if (!hidden.has(category)) return category;
  for (let d = 1; d < order.length; d++) {
    const after = order[at + d];
    if (after !== undefined && !hidden.has(after)) return after;
    const before = order[at - d];
    if (before !== undefined && !hidden.has(before)) return before;
  }
  return "Other";
}

/**
 * A list's items (category -> items) arranged for a store: the store's aisles in its walking order, the
 * items of an aisle it does not have joined to the nearest one it has (after that aisle's own items), then
 * names that are not aisles in the order given, then 'Other'. Without a store: as given.
 * @example Object.keys(arrangeByStore({ Produce: [a], Frozen: [b] }, { aisles: ["Frozen", ...], hidden: [] })) // ["Frozen", "Produce"]
 */
export function arrangeByStore<I>(
  ingredients: Readonly<Record<string, readonly I[]>>,
  layout: StoreLayout | null | undefined,
): Record<string, I[]> {
  if (!layout) return Object.fromEntries(Object.entries(ingredients).map(([k, v]) => [k, [...v]]));
  const order = completeAisles(layout.aisles);
  const own = new Map<string, I[]>();
  const joined = new Map<string, I[]>();
  for (const [category, items] of Object.entries(ingredients)) {
    const to = aisleFor(category, layout);
    const bucket = to === category ? own : joined;
    bucket.set(to, [...(bucket.get(to) ?? []), ...items]);
  }
  const out: Record<string, I[]> = {};
  const place = (name: string) => {
    const items = [...(own.get(name) ?? []), ...(joined.get(name) ?? [])];
    if (items.length) out[name] = items;
  };
  for (const aisle of order) place(aisle);
  for (const name of new Set([...own.keys(), ...joined.keys()])) if (!(name in out) && name !== "Other") place(name);
  place("Other");
  return out;
}
