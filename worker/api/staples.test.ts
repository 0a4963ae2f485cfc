/** A signed-in user's own staples through the API (decisions 0028 and 0028): auth, parsing, caps, limits, lists. */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ShoppingList } from "../../core/api/lists.ts";
import { STAPLES_MAX, type StapleState, type StaplesResponse } from "../../core/api/staples.ts";
import { DEFAULT_STAPLES } from "../../core/combine/staples.ts";
import { userStaples } from "../db/schema.ts";
import { addUser, api, apiJson, db, makeList, manualRecipe, type TestUser } from "../test/signed-in.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";

const read = (as: TestUser) => apiJson<StaplesResponse>("/api/users/me/staples", { as });
const add = (as: TestUser, body: unknown, status = 200) =>
  apiJson<StapleState>("/api/users/me/staples", { method: "POST", as, body }, status);
const remove = (as: TestUser, key: string) =>
  apiJson<StapleState>(`/api/users/me/staples/${encodeURIComponent(key)}`, { method: "DELETE", as });
const builtIn = (as: TestUser, on: boolean) =>
  apiJson<StaplesResponse>("/api/users/me/staples/built-in", { method: "PUT", as, body: { on } });

async function problemOf(res: Response): Promise<{ code: string; message: string; errors?: Record<string, string[]> }> {
  expect(res.headers.get("content-type")).toMatch(/problem\+json/);
  return (await res.json()) as { code: string; message: string };
}

/** STAPLES_MAX staples of the user's own, written straight to the table (25 rows per statement). */
async function fillStaples(user: TestUser): Promise<void> {
  const rows = Array.from({ length: STAPLES_MAX }, (_, i) => ({ userId: user.id, itemKey: `thing ${i}`, have: true }));
  for (let i = 0; i < rows.length; i += 25) await db.insert(userStaples).values(rows.slice(i, i + 25));
}

/** Every item of a list with its staple flag, by name. */
function staplesOf(list: { ingredients: Record<string, { name: string; staple?: boolean }[]> }): Map<string, boolean> {
  return new Map(Object.values(list.ingredients).flatMap((items) => items.map((i) => [i.name.toLowerCase(), i.staple ?? false] as const)));
}

