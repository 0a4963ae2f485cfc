/**
 * Favourites and list history of a signed-in user (docs/product/api.md, decisions 0032 and 0032).
 *
 * - A favourite of something the caller may not read is a 404 (the one policy, policy.ts, decides
 *   what they may read). POST and DELETE are idempotent and answer the state after the call.
 * - A favourite recipe is always the user's own, so it stays theirs whatever its maker does: a recipe
 *   made while signed out is claimed when the caller shows its edit token (decision 0013), and
 *   otherwise the user gets their own copy (`copiedFromId`), and the copy is the favourite.
 * - A list is read by whoever holds its link (decision 0013), so any existing list may be favourited.
 * - History is the caller's own lists, newest first, searched through the FTS5 index.
 */
import type { FavoriteList, FavoriteRecipe, FavoriteState, HistoryResponse, ShoppingListSummary } from "../../../../core/api/favorites.ts";
import type { Db } from "../../../../worker/db/client.ts";
import {
  addFavoriteList,
  addFavoriteRecipe,
  claimAndFavoriteRecipe,
  copyAndFavoriteRecipe,
  findCopy,
  findFavoriteLists,
  findFavoriteRecipes,
  findUserLists,
  type HistoryCursor,
  type ListSummaryRow,
  removeFavoriteList,
  removeFavoriteRecipe,
} from "./queries.ts";
import { findList } from "../../shopping-list/server/service.ts";
import { sha256Hex } from "../../../../worker/lib/crypto.ts";
import { isWellFormedId, newId } from "../../../../worker/lib/ids.ts";
import type { Caller, CallerUser } from "../../../../worker/services/caller.ts";
import { DomainError } from "../../../../worker/services/errors.ts";
import { findRecipe, YIELDS_MAX } from "../../recipes/server/service.ts";
import { assertMayReadList, may, proveEdit } from "../../../../worker/services/policy.ts";

const recipeNotFound = () => new DomainError("not_found", "recipe_not_found", "Recipe not found.");
const listNotFound = () => new DomainError("not_found", "list_not_found", "Shopping list not found.");

export async function listFavoriteRecipes(db: Db, user: CallerUser): Promise<FavoriteRecipe[]> {
  const rows = await findFavoriteRecipes(db, user.id);
  return rows.map((r) => {
    const ingredients = r.ingredients.map((line) => line.text).filter((t) => t.trim());
    return {
      id: r.id,
      title: r.title,
      url: r.url,
      source: r.source,
      ingredients,
      ingredientCount: ingredients.length,
      createdAt: iso(r.createdAt),
      favoritedAt: iso(r.favoritedAt),
      copiedFromId: r.copiedFromId,
      yields: typeof r.yields === "string" && r.yields.trim() ? r.yields.slice(0, YIELDS_MAX) : null,
    };
  });
}

export async function listFavoriteLists(db: Db, user: CallerUser): Promise<FavoriteList[]> {
  const rows = await findFavoriteLists(db, user.id);
  return rows.map((r) => ({ ...toSummary(r), favoritedAt: iso(r.favoritedAt) }));
}

/** POST /api/recipes/{id}/favorite. */
export async function favoriteRecipe(
  db: Db,
  caller: Caller,
  user: CallerUser,
  id: string,
  editToken: string | null,
): Promise<FavoriteState> {
  const recipe = isWellFormedId(id) ? await findRecipe(db, id) : null;
  if (!recipe || !may(caller, "read", recipe)) throw recipeNotFound();
  const userId = user.id;
  if (recipe.userId === userId) {
    await addFavoriteRecipe(db, newId(), userId, id);
    return { id, favorite: true };
  }
  // A recipe made while signed out: claim it with its edit token, else keep a copy of one's own.
  if (recipe.editTokenHash && editToken && (await proveEdit(recipe.editTokenHash, editToken))) {
    if (await claimAndFavoriteRecipe(db, newId(), userId, id, await sha256Hex(editToken))) return { id, favorite: true };
  }
  const existing = await findCopy(db, userId, id);
  if (existing) {
    await addFavoriteRecipe(db, newId(), userId, existing);
    return { id: existing, favorite: true };
  }
  const copyId = newId();
  if (!(await copyAndFavoriteRecipe(db, newId(), userId, id, copyId))) throw recipeNotFound();
  return { id: copyId, favorite: true };
}

