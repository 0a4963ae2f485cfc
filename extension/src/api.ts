/**
 * core's typed API client (core/api/client.ts) pointed at the configured app address. The
 * extension never sends cookies: signed in, it carries the connected account's bearer token.
 */
import { ApiError, createApiClient, type ApiClient } from "../../core/api/client.ts";
import { fetchWithBookmark } from "./bookmark.ts";
import { bookmarkStore, getAppOrigin, getConnection } from "./settings.ts";

export { ApiError };

export async function extensionApi(): Promise<{ api: ApiClient; appOrigin: string; token: string | null }> {
  const appOrigin = await getAppOrigin();
  const token = (await getConnection())?.token ?? null;
  const api = createApiClient({
    baseUrl: appOrigin,
    credentials: "omit",
    getToken: () => token,
    // the database bookmark goes back and forth, so a read right after a write sees it (bookmark.ts)
    fetch: fetchWithBookmark((input, init) => fetch(input, init as RequestInit), appOrigin, bookmarkStore),
  });
  return { api, appOrigin, token };
}