describe("/api/users/me/staples", () => {
  it("is for signed-in users only: 401 problem signed out, for every method", async () => {
    const calls: [string, string, unknown][] = [
      ["GET", "/api/users/me/staples", undefined],
      ["POST", "/api/users/me/staples", { item: "flour" }],
      ["DELETE", "/api/users/me/staples/flour", undefined],
      ["PUT", "/api/users/me/staples/built-in", { on: false }],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(path, { method, body });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect((await problemOf(res)).code).toBe("unauthenticated");
    }
  });

  it("starts with no staples of one's own and every built-in one on", async () => {
    const ann = await addUser();
    expect(await read(ann)).toEqual({ mine: [], builtIn: [...DEFAULT_STAPLES].map((key) => ({ key, on: true })), max: STAPLES_MAX });
  });

  it("parses typed text to the list's item key, is idempotent, lists A to Z and removes", async () => {
    const ann = await addUser();
    expect(await add(ann, { item: "2 tbsp Soy Sauce" })).toEqual({ key: "soy sauce", staple: true, builtIn: false, added: true });
    expect(await add(ann, { item: "soy sauce" })).toEqual({ key: "soy sauce", staple: true, builtIn: false, added: false });
    expect((await add(ann, { item: "3 large eggs, beaten" })).key).toBe("egg");
    // Synonyms as the list merges them: plain flour is all-purpose flour.
    expect((await add(ann, { item: "1 cup flour" })).key).toBe("all purpose flour");
    expect((await read(ann)).mine).toEqual(["all purpose flour", "egg", "soy sauce"]);
    expect(await remove(ann, "egg")).toEqual({ key: "egg", staple: false, builtIn: false });
    expect(await remove(ann, "egg")).toEqual({ key: "egg", staple: false, builtIn: false });
    expect((await read(ann)).mine).toEqual(["all purpose flour", "soy sauce"]);
    // A key with a slash, a percent sign or an accent goes through the path intact.
    expect((await add(ann, { key: "Half/Half 10% Crème" })).key).toBe("half/half 10% crème");
    expect((await read(ann)).mine).toContain("half/half 10% crème");
    expect(await remove(ann, "half/half 10% crème")).toMatchObject({ key: "half/half 10% crème", staple: false });
    expect((await read(ann)).mine).toEqual(["all purpose flour", "soy sauce"]);
  });

  it("turns a built-in staple off and on for one user only, by key or all at once", async () => {
    const ann = await addUser();
    const bob = await addUser();
    expect(await remove(ann, "Kosher Salt")).toEqual({ key: "kosher salt", staple: false, builtIn: true });
    const after = await read(ann);
    expect(after.builtIn.find((s) => s.key === "kosher salt")).toEqual({ key: "kosher salt", on: false });
    expect(after.mine).toEqual([]);
    expect((await read(bob)).builtIn.every((s) => s.on)).toBe(true);
    expect(await add(ann, { key: "kosher salt" })).toEqual({ key: "kosher salt", staple: true, builtIn: true, added: true });
    expect(await add(ann, { key: "kosher salt" })).toMatchObject({ added: false });
    expect((await read(ann)).builtIn.every((s) => s.on)).toBe(true);

    await add(ann, { item: "soy sauce" });
    const off = await builtIn(ann, false);
    expect(off.builtIn.every((s) => !s.on)).toBe(true);
    expect(off.mine).toEqual(["soy sauce"]);
    const on = await builtIn(ann, true);
    expect(on.builtIn.every((s) => s.on)).toBe(true);
    expect(on.mine).toEqual(["soy sauce"]);
    expect((await read(bob)).mine).toEqual([]);
  });

  it("refuses bad input with a problem body, never a stack trace", async () => {
    const ann = await addUser();
    const bad: [unknown, number, string][] = [
      [{ item: "" }, 400, "invalid_body"],
      [{ item: "   " }, 400, "invalid_body"],
      [{ item: "x".repeat(201) }, 400, "invalid_body"],
      [{ item: 5 }, 400, "invalid_body"],
      [{ item: "flour", key: "flour" }, 400, "invalid_body"],
      [{ item: "flour", userId: "someone" }, 400, "invalid_body"],
      [{}, 400, "invalid_body"],
      [[], 400, "invalid_body"],
    ];
    for (const [body, status, code] of bad) {
      const res = await api("/api/users/me/staples", { method: "POST", as: ann, body });
      expect(res.status, JSON.stringify(body)).toBe(status);
      const p = await problemOf(res);
      expect(p.code).toBe(code);
      expect(p.message).not.toMatch(/\bat \w+ \(/);
    }
    const notJson = await api("/api/users/me/staples/built-in", { method: "PUT", as: ann });
    expect(notJson.status).toBe(415);
    const tooLong = await api(`/api/users/me/staples/${"x".repeat(201)}`, { method: "DELETE", as: ann });
    expect(tooLong.status).toBe(400);
    expect((await problemOf(tooLong)).code).toBe("invalid_staple");
    const onNotBool = await api("/api/users/me/staples/built-in", { method: "PUT", as: ann, body: { on: "yes" } });
    expect(onNotBool.status).toBe(400);
    expect((await read(ann)).mine).toEqual([]);
  });

  it(`keeps at most ${STAPLES_MAX} of one's own: 409 staples_full past it; existing and built-in ones still go through`, async () => {
    const ann = await addUser();
    await fillStaples(ann);
    const res = await api("/api/users/me/staples", { method: "POST", as: ann, body: { item: "soy sauce" } });
    expect(res.status).toBe(409);
    const p = await problemOf(res);
    expect(p.code).toBe("staples_full");
    expect(p.message).toContain(String(STAPLES_MAX));
    expect(await add(ann, { key: "thing 7" })).toMatchObject({ added: false });
    await remove(ann, "salt");
    expect(await add(ann, { key: "salt" })).toMatchObject({ builtIn: true, added: true });
    // Removing one makes room again.
    await remove(ann, "thing 0");
    expect(await add(ann, { item: "soy sauce" })).toMatchObject({ key: "soy sauce", added: true });
    expect((await read(ann)).mine).toHaveLength(STAPLES_MAX);
  });

  it("rate limits changes per session with Retry-After", async () => {
    const ann = await addUser();
    let limited: Response | null = null;
    for (let round = 0; round < 8 && !limited; round++) {
      const answers = await Promise.all(
        Array.from({ length: 25 }, () => api("/api/users/me/staples/nothing", { method: "DELETE", as: ann })),
      );
      limited = answers.find((r) => r.status === 429) ?? null;
      for (const r of answers) if (r !== limited) await r.body?.cancel();
    }
    expect(limited, "no 429 after 200 changes").not.toBeNull();
    expect(expectDefined(limited).headers.get("retry-after")).toBe("60");
    expect((await problemOf(expectDefined(limited))).code).toBe("rate_limited");
    // Reading is not limited, and another user has their own budget.
    expect((await api("/api/users/me/staples", { as: ann })).status).toBe(200);
    expect((await add(await addUser(), { item: "flour" })).added).toBe(true);
  }, 60_000);
});

describe("lists follow the user's staples (decision 0028)", () => {
  it("an added staple lands in 'You probably have' on the next list; removed, it is back in its aisle", async () => {
    const ann = await addUser();
    const recipe = await manualRecipe("Stir fry", ["2 tbsp soy sauce", "1 onion", "1 tbsp vegetable oil"], ann);
    await add(ann, { item: "soy sauce" });
    await remove(ann, "vegetable oil");
    const first = staplesOf(await makeList("First", [recipe.id], ann));
    expect(first.get("soy sauce")).toBe(true);
    expect(first.get("vegetable oil")).toBe(false);
    expect(first.get("onion")).toBe(false);

    await remove(ann, "soy sauce");
    await add(ann, { key: "vegetable oil" });
    const second = staplesOf(await makeList("Second", [recipe.id], ann));
    expect(second.get("soy sauce")).toBe(false);
    expect(second.get("vegetable oil")).toBe(true);
    // Someone else's list of the same recipe follows only the defaults.
    const bob = await addUser();
    await add(bob, { item: "onion" });
    const bobs = await manualRecipe("Stir fry", ["2 tbsp soy sauce", "1 onion", "1 tbsp vegetable oil"], bob);
    const theirs = staplesOf(await makeList("Bob's", [bobs.id], bob));
    expect(theirs.get("soy sauce")).toBe(false);
    expect(theirs.get("onion")).toBe(true);
  });

  it("'I always have this' on a list writes the same rules, within the cap; off, it removes one's own", async () => {
    const ann = await addUser();
    const recipe = await manualRecipe("Bake", ["1 cup flour", "1 tsp salt", "2 eggs"], ann);
    const list = await makeList("Bake", [recipe.id], ann);
    const id = (re: RegExp) =>
      expectDefined(
        Object.values(list.ingredients)
          .flat()
          .find((i) => re.test(i.name)),
      ).id;
    const change = (changes: unknown[]) =>
      apiJson(`/api/shopping-lists/${list.id}/changes`, { method: "POST", as: ann, body: { changes } });
    await change([
      { op: "staple", itemId: id(/flour/), staple: true, remember: true },
      { op: "staple", itemId: id(/salt/), staple: false, remember: true },
    ]);
    let now = await read(ann);
    expect(now.mine).toEqual(["all purpose flour"]);
    expect(now.builtIn.find((s) => s.key === "salt")?.on).toBe(false);
    await change([{ op: "staple", itemId: id(/flour/), staple: false, remember: true }]);
    now = await read(ann);
    expect(now.mine).toEqual([]);
    const rows = await db
      .select()
      .from(userStaples)
      .where(and(eq(userStaples.userId, ann.id), eq(userStaples.itemKey, "all purpose flour")));
    expect(rows).toEqual([]);
    // At the cap, a new one is not remembered (the list item still moves).
    await fillStaples(ann);
    const answer = await change([{ op: "staple", itemId: id(/egg/), staple: true, remember: true }]);
    const eggs = [...staplesOf((answer as { list: ShoppingList }).list)].find(([name]) => /egg/.test(name));
    expect(eggs?.[1]).toBe(true);
    expect((await read(ann)).mine).not.toContain("egg");
  });
});