/** DELETE /api/recipes/{id}/favorite (also drops the favourite of the user's copy of it). */
export async function unfavoriteRecipe(db: Db, caller: Caller, user: CallerUser, id: string): Promise<FavoriteState> {
  const recipe = isWellFormedId(id) ? await findRecipe(db, id) : null;
  if (!recipe || !may(caller, "read", recipe)) throw recipeNotFound();
  await removeFavoriteRecipe(db, user.id, id);
  return { id, favorite: false };
}

/** POST /api/shopping-lists/{id}/favorite. */
export async function favoriteList(db: Db, user: CallerUser, id: string): Promise<FavoriteState> {
  const list = await requireList(db, id, user.id);
  // A household list is its members' only (decision 0036); any other list is readable by its link.
  assertMayReadList(list);
  await addFavoriteList(db, newId(), user.id, id);
  return { id, favorite: true };
}

/** DELETE /api/shopping-lists/{id}/favorite. */
export async function unfavoriteList(db: Db, user: CallerUser, id: string): Promise<FavoriteState> {
  await requireList(db, id);
  await removeFavoriteList(db, user.id, id);
  return { id, favorite: false };
}

/** GET /api/users/me/shopping-lists: one page, newest first; `next` asks for the page after it. */
export async function listHistory(
  db: Db,
  user: CallerUser,
  query: { search?: string | undefined; limit: number; before?: string | undefined },
): Promise<HistoryResponse> {
  const search = query.search ?? null;
  const match = search === null ? null : historyMatch(user.id, search);
  if (search !== null && !match) return { lists: [], search, next: null };
  // One more than asked: whether there is an older page.
  const rows = await findUserLists(db, user.id, query.limit + 1, match, readCursor(query.before));
  const page = rows.slice(0, query.limit);
  const last = page[page.length - 1];
  const next = rows.length > query.limit && last ? `${last.createdAt}.${last.id}` : null;
  return { lists: page.map(toSummary), search, next };
}

/** The cursor "ms.id" of `before` (already checked by the query's schema), or null. */
function readCursor(before: string | undefined): HistoryCursor | null {
  if (!before) return null;
  const dot = before.indexOf(".");
  return { createdAt: Number(before.slice(0, dot)), id: before.slice(dot + 1) };
}

/** Most words of a search that count. */
const SEARCH_WORDS_MAX = 8;

/**
 * The FTS5 query for `search` within the user's lists: every word (letters and digits, as the
 * unicode61 tokenizer splits them) must start a word of the list name, an item name or a recipe
 * title. Words are quoted, so nothing the user types is FTS5 syntax. Null when there is no word.
 */
export function historyMatch(userId: string, search: string): string | null {
  const words = (search.normalize("NFC").match(/[\p{L}\p{N}\p{M}]+/gu) ?? []).slice(0, SEARCH_WORDS_MAX);
  if (words.length === 0) return null;
  const terms = words.map((w) => `"${w}"*`).join(" AND ");
  return `owner : ${ownerToken(userId)} AND {name items recipes} : (${terms})`;
}

/** The owner column's token for a user: 'u' + hex of the id's bytes (migrations/0004). */
function ownerToken(userId: string): string {
  let hex = "";
  for (const b of new TextEncoder().encode(userId)) hex += b.toString(16).padStart(2, "0");
  return `u${hex}`;
}

async function requireList(db: Db, id: string, viewerId: string | null = null) {
  const list = isWellFormedId(id) ? await findList(db, id, viewerId) : null;
  // Any list is readable by its link (decision 0013), so existing is enough (a household list: see favoriteList).
  if (!list) throw listNotFound();
  return list;
}

function toSummary(r: ListSummaryRow): ShoppingListSummary {
  const recipes = parseRecipes(r.recipes);
  return {
    id: r.id,
    name: r.name,
    createdAt: iso(r.createdAt),
    recipes,
    recipeCount: recipes.length,
    categoryCount: r.categoryCount,
    itemCount: r.itemCount,
    isFavorite: r.isFavorite === 1,
    canChange: Number(r.canChange) === 1,
  };
}

function parseRecipes(json: string): { id: string; title: string }[] {
  try {
    const value = JSON.parse(json) as { id: string; title: string }[];
    return Array.isArray(value) ? value.filter((r) => r && typeof r.id === "string") : [];
  } catch {
    return [];
  }
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
