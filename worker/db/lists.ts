/**
 * Queries for the shopping-list aggregate: a list row, the recipes it was built from and one row
 * per item. Rules (who may do what) live in worker/services/lists.ts.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Db } from "./client.ts";
import { recipes, shoppingListItems, shoppingListRecipes, shoppingLists, type StoredIngredient } from "./schema.ts";

/** D1 refuses a statement with more than 100 bound parameters. */
export const D1_MAX_PARAMS = 100;

export type NewListItem = typeof shoppingListItems.$inferInsert;

export interface NewList {
  id: string;
  name: string;
  userId: string | null;
  recipes: { recipeId: string; title: string }[];
  items: Omit<NewListItem, "listId">[];
}

/** The recipes with these ids (any order), with their stored ingredient lines. */
export function findRecipesForList(db: Db, ids: string[]) {
  return db
    .select({ id: recipes.id, title: recipes.title, userId: recipes.userId, ingredients: recipes.ingredients })
    .from(recipes)
    .where(inArray(recipes.id, ids)) as Promise<
    { id: string; title: string; userId: string | null; ingredients: StoredIngredient[] }[]
  >;
}

/** Splits rows so that each multi-row insert stays under D1's bound-parameter cap. */
export function chunkRows<T>(rows: T[], paramsPerRow: number, maxParams = D1_MAX_PARAMS): T[][] {
  const size = Math.max(1, Math.floor(maxParams / Math.max(1, paramsPerRow)));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Writes the list, its recipe links and its items in ONE D1 batch (D1 has no interactive
 * transactions; a batch is atomic), chunking inserts for the bound-parameter cap.
 */
export async function insertList(db: Db, list: NewList): Promise<void> {
  const recipeRows = list.recipes.map((r, position) => ({ listId: list.id, recipeId: r.recipeId, title: r.title, position }));
  const itemRows: NewListItem[] = list.items.map((item) => ({ ...item, listId: list.id }));
  const statements: BatchItem<"sqlite">[] = [
    db.insert(shoppingLists).values({ id: list.id, name: list.name, userId: list.userId }),
  ];
  if (recipeRows.length) {
    const per = db.insert(shoppingListRecipes).values(recipeRows[0]!).toSQL().params.length;
    for (const slice of chunkRows(recipeRows, per)) statements.push(db.insert(shoppingListRecipes).values(slice));
  }
  if (itemRows.length) {
    const per = db.insert(shoppingListItems).values(itemRows[0]!).toSQL().params.length;
    for (const slice of chunkRows(itemRows, per)) statements.push(db.insert(shoppingListItems).values(slice));
  }
  await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
}

/** The list row, or null. */
export async function findList(db: Db, id: string) {
  const rows = await db
    .select({ id: shoppingLists.id, name: shoppingLists.name, userId: shoppingLists.userId, createdAt: shoppingLists.createdAt })
    .from(shoppingLists)
    .where(eq(shoppingLists.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/** The list with its recipes and items in one round trip (a read batch), or null. */
export async function findListWithItems(db: Db, id: string) {
  const [lists, recipeRows, itemRows] = await db.batch([
    db
      .select({ id: shoppingLists.id, name: shoppingLists.name, userId: shoppingLists.userId, createdAt: shoppingLists.createdAt })
      .from(shoppingLists)
      .where(eq(shoppingLists.id, id))
      .limit(1),
    db
      .select({ recipeId: shoppingListRecipes.recipeId, title: shoppingListRecipes.title })
      .from(shoppingListRecipes)
      .where(eq(shoppingListRecipes.listId, id))
      .orderBy(asc(shoppingListRecipes.position)),
    db
      .select({
        id: shoppingListItems.id,
        category: shoppingListItems.category,
        name: shoppingListItems.name,
        amount: shoppingListItems.amount,
        notes: shoppingListItems.notes,
        sources: shoppingListItems.sources,
        position: shoppingListItems.position,
      })
      .from(shoppingListItems)
      .where(eq(shoppingListItems.listId, id))
      .orderBy(asc(shoppingListItems.position)),
  ]);
  const list = lists[0];
  if (!list) return null;
  return { ...list, recipes: recipeRows, items: itemRows };
}

/** Deletes one item of one list; true when a row went. */
export async function deleteListItem(db: Db, listId: string, itemId: string): Promise<boolean> {
  const gone = await db
    .delete(shoppingListItems)
    .where(and(eq(shoppingListItems.listId, listId), eq(shoppingListItems.id, itemId)))
    .returning({ id: shoppingListItems.id });
  return gone.length > 0;
}

/** Deletes a list; its items and recipe links go with it (ON DELETE CASCADE). */
export async function deleteList(db: Db, id: string): Promise<boolean> {
  const gone = await db.delete(shoppingLists).where(eq(shoppingLists.id, id)).returning({ id: shoppingLists.id });
  return gone.length > 0;
}
