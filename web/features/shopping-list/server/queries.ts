/**
 * Queries for the shopping-list aggregate: a list row, the recipes it was built from and one row
 * per item. Rules (who may do what) live in web/features/shopping-list/server/service.ts.
 */
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../../worker/db/client.ts";
import { BUILT_IN_STAPLES_JSON, roomForOwnStapleSql } from "../../../../worker/db/user-staples.ts";
import { recipes, shoppingListItems, shoppingListRecipes, shoppingLists, type StoredIngredient } from "../../../../worker/db/schema.ts";

export type NewListItem = typeof shoppingListItems.$inferInsert;

export interface NewList {
  id: string;
  name: string;
  userId: string | null;
  /** The store it is shown for (decision 0048), or null. */
  storeId?: string | null;
  /** SHA-256 of the signed-out creator's edit token (decision 0013); null for an owned list. */
  editTokenHash?: string | null;
  recipes: { recipeId: string; title: string }[];
  items: Omit<NewListItem, "listId">[];
}

/** The recipes with these ids (any order), with their stored ingredient lines. */
export function findRecipesForList(db: Db, ids: string[]) {
  return db
    .select({ id: recipes.id, title: recipes.title, userId: recipes.userId, ingredients: recipes.ingredients })
    .from(recipes)
    .where(inArray(recipes.id, ids)) as Promise<{ id: string; title: string; userId: string | null; ingredients: StoredIngredient[] }[]>;
}

/** Splits rows into slices of at most `size`. */
export function chunkRows<T>(rows: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += Math.max(1, size)) out.push(rows.slice(i, i + Math.max(1, size)));
  return out;
}

/**
 * Rows per insert statement. Each statement binds two parameters (the list id and a JSON array
 * of rows, expanded by json_each), far under D1's 100; slices keep each JSON value well under
 * D1's 2 MB value limit (a stored item row is ~300 bytes).
 */
export const ROWS_PER_INSERT = 500;

/**
 * Writes the list, its recipe links and its items in ONE D1 batch (D1 has no interactive
 * transactions; a batch is atomic). Rows travel as one JSON parameter per statement and are
 * expanded by SQLite's json_each, so a 150-item list is three statements, not seventeen
 * (docs/decisions/0008-building-a-list.md).
 */
export async function insertList(db: Db, list: NewList): Promise<void> {
  const recipeRows = list.recipes.map((r, position) => ({ recipeId: r.recipeId, title: r.title, position }));
  const itemRows = list.items.map((item) => ({
    id: item.id,
    category: item.category,
    itemKey: item.itemKey,
    name: item.name,
    amount: item.amount ?? "",
    amounts: item.amounts,
    notes: item.notes ?? null,
    sources: item.sources,
    position: item.position,
    checked: item.checked ? 1 : 0,
    staple: item.staple ? 1 : 0,
  }));
  // D1's own batch: drizzle's batch does not take raw statements.
  const d1 = db.$client;
  const statements: D1PreparedStatement[] = [
    d1
      .prepare("insert into shopping_lists (id, name, user_id, edit_token_hash, store_id) values (?1, ?2, ?3, ?4, ?5)")
      .bind(list.id, list.name, list.userId, list.editTokenHash ?? null, list.storeId ?? null),
  ];
  for (const slice of chunkRows(recipeRows, ROWS_PER_INSERT)) {
    statements.push(
      d1
        .prepare(
          `insert into shopping_list_recipes (list_id, recipe_id, title, position)
           select ?1, json_extract(value, '$.recipeId'), json_extract(value, '$.title'), json_extract(value, '$.position')
           from json_each(?2)`,
        )
        .bind(list.id, JSON.stringify(slice)),
    );
  }
  for (const slice of chunkRows(itemRows, ROWS_PER_INSERT)) {
    statements.push(
      d1
        .prepare(
          `insert into shopping_list_items
             (id, list_id, category, item_key, name, amount, amounts, notes, sources, position, checked, staple)
           select json_extract(value, '$.id'), ?1, json_extract(value, '$.category'), json_extract(value, '$.itemKey'),
             json_extract(value, '$.name'), json_extract(value, '$.amount'), json_extract(value, '$.amounts'),
             json_extract(value, '$.notes'), json_extract(value, '$.sources'), json_extract(value, '$.position'),
             json_extract(value, '$.checked'), json_extract(value, '$.staple')
           from json_each(?2)`,
        )
        .bind(list.id, JSON.stringify(slice)),
    );
  }
  // The list's history-search row, in the same batch (decision 0032).
  statements.push(d1.prepare(SEARCH_ROW_INSERT).bind(list.id));
  await d1.batch(statements);
}

