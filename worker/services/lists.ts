/**
 * Shopping-list use cases (docs/product/api.md): build a list from stored recipes with the ingredient engine,
 * read it, remove an item, delete it. Ownership follows recipes: a list made while signed in is
 * changed only by its owner; a signed-out list by whoever holds its unguessable id; anyone with
 * the id may read it.
 */
import type { CreateShoppingListRequest, ShoppingList, ShoppingListItem } from "../../core/api/lists.ts";
import { combineRecipes } from "../../core/combine/combine.ts";
import { parseIngredient } from "../../core/ingredient/parse.ts";
import type { ParsedIngredient } from "../../core/ingredient/types.ts";
import type { Db } from "../db/client.ts";
import { deleteList, deleteListItem, findList, findListWithItems, findRecipesForList, insertList, type NewList } from "../db/lists.ts";
import { newId } from "../lib/ids.ts";
import { callerUserId, type Caller } from "./caller.ts";
import { DomainError } from "./errors.ts";
import { assertMay, editGrant, may, proveEdit } from "./policy.ts";

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
  const unusable = ids.filter((id) => {
    const r = byId.get(id);
    return !r || !may(caller, "read", r);
  });
  if (unusable.length) {
    throw new DomainError("invalid", "unknown_recipes", "Some recipes could not be found. Add them again and retry.", {
      errors: { recipeIds: unusable.map((id) => `No recipe ${id}`) },
    });
  }
  const ordered = ids.map((id) => byId.get(id)!);
  // Lines were parsed when the recipe was saved: reuse those parses (docs/decisions/0061).
  const stored = new Map<string, ParsedIngredient>();
  for (const r of ordered) for (const line of r.ingredients) if (isStoredParse(line.parsed, line.text)) stored.set(line.text, line.parsed);
  const { categories: groups } = combineRecipes(
    ordered.map((r) => ({ id: r.id, title: r.title, lines: r.ingredients.map((i) => i.text).filter((t) => t.trim()) })),
    { parse: (line) => stored.get(line) ?? parseIngredient(line) },
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
      });
      out.push({ id, name: item.name, amount: item.text, recipes: item.recipes, notes });
    }
  }
  await insertList(db, {
    id: listId,
    name: body.name,
    userId: callerUserId(caller),
    editTokenHash: edit?.hash ?? null,
    recipes: ordered.map((r) => ({ recipeId: r.id, title: r.title })),
    items,
  });
  mark("write");
  return {
    id: listId,
    name: body.name,
    createdAt: new Date().toISOString(),
    recipes: ordered.map((r) => ({ id: r.id, title: r.title })),
    ingredients,
    // Only the creating browser ever sees this (decision 0082).
    ...(edit ? { editToken: edit.token } : {}),
  };
}

/** The list as the client reads it, or null when there is none with this id. */
export async function getShoppingList(db: Db, id: string): Promise<ShoppingList | null> {
  const list = await findListWithItems(db, id);
  if (!list) return null;
  const ingredients: Record<string, ShoppingListItem[]> = {};
  // Items are stored in list position order, which is category (store-walk) order already.
  for (const item of list.items) {
    (ingredients[item.category] ??= []).push({
      id: item.id,
      name: item.name,
      amount: item.amount,
      recipes: recipeTitles(item.sources),
      notes: item.notes,
    });
  }
  return {
    id: list.id,
    name: list.name,
    createdAt: list.createdAt.toISOString(),
    recipes: list.recipes.map((r) => ({ id: r.recipeId, title: r.title })),
    ingredients,
  };
}

/** Removes one item; 404 for an unknown list or item, 403 for someone else's list. */
export async function removeShoppingListItem(
  db: Db,
  caller: Caller,
  listId: string,
  itemId: string,
  editToken: string | null = null,
): Promise<void> {
  await requireChangeable(db, caller, listId, editToken);
  if (!(await deleteListItem(db, listId, itemId))) {
    throw new DomainError("not_found", "item_not_found", "That item is not on this shopping list.");
  }
}

/** Deletes a list; 404 when unknown, 403 for someone else's list. */
export async function deleteShoppingList(db: Db, caller: Caller, listId: string, editToken: string | null = null): Promise<void> {
  await requireChangeable(db, caller, listId, editToken);
  await deleteList(db, listId);
}

async function requireChangeable(db: Db, caller: Caller, listId: string, editToken: string | null) {
  const list = await findList(db, listId);
  if (!list) throw new DomainError("not_found", "list_not_found", "Shopping list not found.");
  // A list link (its id) is read-only; changing a signed-out list needs its edit token.
  assertMay(caller, "change", "list", list, await proveEdit(list.editTokenHash, editToken));
  return list;
}

/** A stored parse of exactly this line, in the current shape (older rows may lack one). */
function isStoredParse(value: unknown, text: string): value is ParsedIngredient {
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
  return [...new Set(sources.map((s) => s.recipe))];
}
