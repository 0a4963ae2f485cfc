/**
 * The list-history read shared by the /history and /dashboard?tab=history loaders: the search from
 * the address (trimmed, cut to the API's longest), the caller's lists through the API (in process), and
 * `failed` instead of an error page when the read fails ('Failed to fetch shopping lists').
 */
import type { ShoppingListSummary } from "../../core/api/favorites.ts";
import { HISTORY_SEARCH_MAX } from "../../core/api/constants.ts";
import type { ApiClient } from "../../core/api/client.ts";

export function cleanSearch(value: string | null, max: number = HISTORY_SEARCH_MAX): string | undefined {
  const s = value?.trim().slice(0, max).trim();
  return s ? s : undefined;
}

/** A history cursor as the API hands it out ("ms.id"); anything else is no cursor. */
export function cleanCursor(value: string | null): string | undefined {
  return value && /^\d{1,16}\.[A-Za-z0-9_-]{1,64}$/.test(value) ? value : undefined;
}

export interface HistoryPage {
  lists: ShoppingListSummary[];
  search: string | null;
  failed: boolean;
  /** The `before` of the next (older) page, or null when these are the oldest. */
  next: string | null;
  /** The `before` this page was read with ('Show older' without the script), or null for the newest. */
  before: string | null;
}

export async function readHistory(
  api: ApiClient,
  rawSearch: string | null,
  limit: number,
  rawBefore: string | null = null,
): Promise<HistoryPage> {
  const search = cleanSearch(rawSearch);
  const before = cleanCursor(rawBefore);
  try {
    const answer = await api.users.shoppingLists({ search, limit, before });
    return {
      lists: answer.lists,
      search: answer.search ?? search ?? null,
      failed: false,
      next: answer.next ?? null,
      before: before ?? null,
    };
  } catch (err) {
    console.error("history read failed", err);
    return { lists: [], search: search ?? null, failed: true, next: null, before: before ?? null };
  }
}
