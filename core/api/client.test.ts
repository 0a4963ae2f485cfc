import { describe, expect, it, vi } from "vitest";
import { ApiError, ApiShapeError, createApiClient, EDIT_TOKEN_HEADER, type FetchInit } from "./client.ts";
import { expectDefined } from "../lib/expect-defined.ts";
import { parseRetryAfter } from "./errors.ts";

const user = {
  id: "u1",
  firstName: "Ann",
  lastName: "Lee",
  email: "ann@example.org",
  isAdmin: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};

function client(answer: () => Response, token: string | null = null) {
  const fetch = vi.fn(async (_input: string, _init: FetchInit) => answer());
  return { fetch, api: createApiClient({ fetch, getToken: () => token, baseUrl: "https://x.test" }) };
}

const sent = (fetch: ReturnType<typeof client>["fetch"]) => {
  const [url, init] = expectDefined(fetch.mock.calls[0]);
  return { url, init, headers: new Headers(init.headers) };
};

describe("createApiClient", () => {
  it("sends JSON bodies with a JSON content type, cookies and the bearer token", async () => {
    const { fetch, api } = client(() => Response.json({ user, expiresAt: "2026-02-01T00:00:00.000Z" }), "tok");
    await expect(api.auth.login({ email: "ann@example.org", password: "pw" })).resolves.toMatchObject({ user });
    const { url, init, headers } = sent(fetch);
    expect(url).toBe("https://x.test/api/auth/login");
    expect(init.body).toBe('{"email":"ann@example.org","password":"pw"}');
    expect(init.credentials).toBe("include");
    expect(headers.get("content-type")).toBe("application/json");
    expect(headers.get("authorization")).toBe("Bearer tok");
  });

  it("sends no authorization header without a token, and the edit token when given", async () => {
    const { fetch, api } = client(() => new Response(null, { status: 204 }));
    await api.recipes.remove("r/1", { editToken: "e1" });
    const { url, headers, init } = sent(fetch);
    expect(url).toBe("https://x.test/api/recipes/r%2F1");
    expect(init.method).toBe("DELETE");
    expect(headers.has("authorization")).toBe(false);
    expect(headers.get(EDIT_TOKEN_HEADER)).toBe("e1");
  });

  it("turns a non-OK answer into 'status: text' (docs/product/messages.md) and keeps the problem body", async () => {
    const body = { code: "bad", message: "Nope" };
    const { api } = client(() => new Response(JSON.stringify(body), { status: 422, statusText: "Unprocessable" }));
    const err = await api.lists.get("x").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(`422: ${JSON.stringify(body)}`);
    expect((err as ApiError).displayMessage).toBe("Nope");
    expect((err as ApiError).problem?.code).toBe("bad");
    expect((err as ApiError).status).toBe(422);
  });

  it("reads Retry-After from the header first, else from the problem body; none is null", async () => {
    const limited = (headers: Record<string, string>, body: Record<string, unknown>) =>
      client(() => new Response(JSON.stringify({ code: "rate_limited", message: "Slow down", ...body }), { status: 429, headers }));
    const wait = async (c: ReturnType<typeof client>) =>
      ((await c.api.lists.changes("L", { changes: [] }).catch((e: unknown) => e)) as ApiError).retryAfterSeconds;
    expect(await wait(limited({ "retry-after": "42" }, { retryAfterSeconds: 60 }))).toBe(42);
    expect(await wait(limited({}, { retryAfterSeconds: 60 }))).toBe(60);
    expect(await wait(limited({ "retry-after": "soon" }, {}))).toBeNull();
    expect(await wait(limited({}, {}))).toBeNull();
  });

  it("parses Retry-After as seconds or as an HTTP date", () => {
    const now = Date.parse("2026-11-27T10:00:00.000Z");
    expect(parseRetryAfter("120", now)).toBe(120);
    expect(parseRetryAfter(" 0 ", now)).toBe(0);
    expect(parseRetryAfter("Fri, 27 Nov 2026 10:01:30 GMT", now)).toBe(90);
    expect(parseRetryAfter("Fri, 27 Nov 2026 09:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter("-5", now)).toBeNull();
    expect(parseRetryAfter("", now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it("uses the status text when the body is empty", async () => {
    const { api } = client(() => new Response(null, { status: 503, statusText: "Service Unavailable" }));
    await expect(api.lists.remove("x")).rejects.toThrow("503: Service Unavailable");
  });

  it("answers the current user, and null for a 401 (docs/product/api.md)", async () => {
    await expect(client(() => Response.json({ user })).api.auth.me()).resolves.toEqual(user);
    const unauth = client(() => Response.json({ code: "unauthenticated" }, { status: 401 }));
    await expect(unauth.api.auth.me()).resolves.toBeNull();
    const broken = client(() => new Response("oops", { status: 500 }));
    await expect(broken.api.auth.me()).rejects.toBeInstanceOf(ApiError);
  });

  it("refuses an answer that does not match its schema", async () => {
    const { api } = client(() => Response.json({ message: "not a recipe" }));
    await expect(api.recipes.get("r1")).rejects.toBeInstanceOf(ApiShapeError);
    const html = client(() => new Response("<html>", { status: 200 }));
    await expect(html.api.auth.verifyResetToken("t")).rejects.toBeInstanceOf(ApiShapeError);
  });

  it("puts the reset token in the query string, escaped", async () => {
    const { fetch, api } = client(() => Response.json({ valid: true }));
    await expect(api.auth.verifyResetToken("a+b/c")).resolves.toEqual({ valid: true });
    expect(sent(fetch).url).toBe("https://x.test/api/auth/verify-reset-token?token=a%2Bb%2Fc");
  });

  it("builds the history query from the given values only", async () => {
    const history = client(() => Response.json({ lists: [], search: "crème" }));
    await expect(history.api.users.shoppingLists({ search: "crème brûlée", limit: 5 })).resolves.toEqual({ lists: [], search: "crème" });
    expect(sent(history.fetch).url).toBe("https://x.test/api/users/me/shopping-lists?search=cr%C3%A8me%20br%C3%BBl%C3%A9e&limit=5");
    const plain = client(() => Response.json({ lists: [], search: null }));
    await plain.api.users.shoppingLists({ search: "" });
    expect(sent(plain.fetch).url).toBe("https://x.test/api/users/me/shopping-lists");
  });

  it("favourite calls answer the state after the call", async () => {
    const { fetch, api } = client(() => Response.json({ id: "r1", favorite: true }));
    await expect(api.favorites.addRecipe("r1", { editToken: "t" })).resolves.toEqual({ id: "r1", favorite: true });
    const { url, init, headers } = sent(fetch);
    expect(url).toBe("https://x.test/api/recipes/r1/favorite");
    expect(init.method).toBe("POST");
    expect(headers.get(EDIT_TOKEN_HEADER)).toBe("t");
    const bad = client(() => Response.json({ ok: true }));
    await expect(bad.api.favorites.removeList("l1")).rejects.toBeInstanceOf(ApiShapeError);
  });
});