/**
 * (Re)writes the history-search row of list ?1 from the stored list, items and recipe titles
 * (migrations/0004_history_search.sql). Deleting the list deletes the row (trigger).
 */
export const SEARCH_ROW_INSERT = `insert into shopping_list_search (list_id, list_key, owner, name, items, recipes)
  select l.id, 'l' || hex(l.id), 'u' || hex(coalesce(l.user_id, '')), l.name,
    coalesce((select group_concat(i.name, ' ') from shopping_list_items i where i.list_id = l.id), ''),
    coalesce((select group_concat(r.title, ' ') from shopping_list_recipes r where r.list_id = l.id), '')
  from shopping_lists l where l.id = ?1`;

/** Refreshes the recipe titles of list ?1 in its history-search row (a recipe added to the list). */
export const SEARCH_ROW_RECIPES_UPDATE = `update shopping_list_search
  set recipes = coalesce((select group_concat(r.title, ' ') from shopping_list_recipes r where r.list_id = ?1), '')
  where rowid in (select rowid from shopping_list_search where shopping_list_search match 'list_key : l' || hex(?1))`;

/** Refreshes the item names of list ?1 in its history-search row. */
export const SEARCH_ROW_ITEMS_UPDATE = `update shopping_list_search
  set items = coalesce((select group_concat(i.name, ' ') from shopping_list_items i where i.list_id = ?1), '')
  where rowid in (select rowid from shopping_list_search where shopping_list_search match 'list_key : l' || hex(?1))`;

/**
 * The list row, or null. With `viewerId`, `member` says whether that user is in the list's household
 * now (always false for a personal list, or signed out): the policy's input (decision 0007).
 */
export async function findList(db: Db, id: string, viewerId: string | null = null) {
  const rows = await db
    .select({
      id: shoppingLists.id,
      name: shoppingLists.name,
      userId: shoppingLists.userId,
      editTokenHash: shoppingLists.editTokenHash,
      householdId: shoppingLists.householdId,
      householdOwnerId: sql<string | null>`(select h.owner_id from households h where h.id = ${shoppingLists.householdId})`,
      version: shoppingLists.version,
      createdAt: shoppingLists.createdAt,
      member: sql<number>`exists (select 1 from household_members m where m.household_id = ${shoppingLists.householdId} and m.user_id = ${viewerId ?? ""})`,
    })
    .from(shoppingLists)
    .where(eq(shoppingLists.id, id))
    .limit(1);
  const row = rows[0];
  return row ? { ...row, member: Number(row.member) === 1 } : null;
}

