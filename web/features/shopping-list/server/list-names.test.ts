/**
 * Lists you can name and find: PATCH /api/shopping-lists/{id} (rename) and the history's pages
 * (GET /api/users/me/shopping-lists?before=): who may rename, what a name may be, search following a
 * rename, and 'Show older' paging through every list in one stable order.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { HistoryResponse } from "../../../../core/api/favorites.ts";
import { addUser, api, apiJson, makeList, manualRecipe, type TestUser } from "../../../../worker/test/signed-in.ts";

const history = (as: TestUser, query = "") => apiJson<HistoryResponse>(`/api/users/me/shopping-lists${query}`, { as });
const rename = (id: string, name: unknown, as: TestUser | null, editToken?: string) =>
  api(`/api/shopping-lists/${id}`, { method: "PATCH", as, body: { name }, ...(editToken ? { editToken } : {}) });

describe("PATCH /api/shopping-lists/{id}", () => {
  let ann: TestUser;
  let bob: TestUser;
  let recipeId: string;
  beforeAll(async () => {
    ann = await addUser();
    bob = await addUser();
    recipeId = (await manualRecipe("Pancakes", ["200 g flour", "2 eggs"], ann)).id;
  });

  it("renames the owner's list (trimmed); the list, history and its search read the new name", async () => {
    const list = await makeList("Shopping List - 11/27/2026", [recipeId], ann);
    const res = await rename(list.id, "  Lidl run  ", ann);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: list.id, name: "Lidl run" });
    expect((await apiJson<{ name: string }>(`/api/shopping-lists/${list.id}`)).name).toBe("Lidl run");
    const found = await history(ann, "?search=lidl");
    expect(found.lists.map((l) => [l.id, l.name, l.canChange])).toEqual([[list.id, "Lidl run", true]]);
    expect((await history(ann, `?search=${encodeURIComponent("11/27/2026")}`)).lists.map((l) => l.id)).not.toContain(list.id);
  });

  it("refuses another user and a signed-out caller: 403, name unchanged", async () => {
    const list = await makeList("Ann's list", [recipeId], ann);
    for (const who of [bob, null]) {
      const res = await rename(list.id, "Mine now", who);
      expect(res.status).toBe(403);
      expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    }
    expect((await apiJson<{ name: string }>(`/api/shopping-lists/${list.id}`)).name).toBe("Ann's list");
  });

  it("a list made signed out is renamed with its edit token only", async () => {
    const recipe = await manualRecipe("Tomato soup", ["1 kg tomatoes"]);
    const list = await makeList("Visitor list", [recipe.id], null);
    expect((await rename(list.id, "Soup night", null)).status).toBe(403);
    expect((await rename(list.id, "Soup night", null, "not-the-token")).status).toBe(403);
    const res = await rename(list.id, "Soup night", null, list.editToken);
    expect(res.status).toBe(200);
    expect((await apiJson<{ name: string }>(`/api/shopping-lists/${list.id}`)).name).toBe("Soup night");
  });

  it("a blank, missing or too long name is a 400 with the field's message; an unknown list a 404", async () => {
    const list = await makeList("Keep me", [recipeId], ann);
    for (const [name, message] of [
      ["   ", "Give the list a name."],
      [undefined, undefined],
      ["x".repeat(201), "At most 200 characters."],
    ] as const) {
      const res = await rename(list.id, name, ann);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { errors?: Record<string, string[]> };
      expect(body.errors?.name?.length).toBeGreaterThan(0);
      if (message) expect(body.errors?.name).toContain(message);
    }
    expect((await rename("ZZZZZZZZZZZZZZZZZZZZZZ", "x", ann)).status).toBe(404);
    expect((await apiJson<{ name: string }>(`/api/shopping-lists/${list.id}`)).name).toBe("Keep me");
  });
});

describe("GET /api/users/me/shopping-lists: 'Show older' pages", () => {
  let cy: TestUser;
  const made: string[] = [];
  beforeAll(async () => {
    cy = await addUser();
    const soup = await manualRecipe("Soup", ["1 onion"], cy);
    // 23 lists, some made in the same millisecond range: the order is newest first, ties by id.
    for (let i = 0; i < 23; i++) made.push((await makeList(`List ${i}`, [soup.id], cy)).id);
  });

  it("pages through every list once, in the order of one unpaged read, and says when there is no older page", async () => {
    const whole = (await history(cy, "?limit=50")).lists.map((l) => l.id);
    expect(whole).toHaveLength(23);
    expect(new Set(whole)).toEqual(new Set(made));
    const seen: string[] = [];
    let before: string | null | undefined = null;
    let pages = 0;
    do {
      const page: HistoryResponse = await history(cy, `?limit=10${before ? `&before=${encodeURIComponent(before)}` : ""}`);
      seen.push(...page.lists.map((l) => l.id));
      before = page.next;
      pages++;
    } while (before && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(whole);
    // A page that ends exactly at the oldest list has no next.
    expect((await history(cy, "?limit=23")).next).toBeNull();
    expect((await history(cy, "?limit=22")).next).toMatch(/^\d+\.[\w-]+$/);
  });

  it("pages a search too; a cursor that is not one is a 400", async () => {
    const first = await history(cy, "?search=list&limit=20");
    expect(first.lists).toHaveLength(20);
    const rest = await history(cy, `?search=list&limit=20&before=${encodeURIComponent(first.next ?? "")}`);
    expect(rest.lists).toHaveLength(3);
    expect(rest.next).toBeNull();
    const res = await api("/api/users/me/shopping-lists?before=drop%20table", { as: cy });
    expect(res.status).toBe(400);
  });
});
