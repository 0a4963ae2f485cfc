/** Shopping mode through the API: who may change a list, tick merge, added items, edits, moves, staples, units, servings. */
import { exports, env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ListChangesResponse, ShoppingList, ShoppingListItem } from "../../core/api/lists.ts";
import type { ListChange } from "../../core/api/shopping.ts";
import { createDb } from "../db/client.ts";
import { recipes, sessions, users } from "../db/schema.ts";
import { sha256Hex } from "../lib/crypto.ts";
import { newId, newToken } from "../lib/ids.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";

const db = createDb(env.DB);
const call = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);

interface Who {
  bearer?: string;
  editToken?: string;
}

const headers = (who: Who = {}) => ({
  "content-type": "application/json",
  ...(who.bearer ? { authorization: `Bearer ${who.bearer}` } : {}),
  ...(who.editToken ? { "x-edit-token": who.editToken } : {}),
});

async function create(body: unknown, who: Who = {}): Promise<ShoppingList> {
  const res = await call("/api/shopping-lists", { method: "POST", headers: headers(who), body: JSON.stringify(body) });
  expect(res.status).toBe(201);
  return (await res.json()) as ShoppingList;
}

const change = (listId: string, changes: ListChange[], who: Who = {}, query = "") =>
  call(`/api/shopping-lists/${listId}/changes${query}`, { method: "POST", headers: headers(who), body: JSON.stringify({ changes }) });

async function changeOk(listId: string, changes: ListChange[], who: Who = {}, query = ""): Promise<ListChangesResponse> {
  const res = await change(listId, changes, who, query);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ListChangesResponse;
}

const all = (list: ShoppingList) => Object.entries(list.ingredients).flatMap(([category, items]) => items.map((i) => ({ ...i, category })));
const named = (list: ShoppingList, re: RegExp): ShoppingListItem & { category: string } => {
  const found = all(list).find((i) => re.test(i.name));
  if (!found) throw new Error(`no ${re} in ${all(list).map((i) => i.name)}`);
  return found;
};

async function addRecipe(title: string, lines: string[]): Promise<string> {
  const id = newId();
  await db
    .insert(recipes)
    .values({ id, title, url: null, source: "manually added", ingredients: lines.map((text) => ({ text })), userId: null });
  return id;
}

async function addUser(): Promise<{ id: string; token: string }> {
  const id = newId();
  const token = newToken();
  await db.insert(users).values({ id, email: `${id}@example.test`, passwordHash: "x" });
  await db.insert(sessions).values({ tokenHash: await sha256Hex(token), userId: id, expiresAt: new Date(Date.now() + 3_600_000) });
  return { id, token };
}

let pancakes: string;
let soup: string;
beforeAll(async () => {
  pancakes = await addRecipe("Pancakes", ["1 cup milk", "2 eggs", "1 tbsp sugar", "1/2 tsp salt", "1 cup flour"]);
  soup = await addRecipe("Soup", ["250 ml milk", "2 onions", "2 tbsp olive oil", "black pepper to taste"]);
});

