/**
 * Shopping mode's browser state (docs/decisions/0029-list-page.md): changes made on a list
 * page are applied at once on the page and queued in local storage; an editor's queue is sent to
 * the server when there is a connection (so ticks and added items survive going offline and a
 * reload), a read-only viewer's ticks stay in this browser. Ticks merge by tap time either way.
 */
import type { ShoppingList, ShoppingListItem } from "../../core/api/lists.ts";
import type { ListPatch } from "../../core/api/live.ts";
import type { ListChange } from "../../core/api/shopping.ts";
import { compareCategories } from "../../core/categorise/categories.ts";
import { arrangeByStore } from "../../core/shopping/store-order.ts";
import { mergeTick, type Tick } from "../../core/shopping/ticks.ts";

/** Where an item typed offline waits until the server has placed it in its aisle. */
export const PENDING_CATEGORY = "Just added";

const queueKey = (listId: string) => `recipecart:list-queue:${listId}`;
const ticksKey = (listId: string) => `recipecart:list-ticks:${listId}`;

/** A tick of this item as stored. */
export function tickOf(item: ShoppingListItem): Tick {
  return { checked: item.checked ?? false, at: item.checkedAt ?? 0 };
}

/**
 * The list as the page shows it: the server's list with the changes still waiting to be sent, in
 * order, and (for read-only viewers) this browser's own ticks, merged by tap time.
 */
export function applyPending<L extends Pick<ShoppingList, "ingredients"> & { store?: ShoppingList["store"] }>(
  list: L,
  pending: readonly ListChange[],
  localTicks?: ReadonlyMap<string, Tick>,
): L {
  const entries = Object.entries(list.ingredients).map(([c, items]) => [c, items.map((i) => ({ ...i }))] as [string, ShoppingListItem[]]);
  const find = (id: string) => {
    for (const [, items] of entries) {
      const i = items.findIndex((x) => x.id === id);
      const item = items[i];
      if (item) return { items, i, item };
    }
    return null;
  };
  const apply = (id: string, tick: Tick) => {
    const at = find(id);
    if (!at) return;
    const { item } = at;
    const merged = mergeTick(tickOf(item), tick);
    item.checked = merged.checked;
    item.checkedAt = merged.at;
  };
  if (localTicks) for (const [id, t] of localTicks) apply(id, t);
  for (const c of pending) {
    switch (c.op) {
      case "tick": {
        // Waiting changes are applied after everything the server has (decision 0037): they win.
        const at = find(c.itemId);
        if (at) Object.assign(at.item, { checked: c.checked, checkedAt: c.at });
        break;
      }
      case "remove": {
        const at = find(c.itemId);
        if (at) at.items.splice(at.i, 1);
        break;
      }
      case "add": {
        if (find(c.itemId)) break;
        let group = entries.find(([name]) => name === PENDING_CATEGORY);
        if (!group) {
          group = [PENDING_CATEGORY, []];
          entries.unshift(group);
        }
        group[1].push({
          id: c.itemId,
          name: c.text,
          amount: "",
          recipes: [],
          checked: false,
          checkedAt: 0,
          staple: false,
          addedByHand: true,
        });
        break;
      }
      case "edit": {
        const at = find(c.itemId);
        if (at) Object.assign(at.item, { name: c.name, amount: c.amount });
        break;
      }
      case "staple": {
        const at = find(c.itemId);
        if (at) at.item.staple = c.staple;
        break;
      }
      case "move": {
        const at = find(c.itemId);
        if (!at) break;
        at.items.splice(at.i, 1);
        let group = entries.find(([name]) => name === c.category);
        if (!group) {
          group = [c.category, []];
          entries.push(group);
        }
        group[1].push(at.item);
        break;
      }
    }
  }
  const pendingFirst = (name: string) => (name === PENDING_CATEGORY ? -1 : 0);
  entries.sort(
    ([a], [b]) => pendingFirst(a) - pendingFirst(b) || (a === PENDING_CATEGORY || b === PENDING_CATEGORY ? 0 : compareCategories(a, b)),
  );
  return { ...list, ingredients: inStoreOrder(Object.fromEntries(entries.filter(([, items]) => items.length)), list.store) };
}

/**
 * The aisles in the list's store's walking order, a hidden aisle's items in the nearest aisle it has (decision
 * 0048, as the server reads the list); 'Just added' stays first. Without a store: as given (the usual order).
 */
function inStoreOrder(ingredients: Record<string, ShoppingListItem[]>, store: ShoppingList["store"]): Record<string, ShoppingListItem[]> {
  if (!store) return ingredients;
  const { [PENDING_CATEGORY]: pending, ...rest } = ingredients;
  return { ...(pending ? { [PENDING_CATEGORY]: pending } : {}), ...arrangeByStore(rest, store) };
}

