/**
 * Queries for favourites and list history (docs/product/api.md). Rules (who may favourite what, the claim or
 * copy of a signed-out recipe) live in web/features/favorites-history/server/service.ts; search in decision 0032.
 */
import type { StoredIngredient } from "../../../../worker/db/schema.ts";
import type { Db } from "../../../../worker/db/client.ts";

/** Most favourites one call answers (newest first). */
export const FAVORITES_MAX = 500;

export interface ListSummaryRow {
  id: string;
  name: string;
  createdAt: number;
  itemCount: number;
  categoryCount: number;
  /** JSON array of {id, title}, in list order. */
  recipes: string;
  isFavorite: number;
  /** 1 when the user bound as ?1 may change (rename) the list: its owner, or a member of its household. */
  canChange: number;
}

/** Card columns of list `l` for the user bound as ?1. */
const SUMMARY_COLUMNS = `l.id as id, l.name as name, l.created_at as createdAt,
  (select count(*) from shopping_list_items i where i.list_id = l.id) as itemCount,
  (select count(distinct i.category) from shopping_list_items i where i.list_id = l.id) as categoryCount,
  (select json_group_array(json_object('id', r.recipe_id, 'title', r.title))
     from (select recipe_id, title from shopping_list_recipes where list_id = l.id order by position) r) as recipes,
  exists(select 1 from favorite_lists f2 where f2.user_id = ?1 and f2.shopping_list_id = l.id) as isFavorite,
  (case when l.household_id is null then coalesce(l.user_id = ?1, 0)
   else exists(select 1 from household_members m3 where m3.household_id = l.household_id and m3.user_id = ?1) end) as canChange`;

/**
 * List `l` is one the user bound as ?1 may still read: a personal list, or a household list of the
 * household they are in now (decision 0036; a member who left keeps no way into its lists).
 */
const READABLE_BY_USER = `(l.household_id is null or exists (select 1 from household_members m where m.household_id = l.household_id and m.user_id = ?1))`;

/** Where a page of history starts: after the list created at `createdAt` (ms) with id `id` (newest first). */
export interface HistoryCursor {
  createdAt: number;
  id: string;
}

/**
 * The user's lists, newest first (ties by id, so the order is total and stable); with `match`, only
 * those whose search row matches it; with `after`, only those after that list in this order.
 */
export async function findUserLists(
  db: Db,
  userId: string,
  limit: number,
  match: string | null,
  after: HistoryCursor | null = null,
): Promise<ListSummaryRow[]> {
  const where = [`l.user_id = ?1`, READABLE_BY_USER];
  if (match) where.push(`l.id in (select list_id from shopping_list_search where shopping_list_search match ?3)`);
  if (after) where.push(`(l.created_at < ?4 or (l.created_at = ?4 and l.id < ?5))`);
  const stmt = db.$client
    .prepare(`select ${SUMMARY_COLUMNS} from shopping_lists l where ${where.join(" and ")} order by l.created_at desc, l.id desc limit ?2`)
    // Numbered parameters: bind up to the highest one the statement names (an unnamed ?3 is an empty slot).
    .bind(...[userId, limit, match ?? "", after?.createdAt ?? 0, after?.id ?? ""].slice(0, after ? 5 : match ? 3 : 2));
  return (await stmt.all<ListSummaryRow>()).results;
}

/** The user's favourite lists, newest favourite first. */
export async function findFavoriteLists(db: Db, userId: string): Promise<(ListSummaryRow & { favoritedAt: number })[]> {
  const rows = await db.$client
    .prepare(
      `select ${SUMMARY_COLUMNS}, f.created_at as favoritedAt from favorite_lists f join shopping_lists l on l.id = f.shopping_list_id
       where f.user_id = ?1 and ${READABLE_BY_USER} order by f.created_at desc, f.rowid desc limit ?2`,
    )
    .bind(userId, FAVORITES_MAX)
    .all<ListSummaryRow & { favoritedAt: number }>();
  return rows.results;
}

export interface FavoriteRecipeRow {
  id: string;
  title: string;
  url: string | null;
  source: string;
  ingredients: StoredIngredient[];
  createdAt: number;
  favoritedAt: number;
  copiedFromId: string | null;
  /** The page's yield text kept with the recipe (details.yields), if it is text. */
  yields: unknown;
}