describe("building a list: servings, staples, units", () => {
  it("scales each recipe before combining and marks staples", async () => {
    const plain = await create({ name: "Plain", recipeIds: [pancakes, soup] });
    // 1 cup + 250 ml is 2.06 cups: never shown 2% short (decision 0007)
    expect(named(plain, /milk/).amount).toBe("2 cups + 1 tbsp");
    expect(named(plain, /egg/).amount).toBe("2");
    const doubled = await create({ name: "Double", recipeIds: [pancakes, soup], scales: { [pancakes]: 2 } });
    expect(named(doubled, /egg/).amount).toBe("4");
    expect(named(doubled, /milk/).amount).toBe("3 cups");
    expect(named(doubled, /onion/).amount).toBe("2");
    for (const re of [/salt/, /pepper/, /olive oil/, /sugar/]) expect(named(doubled, re).staple).toBe(true);
    for (const re of [/milk/, /egg/, /onion/, /flour/]) expect(named(doubled, re).staple).toBe(false);
  });

  it("refuses a scale out of range with a field problem", async () => {
    const res = await call("/api/shopping-lists", {
      method: "POST",
      headers: headers(),
      body: JSON.stringify({ name: "X", recipeIds: [pancakes], scales: { [pancakes]: 1000 } }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string };
    expect(body.code).toBe("invalid_body");
  });

  it("shows amounts as written, in metric or in US units by ?units=", async () => {
    const list = await create({ name: "Units", recipeIds: [pancakes, soup] });
    const get = async (units: string) => (await (await call(`/api/shopping-lists/${list.id}?units=${units}`)).json()) as ShoppingList;
    expect(named(await get("as-written"), /milk/).amount).toBe("2 cups + 1 tbsp");
    expect(named(await get("metric"), /milk/).amount).toBe("485 ml");
    expect(named(await get("us"), /milk/).amount).toBe("2 cups + 1 tbsp");
    expect(named(await get("metric"), /egg/).amount).toBe("2");
    expect(named(await get("nonsense"), /milk/).amount).toBe("2 cups + 1 tbsp");
  });
});

describe("POST /api/shopping-lists/{id}/changes", () => {
  it("only the edit-token holder or the owner may change a list; a link holder gets 403", async () => {
    const list = await create({ name: "Mine", recipeIds: [pancakes] });
    const egg = named(list, /egg/);
    const tick: ListChange = { op: "tick", itemId: egg.id, checked: true, at: Date.now() };
    expect((await change(list.id, [tick])).status).toBe(403);
    expect((await change(list.id, [tick], { editToken: "wrong" })).status).toBe(403);
    const ok = await changeOk(list.id, [tick], { editToken: expectDefined(list.editToken) });
    expect(named(ok.list, /egg/).checked).toBe(true);

    const owner = await addUser();
    const other = await addUser();
    const owned = await create({ name: "Owned", recipeIds: [pancakes] }, { bearer: owner.token });
    expect(owned.editToken).toBeUndefined();
    const t2: ListChange = { op: "tick", itemId: named(owned, /egg/).id, checked: true, at: Date.now() };
    expect((await change(owned.id, [t2], { bearer: other.token })).status).toBe(403);
    expect((await change(owned.id, [t2])).status).toBe(403);
    expect((await change(owned.id, [t2], { bearer: owner.token })).status).toBe(200);
    expect((await change("nope-nope-nope-nope", [t2], { bearer: owner.token })).status).toBe(404);
  });

  it("merges ticks by tap time: the later tap wins, whatever order they arrive in; repeats change nothing", async () => {
    const list = await create({ name: "Ticks", recipeIds: [pancakes] });
    const who = { editToken: expectDefined(list.editToken) };
    const egg = named(list, /egg/).id;
    const t0 = Date.now() - 60_000;
    // The phone ticked at t0+20 (sent late, offline); the tablet unticked at t0+10 and ticked at t0+30.
    await changeOk(list.id, [{ op: "tick", itemId: egg, checked: true, at: t0 + 30 }], who);
    let after = await changeOk(list.id, [{ op: "tick", itemId: egg, checked: false, at: t0 + 10 }], who);
    expect(named(after.list, /egg/)).toMatchObject({ checked: true, checkedAt: t0 + 30 });
    after = await changeOk(list.id, [{ op: "tick", itemId: egg, checked: false, at: t0 + 40 }], who);
    expect(named(after.list, /egg/)).toMatchObject({ checked: false, checkedAt: t0 + 40 });
    after = await changeOk(list.id, [{ op: "tick", itemId: egg, checked: false, at: t0 + 40 }], who);
    expect(named(after.list, /egg/)).toMatchObject({ checked: false, checkedAt: t0 + 40 });
    // A tap time far in the future is held to the server's clock (plus a small skew).
    after = await changeOk(list.id, [{ op: "tick", itemId: egg, checked: true, at: Date.now() + 86_400_000 * 365 }], who);
    expect(named(after.list, /egg/).checkedAt).toBeLessThan(Date.now() + 10 * 60_000);
  });

  it("adds typed items parsed, categorised and marked as added by hand, once per client id", async () => {
    const list = await create({ name: "Adds", recipeIds: [pancakes] });
    const who = { editToken: expectDefined(list.editToken) };
    const lemonId = newId();
    const add: ListChange[] = [
      { op: "add", itemId: lemonId, text: "2 lemons", at: Date.now() },
      { op: "add", itemId: newId(), text: "paper towels", at: Date.now() },
    ];
    await changeOk(list.id, add, who);
    const { list: after, missing } = await changeOk(list.id, [expectDefined(add[0])], who);
    expect(missing).toEqual([]);
    const lemons = all(after).filter((i) => /lemon/.test(i.name));
    expect(lemons).toHaveLength(1);
    expect(lemons[0]).toMatchObject({ id: lemonId, amount: "2", addedByHand: true, checked: false, category: "Produce" });
    const towels = named(after, /paper towel/);
    expect(towels.addedByHand).toBe(true);
    expect(towels.category).not.toBe("Produce");
    // categories stay in store-walk order
    expect(named(after, /egg/).addedByHand).toBe(false);
  });

  it("edits, moves and staples; a change to a gone item is skipped and reported", async () => {
    const list = await create({ name: "Edits", recipeIds: [pancakes] });
    const who = { editToken: expectDefined(list.editToken) };
    const egg = named(list, /egg/);
    const salt = named(list, /salt/);
    const gone = newId();
    const { list: after, missing } = await changeOk(
      list.id,
      [
        { op: "edit", itemId: egg.id, name: "free-range eggs", amount: "6" },
        { op: "move", itemId: egg.id, category: "Frozen" },
        { op: "staple", itemId: salt.id, staple: false },
        { op: "tick", itemId: gone, checked: true, at: Date.now() },
      ],
      who,
    );
    expect(missing).toEqual([gone]);
    expect(named(after, /free-range eggs/)).toMatchObject({ amount: "6", category: "Frozen" });
    expect(named(after, /salt/).staple).toBe(false);
    const bad = await change(list.id, [{ op: "move", itemId: egg.id, category: "Nowhere" } as unknown as ListChange], who);
    expect(bad.status).toBe(400);
  });

  it("a signed-in user's moves and staples are remembered for their next list", async () => {
    const me = await addUser();
    const who = { bearer: me.token };
    const first = await create({ name: "First", recipeIds: [pancakes, soup] }, who);
    await changeOk(
      first.id,
      [
        { op: "move", itemId: named(first, /onion/).id, category: "Frozen" },
        { op: "staple", itemId: named(first, /egg/).id, staple: true, remember: true },
        { op: "staple", itemId: named(first, /sugar/).id, staple: false, remember: true },
      ],
      who,
    );
    const next = await create({ name: "Next", recipeIds: [pancakes, soup] }, who);
    expect(named(next, /onion/).category).toBe("Frozen");
    expect(named(next, /egg/).staple).toBe(true);
    expect(named(next, /sugar/).staple).toBe(false);
    // typed items follow the same corrections
    const { list: typed } = await changeOk(next.id, [{ op: "add", itemId: newId(), text: "3 onions", at: Date.now() }], who);
    expect(expectDefined(all(typed).filter((i) => i.addedByHand)[0]).category).toBe("Frozen");
    // someone else's lists are not affected
    const theirs = await create({ name: "Theirs", recipeIds: [pancakes, soup] });
    expect(named(theirs, /onion/).category).toBe("Produce");
    expect(named(theirs, /egg/).staple).toBe(false);
  });
});