/** A tick followed by a later tick of the same item is dropped (the later one is applied after it anyway); other changes keep their order. */
export function compactQueue(queue: readonly ListChange[]): ListChange[] {
  const lastTick = new Map<string, number>();
  queue.forEach((c, i) => {
    if (c.op === "tick") lastTick.set(c.itemId, i);
  });
  return queue.filter((c, i) => c.op !== "tick" || lastTick.get(c.itemId) === i);
}

/**
 * The list after a patch from the live channel (decision 0037): each item's changed fields, new
 * items in their aisle, removed items gone. Categories stay in store-walk order (the list's store's, decision 0048).
 */
export function applyPatch<L extends Pick<ShoppingList, "ingredients" | "version"> & { store?: ShoppingList["store"] }>(
  list: L,
  patch: ListPatch,
): L {
  const entries = new Map(Object.entries(list.ingredients).map(([c, items]) => [c, [...items]] as [string, ShoppingListItem[]]));
  const gone = new Set(patch.removed);
  const where = new Map<string, string>();
  for (const [c, items] of entries) for (const i of items) where.set(i.id, c);
  for (const p of patch.items) {
    const { id, category, ...fields } = p;
    const from = where.get(id);
    if (from === undefined) {
      // A new item: it comes with its category and every field.
      if (!category) continue;
      const to = entries.get(category) ?? [];
      to.push({ id, name: "", amount: "", recipes: [], ...fields });
      entries.set(category, to);
      where.set(id, category);
      continue;
    }
    const items = entries.get(from) ?? [];
    const at = items.findIndex((i) => i.id === id);
    const current = items[at];
    if (!current) continue;
    const next = { ...current, ...fields };
    if (category && category !== from) {
      items.splice(at, 1);
      const to = entries.get(category) ?? [];
      to.push(next);
      entries.set(category, to);
      where.set(id, category);
    } else {
      items[at] = next;
    }
  }
  const ingredients = Object.fromEntries(
    [...entries.entries()]
      .map(([c, items]) => [c, items.filter((i) => !gone.has(i.id))] as const)
      .filter(([, items]) => items.length)
      .sort(([a], [b]) => compareCategories(a, b)),
  );
  // A recipe added to the list: its recipes line follows.
  const recipes = patch.recipes ? { recipes: patch.recipes } : {};
  // A rename: the name follows.
  const name = patch.name !== undefined ? { name: patch.name } : {};
  return { ...list, ...recipes, ...name, ingredients: inStoreOrder(ingredients, list.store), version: patch.version };
}

/** Waiting changes to an added item that joined another (aliases of a patch) now name the item it joined. */
export function followAliases(queue: readonly ListChange[], aliases: readonly (readonly [string, string])[]): ListChange[] {
  if (!aliases.length) return [...queue];
  const to = new Map(aliases);
  return queue.map((c) => (c.op !== "add" && to.has(c.itemId) ? { ...c, itemId: to.get(c.itemId) ?? c.itemId } : c));
}

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown, empty: boolean) {
  try {
    if (empty) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the change still shows for this visit.
  }
}

/** The changes an editor made on this list that the server has not confirmed yet. */
export function loadQueue(listId: string): ListChange[] {
  const q = read<unknown>(queueKey(listId), []);
  return Array.isArray(q) ? (q as ListChange[]).filter((c) => c && typeof c === "object" && typeof c.itemId === "string") : [];
}

export function saveQueue(listId: string, queue: readonly ListChange[]) {
  write(queueKey(listId), queue, queue.length === 0);
}

/**
 * Until when (ms since the epoch) list pages hold their queues after the server answered 429 (web/lib/list-sync.ts).
 * One for all lists: the server counts change requests per session or client address, not per list.
 */
const HOLD_KEY = "recipecart:list-sync-hold";

export function loadSyncHold(): number | null {
  const until = read<unknown>(HOLD_KEY, null);
  return typeof until === "number" && Number.isFinite(until) ? until : null;
}

export function saveSyncHold(until: number | null) {
  write(HOLD_KEY, until, until === null);
}

/** A read-only viewer's own ticks of this list. */
export function loadLocalTicks(listId: string): Map<string, Tick> {
  const raw = read<Record<string, Tick>>(ticksKey(listId), {});
  const out = new Map<string, Tick>();
  for (const [id, t] of Object.entries(raw ?? {}))
    if (t && typeof t.at === "number") out.set(id, { checked: Boolean(t.checked), at: t.at });
  return out;
}

export function saveLocalTicks(listId: string, ticks: ReadonlyMap<string, Tick>) {
  write(ticksKey(listId), Object.fromEntries(ticks), ticks.size === 0);
}

/** A new item id in the server's id shape (128 random bits, base64url), made in the browser. */
export function newItemId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The unit choice cookie (decision 0007): read by the list page's loader so the server renders in it. */
export const UNITS_COOKIE = "rc_units";

export function setUnitsCookie(value: string) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain first-party preference cookie the loader reads.
  document.cookie = `${UNITS_COOKIE}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** The unit choice in a Cookie header, or null. */
export function unitsFromCookie(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === UNITS_COOKIE) return decodeURIComponent(v.join("="));
  }
  return null;
}
