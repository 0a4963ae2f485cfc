/**
 * Shopping-list use cases (docs/product/api.md): build a list from stored recipes with the ingredient engine,
 * read it, delete it (items are removed as changes: web/features/shopping-list/server/shopping.ts). Ownership follows recipes: a list made while signed in is
 * changed only by its owner; a signed-out list by whoever holds its unguessable id; anyone with
 * the id may read it.
 */
import type { CreateShoppingListRequest, ShoppingList, ShoppingListItem } from "../../../../core/api/lists.ts";
import { compareCategories } from "../../../../core/categorise/categories.ts";
import { combineRecipes, type ListItem } from "../../../../core/combine/combine.ts";
import { amountInUnits, type UnitChoice } from "../../../../core/combine/unit-choice.ts";
import { parseIngredient } from "../../../../core/ingredient/parse.ts";
import type { ParsedIngredient } from "../../../../core/ingredient/types.ts";
import type { Db } from "../../../../worker/db/client.ts";
import { loadUserRules } from "../../../../worker/db/user-staples.ts";
import { deleteList, findList, findListWithItems, findRecipesForList, insertList, type NewList, renameList } from "./queries.ts";
import { newId } from "../../../../worker/lib/ids.ts";
import { findDefaultStore, findListStore, toListStore } from "../../../../worker/db/stores.ts";

/** A list's row with whether the viewer is in its household, for other features' services (favourites, mail, orders, households, the live room). */
export { findList } from "./queries.ts";
import { arrangeByStore } from "../../../../core/shopping/store-order.ts";
import { callerUserId, type Caller } from "../../../../worker/services/caller.ts";
import { DomainError } from "../../../../worker/services/errors.ts";
import { assertMay, assertMayReadList, editGrant, may, proveEdit } from "../../../../worker/services/policy.ts";

/**
 * Builds and stores a list from the caller's recipes. Every id must name a recipe the caller may
 * use (a public one, or their own): otherwise a 400 problem and nothing is written.
 */
export async function createShoppingList(
  db: Db,
  caller: Caller,
  body: CreateShoppingListRequest,
  /** Called after each phase with its name (for the Server-Timing header). */
  mark: (phase: "read" | "combine" | "write") => void = () => {},
): Promise<ShoppingList> {
  const ids = [...new Set(body.recipeIds)];
  const found = await findRecipesForList(db, ids);
  mark("read");
  const byId = new Map(found.map((r) => [r.id, r]));
  const ordered: typeof found = [];
  const unusable: string[] = [];
  for (const id of ids) {
    const r = byId.get(id);
    if (r && may(caller, "read", r)) ordered.push(r);
    else unusable.push(id);
  }
  if (unusable.length) {
    throw new DomainError("invalid", "unknown_recipes", "Some recipes could not be found. Add them again and retry.", {
      errors: { recipeIds: unusable.map((id) => `No recipe ${id}`) },
    });
  }
  // Lines were parsed when the recipe was saved: reuse those parses (docs/decisions/0008-building-a-list.md).
  const stored = new Map<string, ParsedIngredient>();
  for (const r of ordered) for (const line of r.ingredients) if (isStoredParse(line.parsed, line.text)) stored.set(line.text, line.parsed);
  // A signed-in caller's own staples and category corrections beat the defaults (decisions 0028, 0029);
  // the store they used last is the new list's (decision 0048).
  const userId = callerUserId(caller);
  const [rules, storeRow] = await Promise.all([loadUserRules(db, userId), userId ? findDefaultStore(db, userId) : null]);
  const store = storeRow ? toListStore(storeRow) : null;
  const { categories: combined } = combineRecipes(
    ordered.map((r) => ({
      id: r.id,
      title: r.title,
      lines: r.ingredients.map((i) => i.text).filter((t) => t.trim()),
      scale: body.scales?.[r.id],
    })),
    { parse: (line) => stored.get(line) ?? parseIngredient(line), staples: rules.staples },
  );
  const groups = regroup(
    combined.flatMap((g) => g.items.map((item) => ({ ...item, category: rules.categories.get(item.key) ?? item.category }))),
  );
  mark("combine");
  const listId = newId();
  const edit = await editGrant(caller);
  const items: NewList["items"] = [];
  const ingredients: Record<string, ShoppingListItem[]> = {};
  for (const group of groups) {
    const out: ShoppingListItem[] = (ingredients[group.category] ??= []);
    for (const item of group.items) {
      const id = newId();
      const sources = item.sources.map((s) => ({ recipeId: s.recipeId ?? null, recipe: s.recipe, line: s.line }));
      const notes = item.notes.length ? item.notes.join("; ") : null;
      items.push({
        id,
        category: group.category,
        itemKey: item.key,
        name: item.name,
        amount: item.text,
        amounts: item.amounts.map((a) => ({ quantity: a.quantity, unit: a.unit })),
        notes,
        sources,
        position: items.length,
        staple: item.staple,
      });
      out.push({
        id,
        name: item.name,
        amount: item.text,
        recipes: item.recipes,
        notes,
        checked: false,
        checkedAt: 0,
        staple: item.staple,
        addedByHand: false,
      });
    }
  }
  await insertList(db, {
    id: listId,
    name: body.name,
    userId: callerUserId(caller),
    editTokenHash: edit?.hash ?? null,
    storeId: store?.id ?? null,
    recipes: ordered.map((r) => ({ recipeId: r.id, title: r.title })),
    items,
  });
  mark("write");
  return {
    id: listId,
    name: body.name,
    createdAt: new Date().toISOString(),
    recipes: ordered.map((r) => ({ id: r.id, title: r.title })),
    ingredients: arrangeByStore(ingredients, store),
    household: null,
    version: 0,
    store,
    // Only the creating browser ever sees this (decision 0013).
    ...(edit ? { editToken: edit.token } : {}),
  };
}

