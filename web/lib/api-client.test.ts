import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, fetchApi } from "./api-client.ts";

afterEach(() => vi.unstubAllGlobals());

describe("fetchApi", () => {
  it("sends JSON bodies with a JSON content type", async () => {
    const fetchMock = vi.fn(async () => Response.json({ ok: 1 }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(fetchApi("POST", "/api/x", { a: 1 })).resolves.toEqual({ ok: 1 });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.body).toBe('{"a":1}');
    expect(new Headers(init.headers).get("content-type")).toBe("application/json");
  });

  it("turns a non-OK answer into 'status: text' (SPEC §8) and keeps the problem body", async () => {
    const body = { code: "bad", message: "Nope" };
    vi.stubGlobal("fetch", async () => new Response(JSON.stringify(body), { status: 422, statusText: "Unprocessable" }));
    const err = await fetchApi("GET", "/api/x").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).message).toBe(`422: ${JSON.stringify(body)}`);
    expect((err as ApiError).displayMessage).toBe("Nope");
    expect((err as ApiError).problem?.code).toBe("bad");
  });

  it("uses the status text when the body is empty", async () => {
    vi.stubGlobal("fetch", async () => new Response(null, { status: 503, statusText: "Service Unavailable" }));
    await expect(fetchApi("DELETE", "/api/x")).rejects.toThrow("503: Service Unavailable");
  });

  it("answers undefined for 204", async () => {
    vi.stubGlobal("fetch", async () => new Response(null, { status: 204 }));
    await expect(fetchApi("DELETE", "/api/x")).resolves.toBeUndefined();
  });
});
