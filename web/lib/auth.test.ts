import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LEGACY_AUTH_TOKEN_KEY } from "./api-client.ts";
import {
  CURRENT_USER_TTL_MS,
  fetchCurrentUser,
  getAuthSnapshot,
  primeAuth,
  resetAuthForTests,
  serverAuthSnapshot,
  signOut,
} from "./auth.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";

const USER = {
  id: "u1",
  firstName: "Ada",
  lastName: "Lovelace",
  email: "ada@example.com",
  isAdmin: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, String(v)),
  };
}

const answer = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "content-type": status < 400 ? "application/json" : "application/problem+json" },
  });

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  resetAuthForTests();
  vi.stubGlobal("localStorage", memoryStorage());
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("fetchCurrentUser", () => {
  it("treats 401 as signed out, without an error", async () => {
    fetchMock.mockResolvedValueOnce(answer(401, { code: "unauthenticated", message: "You are not signed in." }));
    const s = await fetchCurrentUser();
    expect(s).toEqual({ status: "unauthenticated", user: null, error: null });
    expect(getAuthSnapshot()).toBe(s);
  });

  it("sends cookies (the session) and never a bearer token, even one an older version left in local storage", async () => {
    localStorage.setItem(LEGACY_AUTH_TOKEN_KEY, "tok-1");
    fetchMock.mockResolvedValueOnce(answer(200, { user: USER }));
    const s = await fetchCurrentUser();
    expect(s.status).toBe("authenticated");
    expect(s.user).toEqual(USER);
    const [url, init] = expectDefined(fetchMock.mock.calls[0]);
    expect(url).toBe("/api/auth/me");
    expect(init.method).toBe("GET");
    expect(init.credentials).toBe("include");
    expect(new Headers(init.headers).has("authorization")).toBe(false);
  });

  it("caches the answer for 5 minutes, then asks again", async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2025-01-01T00:00:00Z"));
    fetchMock.mockImplementation(async () => answer(200, { user: USER }));
    await fetchCurrentUser();
    vi.setSystemTime(Date.now() + CURRENT_USER_TTL_MS - 1000);
    await fetchCurrentUser();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 2000);
    await fetchCurrentUser();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("force skips the cache; concurrent calls share one request", async () => {
    fetchMock.mockImplementation(async () => answer(200, { user: USER }));
    await Promise.all([fetchCurrentUser(), fetchCurrentUser(), fetchCurrentUser()]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await fetchCurrentUser({ force: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("does not retry a failure and records it, leaving the visitor signed out", async () => {
    fetchMock.mockResolvedValueOnce(answer(500, { code: "internal" }));
    const s = await fetchCurrentUser();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(s.status).toBe("unauthenticated");
    expect(s.error?.message).toMatch(/^500: /);
  });

  it("does not retry a network error either", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    const s = await fetchCurrentUser();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(s.error).toBeInstanceOf(TypeError);
  });
});

describe("signOut", () => {
  it("ends the server session (cookie), forgets the cached user, then asks the server again", async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { user: USER }));
    await fetchCurrentUser();
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    fetchMock.mockResolvedValueOnce(answer(401, {}));
    const pending = signOut();
    expect(getAuthSnapshot()).toEqual({ status: "unauthenticated", user: null, error: null });
    await expect(pending).resolves.toEqual({ status: "unauthenticated", user: null, error: null });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(expectDefined(fetchMock.mock.calls[1])[0]).toBe("/api/auth/logout");
    expect(expectDefined(fetchMock.mock.calls[1])[1].method).toBe("POST");
    expect(expectDefined(fetchMock.mock.calls[1])[1].credentials).toBe("include");
    expect(expectDefined(fetchMock.mock.calls[2])[0]).toBe("/api/auth/me");
    expect(new Headers(expectDefined(fetchMock.mock.calls[2])[1].headers).has("authorization")).toBe(false);
  });

  it("signs out locally even when the logout call fails", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError("Failed to fetch"));
    fetchMock.mockResolvedValueOnce(answer(401, {}));
    await expect(signOut()).resolves.toEqual({ status: "unauthenticated", user: null, error: null });
  });

  it("forgets the pages kept for offline use (they carry the signed-in user), not the build assets", async () => {
    const names = ["recipecart-pages-v1", "recipecart-assets-v1", "someone-else"];
    const deleted: string[] = [];
    vi.stubGlobal("caches", {
      keys: async () => [...names],
      delete: async (name: string) => {
        deleted.push(name);
        return true;
      },
    });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    fetchMock.mockResolvedValueOnce(answer(401, {}));
    await signOut();
    expect(deleted).toEqual(["recipecart-pages-v1"]);
  });

  it("signs out even where the offline cache cannot be read", async () => {
    vi.stubGlobal("caches", { keys: () => Promise.reject(new Error("SecurityError")), delete: vi.fn() });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    fetchMock.mockResolvedValueOnce(answer(401, {}));
    await expect(signOut()).resolves.toEqual({ status: "unauthenticated", user: null, error: null });
  });

  it("ignores a slow answer to a request made before signing out", async () => {
    let release!: (r: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((r) => (release = r)));
    const stale = fetchCurrentUser();
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    fetchMock.mockResolvedValueOnce(answer(401, {}));
    await signOut();
    release(answer(200, { user: USER }));
    await stale;
    expect(getAuthSnapshot().user).toBeNull();
  });
});