/** The list with its recipes and items in one round trip (a read batch), or null. */
export async function findListWithItems(db: Db, id: string, viewerId: string | null = null) {
  const [lists, recipeRows, itemRows] = await db.batch([
    db
      .select({
        id: shoppingLists.id,
        name: shoppingLists.name,
        userId: shoppingLists.userId,
        createdAt: shoppingLists.createdAt,
        householdId: shoppingLists.householdId,
        householdName: sql<string | null>`(select h.name from households h where h.id = ${shoppingLists.householdId})`,
        version: shoppingLists.version,
        storeId: shoppingLists.storeId,
        member: sql<number>`exists (select 1 from household_members m where m.household_id = ${shoppingLists.householdId} and m.user_id = ${viewerId ?? ""})`,
      })
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
        itemKey: shoppingListItems.itemKey,
        name: shoppingListItems.name,
        amount: shoppingListItems.amount,
        amounts: shoppingListItems.amounts,
        notes: shoppingListItems.notes,
        sources: shoppingListItems.sources,
        position: shoppingListItems.position,
        checked: shoppingListItems.checked,
        checkedAt: shoppingListItems.checkedAt,
        staple: shoppingListItems.staple,
        addedByHand: shoppingListItems.addedByHand,
      })
      .from(shoppingListItems)
      .where(eq(shoppingListItems.listId, id))
      .orderBy(asc(shoppingListItems.position)),
  ]);
  const list = lists[0];
  if (!list) return null;
  return { ...list, member: Number(list.member) === 1, recipes: recipeRows, items: itemRows };
}

/** Deletes a list; its items and recipe links go with it (ON DELETE CASCADE). */
export async function deleteList(db: Db, id: string): Promise<boolean> {
  const gone = await db.delete(shoppingLists).where(eq(shoppingLists.id, id)).returning({ id: shoppingLists.id });
  return gone.length > 0;
}

/** Renames a list (the history-search row follows by trigger, migrations/0004): its new version, or null when it is gone. */
export async function renameList(db: Db, id: string, name: string): Promise<number | null> {
  // A rename is a change of the list like the others: its version moves on, so open pages take the live patch in order (decision 0037).
  const done = await db
    .update(shoppingLists)
    .set({ name, version: sql`${shoppingLists.version} + 1` })
    .where(eq(shoppingLists.id, id))
    .returning({ version: shoppingLists.version });
  return done[0]?.version ?? null;
}

/**
 * What a batch of shopping-mode changes reads first (shopping.ts `applyListChanges`), in one read batch:
 * which of its operation ids were applied already, which of its item ids were removed or are aliases,
 * the list's items, and its version.
 */
export async function readChangeState(db: Db, listId: string, opIds: string[], itemIds: string[]) {
  const d1 = db.$client;
  const [appliedRows, removedRows, aliasRows, itemRows, versionRows] = await d1.batch<Record<string, unknown>>([
    d1
      .prepare("select op_id from list_ops where list_id = ?1 and op_id in (select value from json_each(?2))")
      .bind(listId, JSON.stringify(opIds)),
    d1
      .prepare("select item_id from list_removed_items where list_id = ?1 and item_id in (select value from json_each(?2))")
      .bind(listId, JSON.stringify(itemIds)),
    d1
      .prepare("select alias_id, item_id from list_item_aliases where list_id = ?1 and alias_id in (select value from json_each(?2))")
      .bind(listId, JSON.stringify(itemIds)),
    d1
      .prepare(
        `select id, item_key, name, amount, amounts, sources, checked, staple, added_by_hand from shopping_list_items where list_id = ?1`,
      )
      .bind(listId),
    d1.prepare("select version from shopping_lists where id = ?1").bind(listId),
  ]);
  return { appliedRows, removedRows, aliasRows, itemRows, versionRows };
}

/** A new item of the list as it is stored (typed by hand, or a recipe's). */
export interface NewItemRow {
  id: string;
  category: string;
  key: string;
  name: string;
  amount: string;
  amountsJson: string;
  notes: string | null;
  staple: boolean;
  sourcesJson: string;
}

/**
 * The writes of shopping-mode changes to list `listId`, each one statement (or a few) for the one batch
 * `applyListChanges` sends; the rules that choose them are the service's.
 */