/** The user's favourite recipes, newest favourite first. */
export async function findFavoriteRecipes(db: Db, userId: string): Promise<FavoriteRecipeRow[]> {
  const rows = await db.$client
    .prepare(
      `select r.id as id, r.title as title, r.url as url, r.source as source, r.ingredients as ingredients,
         r.created_at as createdAt, r.copied_from_id as copiedFromId, f.created_at as favoritedAt,
         json_extract(r.details, '$.yields') as yields
       from favorite_recipes f join recipes r on r.id = f.recipe_id
       where f.user_id = ?1 order by f.created_at desc, f.rowid desc limit ?2`,
    )
    .bind(userId, FAVORITES_MAX)
    .all<Omit<FavoriteRecipeRow, "ingredients"> & { ingredients: string }>();
  return rows.results.map((r) => ({ ...r, ingredients: parseLines(r.ingredients) }));
}

function parseLines(json: string): StoredIngredient[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as StoredIngredient[]) : [];
  } catch {
    return [];
  }
}

const insertFavoriteRecipe = `insert into favorite_recipes (id, user_id, recipe_id)
  select ?1, ?2, ?3 where exists (select 1 from recipes where id = ?3 and user_id = ?2)
  on conflict (user_id, recipe_id) do nothing`;

/** Favourites a recipe the user owns (no-op when it already is one). */
export async function addFavoriteRecipe(db: Db, favoriteId: string, userId: string, recipeId: string): Promise<void> {
  await db.$client.prepare(insertFavoriteRecipe).bind(favoriteId, userId, recipeId).run();
}

/**
 * Claims a signed-out recipe whose edit-token hash is `tokenHash` and favourites it, in one batch
 * (decision 0013's claim rule: only while it has no owner and the hash matches). True when claimed.
 */
export async function claimAndFavoriteRecipe(
  db: Db,
  favoriteId: string,
  userId: string,
  recipeId: string,
  tokenHash: string,
): Promise<boolean> {
  const d1 = db.$client;
  const [claimed] = await d1.batch([
    d1
      .prepare(
        "update recipes set user_id = ?1, edit_token_hash = null where id = ?2 and user_id is null and edit_token_hash = ?3 returning id",
      )
      .bind(userId, recipeId, tokenHash),
    d1.prepare(insertFavoriteRecipe).bind(favoriteId, userId, recipeId),
  ]);
  return (claimed?.results.length ?? 0) > 0;
}

/** The user's own copy of the signed-out recipe `originalId`, if they made one. */
export async function findCopy(db: Db, userId: string, originalId: string): Promise<string | null> {
  const row = await db.$client
    .prepare("select id from recipes where user_id = ?1 and copied_from_id = ?2 order by created_at limit 1")
    .bind(userId, originalId)
    .first<{ id: string }>();
  return row?.id ?? null;
}

/** Copies recipe `originalId` as the user's own (`copyId`) and favourites the copy, in one batch. */
export async function copyAndFavoriteRecipe(
  db: Db,
  favoriteId: string,
  userId: string,
  originalId: string,
  copyId: string,
): Promise<boolean> {
  const d1 = db.$client;
  const [copied] = await d1.batch([
    d1
      .prepare(
        `insert into recipes (id, title, url, source, ingredients, details, user_id, copied_from_id)
         select ?1, title, url, source, ingredients, details, ?2, id from recipes where id = ?3 returning id`,
      )
      .bind(copyId, userId, originalId),
    d1.prepare(insertFavoriteRecipe).bind(favoriteId, userId, copyId),
  ]);
  return (copied?.results.length ?? 0) > 0;
}

/** Removes the favourite of `recipeId`, and of the user's copy of it when it was a signed-out recipe. */
export async function removeFavoriteRecipe(db: Db, userId: string, recipeId: string): Promise<void> {
  await db.$client
    .prepare(
      `delete from favorite_recipes where user_id = ?1 and (recipe_id = ?2
         or recipe_id in (select id from recipes where user_id = ?1 and copied_from_id = ?2))`,
    )
    .bind(userId, recipeId)
    .run();
}

/** Favourites a list (no-op when it already is one). */
export async function addFavoriteList(db: Db, favoriteId: string, userId: string, listId: string): Promise<void> {
  await db.$client
    .prepare(
      `insert into favorite_lists (id, user_id, shopping_list_id) select ?1, ?2, ?3 where exists (select 1 from shopping_lists where id = ?3)
       on conflict (user_id, shopping_list_id) do nothing`,
    )
    .bind(favoriteId, userId, listId)
    .run();
}

export async function removeFavoriteList(db: Db, userId: string, listId: string): Promise<void> {
  await db.$client.prepare("delete from favorite_lists where user_id = ?1 and shopping_list_id = ?2").bind(userId, listId).run();
}