describe("primeAuth", () => {
  it("starts signed in from the server's user without asking /api/auth/me", async () => {
    vi.stubGlobal("document", {});
    primeAuth(USER);
    expect(getAuthSnapshot()).toEqual({ status: "authenticated", user: USER, error: null });
    await fetchCurrentUser();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("hands hydration the primed store's own snapshot for the server's user, so React finds nothing changed", () => {
    vi.stubGlobal("document", {});
    primeAuth(USER);
    expect(serverAuthSnapshot(USER)).toBe(getAuthSnapshot());
    // Any other user object (not the one the store was primed with): a snapshot of its own.
    const other = { ...USER };
    expect(serverAuthSnapshot(other)).not.toBe(getAuthSnapshot());
    expect(serverAuthSnapshot(other)).toEqual({ status: "authenticated", user: other, error: null });
    expect(serverAuthSnapshot(null).status).toBe("loading");
  });

  it("does nothing on the server", async () => {
    primeAuth(USER); // no document: server render
    expect(getAuthSnapshot().status).toBe("loading");
    primeAuth(null);
    expect(getAuthSnapshot().status).toBe("loading");
  });

  it("starts signed out when the server knew no user, without asking /api/auth/me", async () => {
    vi.stubGlobal("document", {});
    primeAuth(null);
    expect(getAuthSnapshot()).toEqual({ status: "unauthenticated", user: null, error: null });
    await fetchCurrentUser();
    expect(fetchMock).not.toHaveBeenCalled();
    // Only the first call counts: a later user from the root data does not overwrite it.
    primeAuth(USER);
    expect(getAuthSnapshot().status).toBe("unauthenticated");
    // Signing in asks again (force skips the cache).
    fetchMock.mockResolvedValueOnce(answer(200, { user: USER }));
    expect((await fetchCurrentUser({ force: true })).user).toEqual(USER);
  });

  it("removes a session token an older version kept in local storage; it signs nobody in", async () => {
    localStorage.setItem(LEGACY_AUTH_TOKEN_KEY, "tok-1");
    vi.stubGlobal("document", {});
    primeAuth(null);
    expect(localStorage.getItem(LEGACY_AUTH_TOKEN_KEY)).toBeNull();
    expect(getAuthSnapshot()).toEqual({ status: "unauthenticated", user: null, error: null });
    await fetchCurrentUser();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
