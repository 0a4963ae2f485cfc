/**
 * Read-your-writes for the extension (decision 0040): the app answers a write with the database
 * session's bookmark (`x-d1-bookmark`), and a request that sends it back is served by a replica at
 * least that new. Web pages carry it in a cookie; the extension sends no cookies, so it keeps the
 * latest bookmark per app address in its storage and sends it on every call, for an hour (replicas
 * catch up in seconds).
 */
import type { FetchLike } from "../../core/api/client.ts";

export const BOOKMARK_HEADER = "x-d1-bookmark";
const MAX_AGE_MS = 60 * 60 * 1000;

export interface StoredBookmark {
  appOrigin: string;
  value: string;
  /** When it was received (ms since the epoch). */
  at: number;
}

export interface BookmarkStore {
  get(): Promise<StoredBookmark | null>;
  set(bookmark: StoredBookmark): Promise<void>;
}

/** The API client's `fetch` (core/api/transport.ts) sending the stored bookmark of `appOrigin` and keeping the one an answer hands back. */
export function fetchWithBookmark(fetchImpl: FetchLike, appOrigin: string, store: BookmarkStore, now = () => Date.now()): FetchLike {
  return async (input, init) => {
    const kept = await store.get();
    const fresh = kept && kept.appOrigin === appOrigin && now() - kept.at < MAX_AGE_MS;
    const res = await fetchImpl(input, fresh ? { ...init, headers: { ...init.headers, [BOOKMARK_HEADER]: kept.value } } : init);
    const handed = res.headers?.get(BOOKMARK_HEADER);
    // bookmarks sort oldest to newest: never go back to an older one
    if (handed && !(kept && kept.appOrigin === appOrigin && kept.value > handed)) {
      await store.set({ appOrigin, value: handed, at: now() });
    }
    return res;
  };
}