/** Items grouped by category in store-walk order (a user's corrections can move an item to another aisle). */
function regroup(items: ListItem[]): { category: string; items: ListItem[] }[] {
  const by = new Map<string, ListItem[]>();
  for (const item of items) {
    const list = by.get(item.category);
    if (list) list.push(item);
    else by.set(item.category, [item]);
  }
  return [...by.entries()].sort(([a], [b]) => compareCategories(a, b)).map(([category, items]) => ({ category, items }));
}

/**
 * The list as the client reads it, or null when there is none with this id. Amounts are shown in
 * the reader's unit choice (decision 0007): as the list was built, or re-shown in metric or US units.
 */
export async function getShoppingList(db: Db, id: string, units: UnitChoice = "as-written"): Promise<ShoppingList | null> {
  return (await readShoppingList(db, id, units))?.list ?? null;
}

/** What a read of a list tells besides the list: its owner and household, and the viewer's membership. */
export interface ListRead {
  list: ShoppingList;
  /** The creator (null: made signed out). */
  userId: string | null;
  householdId: string | null;
  /** Whether `viewerId` is in the list's household now (false for a personal list). */
  member: boolean;
}

/**
 * The list as the client reads it, with its owner, household and the viewer's membership, or null
 * when unknown. No access check: see `readListFor`.
 */
