import { describe, expect, it } from "vitest";
import type { FetchInit } from "../../core/api/client.ts";
import { type BookmarkStore, fetchWithBookmark, type StoredBookmark } from "./bookmark.ts";

function memoryStore(start: StoredBookmark | null = null): BookmarkStore & { value: StoredBookmark | null } {
  const store = {
    value: start,
    get: async () => store.value,
    set: async (b: StoredBookmark) => {
      store.value = b;
    },
  };
  return store;
}

const init: FetchInit = { method: "GET", credentials: "omit", headers: { accept: "application/json" } };

function server(handBack: string | null) {
  const seen: Record<string, string>[] = [];
  const fetchImpl = async (_input: string, i: FetchInit) => {
    seen.push(i.headers);
    return new Response("{}", { headers: handBack ? { "x-d1-bookmark": handBack } : {} });
  };
  return { seen, fetchImpl };
}

describe("the extension's database bookmark (read-your-writes through replicas)", () => {
  it("keeps the bookmark a write hands back and sends it on the next call to the same app", async () => {
    const store = memoryStore();
    const first = server("0000001a-00000002-00004f1a");
    await fetchWithBookmark(
      first.fetchImpl,
      "https://app.test",
      store,
      () => 1_000,
    )("https://app.test/api/lists", { ...init, method: "POST" });
    expect(first.seen[0]).not.toHaveProperty("x-d1-bookmark");
    expect(store.value).toEqual({ appOrigin: "https://app.test", value: "0000001a-00000002-00004f1a", at: 1_000 });

    const next = server(null);
    await fetchWithBookmark(next.fetchImpl, "https://app.test", store, () => 2_000)("https://app.test/api/lists/x", init);
    expect(next.seen[0]).toEqual({ accept: "application/json", "x-d1-bookmark": "0000001a-00000002-00004f1a" });
  });

  it("never sends another app's bookmark or one over an hour old, and never goes back to an older one", async () => {
    const store = memoryStore({ appOrigin: "https://other.test", value: "0000001a-00000002-00004f1a", at: 0 });
    const call = server(null);
    await fetchWithBookmark(call.fetchImpl, "https://app.test", store, () => 10)("https://app.test/api/auth/me", init);
    expect(call.seen[0]).not.toHaveProperty("x-d1-bookmark");

    store.value = { appOrigin: "https://app.test", value: "0000001a-00000002-00004f1a", at: 0 };
    await fetchWithBookmark(call.fetchImpl, "https://app.test", store, () => 60 * 60 * 1000 + 1)("https://app.test/api/auth/me", init);
    expect(call.seen[1]).not.toHaveProperty("x-d1-bookmark");

    store.value = { appOrigin: "https://app.test", value: "0000001b-00000000-00000000", at: 5 };
    const older = server("0000001a-00000002-00004f1a");
    await fetchWithBookmark(older.fetchImpl, "https://app.test", store, () => 6)("https://app.test/api/lists", init);
    expect(store.value.value).toBe("0000001b-00000000-00000000");
  });
});
