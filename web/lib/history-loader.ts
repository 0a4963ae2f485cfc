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

export async function readHistory(
  api: ApiClient,
  rawSearch: string | null,
  limit: number,
): Promise<{ lists: ShoppingListSummary[]; search: string | null; failed: boolean }> {
  const search = cleanSearch(rawSearch);
  try {
    const answer = await api.users.shoppingLists({ search, limit });
    return { lists: answer.lists, search: answer.search ?? search ?? null, failed: false };
  } catch (err) {
    console.error("history read failed", err);
    return { lists: [], search: search ?? null, failed: true };
  }
}