export function changeStatements(db: Db, listId: string) {
  const d1 = db.$client;
  return {
    /** An item's amount and sources after another line (typed, or a recipe's) joined it. */
    setAmount: (id: string, amount: string, amountsJson: string, sourcesJson: string) =>
      d1
        .prepare("update shopping_list_items set amount = ?1, amounts = ?2, sources = ?3 where list_id = ?4 and id = ?5")
        .bind(amount, amountsJson, sourcesJson, listId, id),
    /** Another device's id for an item (its add joined the item). */
    addAlias: (aliasId: string, itemId: string) =>
      d1.prepare("insert or ignore into list_item_aliases (list_id, alias_id, item_id) values (?1, ?2, ?3)").bind(listId, aliasId, itemId),
    /** A hand-typed item at the end of the list, unless the list already has `max` of them. */
    addTypedItem: (item: NewItemRow, max: number) =>
      d1
        .prepare(
          `insert or ignore into shopping_list_items
             (id, list_id, category, item_key, name, amount, amounts, notes, sources, position, checked, checked_at, added_by_hand, staple)
           select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?11,
             (select coalesce(max(position), -1) + 1 from shopping_list_items where list_id = ?2), 0, 0, 1, ?9
           where (select count(*) from shopping_list_items where list_id = ?2 and added_by_hand = 1) < ?10`,
        )
        .bind(
          item.id,
          listId,
          item.category,
          item.key,
          item.name,
          item.amount,
          item.amountsJson,
          item.notes,
          item.staple ? 1 : 0,
          max,
          item.sourcesJson,
        ),
    tick: (id: string, checked: boolean, at: number) =>
      d1
        .prepare("update shopping_list_items set checked = ?1, checked_at = ?2 where list_id = ?3 and id = ?4")
        .bind(checked ? 1 : 0, at, listId, id),
    /** A typed name and amount (shown as typed: no machine amounts). */
    edit: (id: string, name: string, amount: string) =>
      d1
        .prepare("update shopping_list_items set name = ?1, amount = ?2, amounts = '[]' where list_id = ?3 and id = ?4")
        .bind(name, amount, listId, id),
    move: (id: string, category: string) =>
      d1.prepare("update shopping_list_items set category = ?1 where list_id = ?2 and id = ?3").bind(category, listId, id),
    /** The user's category for the item's key, for their next lists. */
    rememberCategory: (userId: string, id: string, category: string, now: number) =>
      d1
        .prepare(
          `insert into user_item_categories (user_id, item_key, category, updated_at)
           select ?1, item_key, ?2, ?5 from shopping_list_items where list_id = ?3 and id = ?4
           on conflict (user_id, item_key) do update set category = excluded.category, updated_at = excluded.updated_at`,
        )
        .bind(userId, category, listId, id, now),
    staple: (id: string, staple: boolean) =>
      d1.prepare("update shopping_list_items set staple = ?1 where list_id = ?2 and id = ?3").bind(staple ? 1 : 0, listId, id),
    /**
     * 'I always have this' on a list item, remembered for the user (decision 0028): on, its key becomes
     * their staple while they keep fewer than `max` of their own (past that only this list changes);
     * off, a built-in key is turned off for them and any other key's rule goes.
     */
    rememberStaple: (userId: string, itemId: string, staple: boolean, now: number, max: number): D1PreparedStatement[] => {
      const item = "(select item_key from shopping_list_items where list_id = ?2 and id = ?3)";
      if (staple) {
        return [
          d1
            .prepare(
              `insert into user_staples (user_id, item_key, have, updated_at)
               select ?1, item_key, 1, ?4 from shopping_list_items
               where list_id = ?2 and id = ?3
                 and (item_key in (select value from json_each(?6))
                      or exists (select 1 from user_staples where user_id = ?1 and item_key = ${item})
                      or ${roomForOwnStapleSql("?5", "?6")})
               on conflict (user_id, item_key) do update set have = 1, updated_at = excluded.updated_at`,
            )
            .bind(userId, listId, itemId, now, max, BUILT_IN_STAPLES_JSON),
        ];
      }
      return [
        d1
          .prepare(
            `insert into user_staples (user_id, item_key, have, updated_at)
             select ?1, item_key, 0, ?4 from shopping_list_items
             where list_id = ?2 and id = ?3 and item_key in (select value from json_each(?5))
             on conflict (user_id, item_key) do update set have = 0, updated_at = excluded.updated_at`,
          )
          .bind(userId, listId, itemId, now, BUILT_IN_STAPLES_JSON),
        d1
          .prepare(
            `delete from user_staples where user_id = ?1 and item_key = ${item} and item_key not in (select value from json_each(?4))`,
          )
          .bind(userId, listId, itemId, BUILT_IN_STAPLES_JSON),
      ];
    },
    /** An item removed, and remembered as removed at `version` (a stale device cannot bring it back). */
    remove: (id: string, version: number) => [
      d1.prepare("delete from shopping_list_items where list_id = ?1 and id = ?2").bind(listId, id),
      d1.prepare("insert or ignore into list_removed_items (list_id, item_id, version) values (?1, ?2, ?3)").bind(listId, id, version),
    ],
    setVersion: (version: number) => d1.prepare("update shopping_lists set version = ?2 where id = ?1").bind(listId, version),
    /** Operation ids applied at `version` (a resent one is skipped). */
    recordOps: (version: number, opIds: string[]) =>
      d1
        .prepare("insert or ignore into list_ops (list_id, op_id, version) select ?1, value, ?2 from json_each(?3)")
        .bind(listId, version, JSON.stringify(opIds)),
    /** The list's history-search row follows its item names. */
    searchRowItems: () => d1.prepare(SEARCH_ROW_ITEMS_UPDATE).bind(listId),
    /** ... and its recipe titles. */
    searchRowRecipes: () => d1.prepare(SEARCH_ROW_RECIPES_UPDATE).bind(listId),
    /** A recipe's item as a new row at the end of the list. */
    addRecipeItem: (item: NewItemRow) =>
      d1
        .prepare(
          `insert into shopping_list_items
             (id, list_id, category, item_key, name, amount, amounts, notes, sources, position, checked, checked_at, added_by_hand, staple)
           select ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9,
             (select coalesce(max(position), -1) + 1 from shopping_list_items where list_id = ?2), 0, 0, 0, ?10`,
        )
        .bind(
          item.id,
          listId,
          item.category,
          item.key,
          item.name,
          item.amount,
          item.amountsJson,
          item.notes,
          item.sourcesJson,
          item.staple ? 1 : 0,
        ),
    /** A recipe on the list, after the ones it has. */
    linkRecipe: (recipeId: string, title: string) =>
      d1
        .prepare(
          `insert or ignore into shopping_list_recipes (list_id, recipe_id, title, position)
           values (?1, ?2, ?3, (select coalesce(max(position), -1) + 1 from shopping_list_recipes where list_id = ?1))`,
        )
        .bind(listId, recipeId, title),
  };
}

/** What adding a recipe to a list reads first (list-recipes.ts), in one read batch: its recipes, its items, its version. */
export async function readRecipeAddState(db: Db, listId: string) {
  const d1 = db.$client;
  const [recipeRows, itemRows, versionRows] = await d1.batch<Record<string, unknown>>([
    d1.prepare("select recipe_id, title from shopping_list_recipes where list_id = ?1 order by position").bind(listId),
    d1
      .prepare("select id, item_key, amount, amounts, sources, checked, added_by_hand from shopping_list_items where list_id = ?1")
      .bind(listId),
    d1.prepare("select version from shopping_lists where id = ?1").bind(listId),
  ]);
  return { recipeRows, itemRows, versionRows };
}

/** Forgets applied operation ids recorded before `before` (ms). */
export async function deleteOpsBefore(db: Db, before: number): Promise<void> {
  await db.$client.prepare("delete from list_ops where created_at < ?1").bind(before).run();
}