export async function readShoppingList(
  db: Db,
  id: string,
  units: UnitChoice = "as-written",
  viewerId: string | null = null,
): Promise<ListRead | null> {
  const list = await findListWithItems(db, id, viewerId);
  if (!list) return null;
  const grouped = new Map<string, ShoppingListItem[]>();
  // Items in list position order; categories in store-walk order (an item moved by hand joins its new aisle).
  for (const item of list.items) {
    const out = grouped.get(item.category) ?? [];
    if (!out.length) grouped.set(item.category, out);
    out.push({
      id: item.id,
      name: item.name,
      amount: amountInUnits(item.amount, item.amounts, units, { key: item.itemKey }),
      recipes: recipeTitles(item.sources),
      notes: item.notes,
      checked: item.checked,
      checkedAt: item.checkedAt,
      staple: item.staple,
      addedByHand: item.addedByHand,
    });
  }
  // Shown for a store: its walking order, and the items of aisles it lacks in the nearest it has (decision 0048).
  const store = list.storeId ? await findListStore(db, id).then((row) => (row ? toListStore(row) : null)) : null;
  const ingredients: Record<string, ShoppingListItem[]> = arrangeByStore(
    Object.fromEntries([...grouped.entries()].sort(([a], [b]) => compareCategories(a, b))),
    store,
  );
  return {
    userId: list.userId,
    householdId: list.householdId,
    member: list.member,
    list: {
      id: list.id,
      name: list.name,
      createdAt: list.createdAt.toISOString(),
      recipes: list.recipes.map((r) => ({ id: r.recipeId, title: r.title })),
      ingredients,
      household: list.householdId ? { id: list.householdId, name: list.householdName ?? "" } : null,
      version: list.version,
      store,
    },
  };
}

/**
 * The list for a reader: anyone with its id reads a personal or signed-out list (decision 0013); a
 * household list only its members (403 `not_in_household`, decision 0036). Null when unknown.
 */
export async function readListFor(db: Db, caller: Caller, id: string, units: UnitChoice = "as-written"): Promise<ListRead | null> {
  const found = await readShoppingList(db, id, units, callerUserId(caller));
  if (found) assertMayReadList(found);
  return found;
}

/**
 * Deletes a list; 404 when unknown, 403 for someone else's list. A household list is deleted by its
 * creator or the household's owner only, though every member changes it (decision 0036).
 */
export async function deleteShoppingList(db: Db, caller: Caller, listId: string, editToken: string | null = null): Promise<void> {
  const list = await requireChangeable(db, caller, listId, editToken);
  if (list.householdId && caller.user?.id !== list.userId && caller.user?.id !== list.householdOwnerId) {
    throw new DomainError("forbidden", "forbidden", "Only the person who made this list or the household's owner can delete it.");
  }
  await deleteList(db, listId);
}

/**
 * Renames a list: whoever may change it (its owner, a member of its household, or the holder of a
 * signed-out list's edit token); 404 when unknown, 403 otherwise. The name is already trimmed and checked. Runs in
 * the list's room (worker/live), which sends the new name and version to the open pages.
 */
export async function renameShoppingList(
  db: Db,
  caller: Caller,
  listId: string,
  editToken: string | null,
  name: string,
): Promise<{ id: string; name: string; version: number }> {
  await requireChangeable(db, caller, listId, editToken);
  const version = await renameList(db, listId, name);
  if (version === null) throw new DomainError("not_found", "list_not_found", "Shopping list not found.");
  return { id: listId, name, version };
}

/** The list row when the caller may change it; 404 when unknown, 403 otherwise. */
export async function requireChangeable(db: Db, caller: Caller, listId: string, editToken: string | null) {
  const list = await findList(db, listId, callerUserId(caller));
  if (!list) throw new DomainError("not_found", "list_not_found", "Shopping list not found.");
  // A list link (its id) is read-only; changing a signed-out list needs its edit token.
  assertMay(caller, "change", "list", list, await proveEdit(list.editTokenHash, editToken));
  return list;
}

/** A stored parse of exactly this line, in the current shape (older rows may lack one). */
export function isStoredParse(value: unknown, text: string): value is ParsedIngredient {
  const p = value as ParsedIngredient | null | undefined;
  return (
    !!p &&
    typeof p === "object" &&
    p.input === text &&
    Array.isArray(p.amounts) &&
    typeof p.isHeader === "boolean" &&
    Array.isArray(p.alternatives)
  );
}

function recipeTitles(sources: { recipe: string }[]): string[] {
  // An item typed in by hand keeps its typed lines under no recipe (decision 0037).
  return [...new Set(sources.map((s) => s.recipe).filter(Boolean))];
}
