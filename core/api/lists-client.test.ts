import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { ApiError, ApiShapeError, type FetchInit } from "./client.ts";
import { createListsClient } from "./lists-client.ts";

const list = {
  id: "l1",
  name: "Weekend shop",
  createdAt: "2026-01-01T00:00:00.000Z",
  recipes: [{ id: "r1", title: "Soup" }],
  ingredients: { Produce: [{ id: "i1", name: "onions", amount: "2", recipes: ["Soup"] }] },
};

function lists(answer: () => Response, token: string | null = null) {
  const fetch = vi.fn(async (_input: string, _init: FetchInit) => answer());
  return { fetch, api: createListsClient({ fetch, getToken: () => token, baseUrl: "https://x.test" }) };
}

/** Relative imports of a module and everything it imports, as paths under core/api (type-only imports skipped). */
function importGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  for (const m of source.matchAll(/^import\s+(?!type\s)[^;]*?from\s+"(\.{1,2}\/[^"]+)";/gms)) {
    importGraph(path.join(path.dirname(file), m[1] ?? ""), seen);
  }
  return seen;
}

describe("createListsClient (decision 0017)", () => {
  it("reads a list through the same transport as the full client: path, cookies, bearer token, parsed answer", async () => {
    const { fetch, api } = lists(() => Response.json(list), "tok");
    await expect(api.get("l/1")).resolves.toEqual(list);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe("https://x.test/api/shopping-lists/l%2F1");
    expect(init?.credentials).toBe("include");
    expect(new Headers(init?.headers).get("authorization")).toBe("Bearer tok");
  });

  it("rejects an answer that is not a list, and turns a 404 into ApiError with its problem body", async () => {
    await expect(lists(() => Response.json({ id: "l1" })).api.get("l1")).rejects.toBeInstanceOf(ApiShapeError);
    const missing = lists(() => Response.json({ code: "not_found", message: "Shopping list not found" }, { status: 404 }));
    const err = await missing.api.get("l1").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, problem: { code: "not_found", message: "Shopping list not found" } });
  });

  it("loads no schema module but the lists' (what the home page's list view evaluates)", () => {
    // The lists' endpoint declarations name the changes body (shopping.ts, with the aisle names); no other group's schemas.
    const graph = [...importGraph(path.join(import.meta.dirname, "lists-client.ts"))].map((f) => path.basename(f)).sort();
    expect(graph).toEqual([
      "categories.ts",
      "constants.ts",
      "endpoint.ts",
      "errors.ts",
      "list-endpoints.ts",
      "lists-client.ts",
      "lists.ts",
      "shopping.ts",
      "transport.ts",
    ]);
  });
});
