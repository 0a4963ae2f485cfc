/** Shopping mode through the API: who may change a list, tick merge, added items, edits, moves, staples, units, servings. */
import { exports, env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import type { ListChangesResponse, ShoppingList, ShoppingListItem } from "../../../../core/api/lists.ts";
import type { ListChange } from "../../../../core/api/shopping.ts";
import { createDb } from "../../../../worker/db/client.ts";
import { recipes, sessions, users } from "../../../../worker/db/schema.ts";
import { sha256Hex } from "../../../../worker/lib/crypto.ts";
import { newId, newToken } from "../../../../worker/lib/ids.ts";
import { expectDefined } from "../../../../core/lib/expect-defined.ts";

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

  it("applies ticks in the server's order: the later one wins whatever its tap time; an operation sent again changes nothing", async () => {
    const list = await create({ name: "Ticks", recipeIds: [pancakes] });
    const who = { editToken: expectDefined(list.editToken) };
    const egg = named(list, /egg/).id;
    const t0 = Date.now() - 60_000;
    // The tablet ticked; then a phone that was offline sends an untick it made earlier: it arrives later, so it stands.
    const tick = { op: "tick", itemId: egg, checked: true, at: t0 + 30, opId: newId() } as const;
    await changeOk(list.id, [tick], who);
    let after = await changeOk(list.id, [{ op: "tick", itemId: egg, checked: false, at: t0 + 10, opId: newId() }], who);
    expect(named(after.list, /egg/)).toMatchObject({ checked: false, checkedAt: t0 + 10 });
    // The tablet's tick sent again (its answer was lost): applied once only, so the untick stays.
    after = await changeOk(list.id, [tick], who);
    expect(named(after.list, /egg/)).toMatchObject({ checked: false, checkedAt: t0 + 10 });
    // Each field is its own: an edit of the name leaves the tick alone.
    after = await changeOk(
      list.id,
      [
        { op: "tick", itemId: egg, checked: true, at: t0 + 40, opId: newId() },
        { op: "edit", itemId: egg, name: "eggs", amount: "6", opId: newId() },
      ],
      who,
    );
    expect(named(after.list, /^eggs$/)).toMatchObject({ checked: true, amount: "6" });
    // A tap time far in the future is held to the server's clock (plus a small skew).
    after = await changeOk(list.id, [{ op: "tick", itemId: egg, checked: true, at: Date.now() + 86_400_000 * 365 }], who);
    expect(named(after.list, /egg/).checkedAt).toBeLessThan(Date.now() + 10 * 60_000);
    // Every applied batch takes the next version.
    const versions = after.list.version ?? 0;
    expect(versions).toBeGreaterThanOrEqual(4);
  });

  it("a removed item never comes back: not from a late tick, an edit or the same add sent again", async () => {
    const list = await create({ name: "Removals", recipeIds: [pancakes] });
    const who = { editToken: expectDefined(list.editToken) };
    const egg = named(list, /egg/).id;
    const lemon = newId();
    await changeOk(list.id, [{ op: "add", itemId: lemon, text: "2 lemons", at: Date.now(), opId: newId() }], who);
    const gone = await changeOk(
      list.id,
      [
        { op: "remove", itemId: egg, opId: newId() },
        { op: "remove", itemId: lemon, opId: newId() },
      ],
      who,
    );
    expect(all(gone.list).some((i) => i.id === egg || i.id === lemon)).toBe(false);
    // A stale device: its queue still ticks the egg, edits it, and adds the lemon again (no op ids: an old queue).
    const stale = await changeOk(
      list.id,
      [
        { op: "tick", itemId: egg, checked: true, at: Date.now() },
        { op: "edit", itemId: egg, name: "eggs again", amount: "" },
        { op: "add", itemId: lemon, text: "2 lemons", at: Date.now() },
      ],
      who,
    );
    expect(stale.missing.sort()).toEqual([egg, lemon].sort());
    expect(all(stale.list).some((i) => i.id === egg || i.id === lemon || /lemon|eggs again/.test(i.name))).toBe(false);
    // DELETE of one item is the same removal; a second one is a 404.
    const flour = named(list, /flour/).id;
    const del = (id: string) =>
      call(`/api/shopping-lists/${list.id}/items/${id}`, { method: "DELETE", headers: headers(who) }).then((r) => r.status);
    expect(await del(flour)).toBe(204);
    expect(await del(flour)).toBe(404);
    expect((await changeOk(list.id, [{ op: "staple", itemId: flour, staple: true }], who)).missing).toEqual([flour]);
  });

  it("two adds of the same item (two phones typing 'milk' at once) make one item with the amounts combined", async () => {
    const list = await create({ name: "Milk", recipeIds: [pancakes] });
    const who = { editToken: expectDefined(list.editToken) };
    const mina = newId();
    const sam = newId();
    await changeOk(list.id, [{ op: "add", itemId: mina, text: "1 l milk", at: Date.now(), opId: newId() }], who);
    const both = await changeOk(list.id, [{ op: "add", itemId: sam, text: "2 l milk", at: Date.now(), opId: newId() }], who);
    const typed = all(both.list).filter((i) => i.addedByHand && /milk/.test(i.name));
    expect(typed).toHaveLength(1);
    expect(typed[0]).toMatchObject({ id: mina, amount: "3 l", recipes: [] });
    // The recipe's own milk stays its own line.
    expect(all(both.list).filter((i) => /milk/.test(i.name))).toHaveLength(2);
    // Sam's phone ticks the item it added, by its own id: the joined item is ticked.
    const ticked = await changeOk(list.id, [{ op: "tick", itemId: sam, checked: true, at: Date.now(), opId: newId() }], who);
    expect(ticked.missing).toEqual([]);
    expect(expectDefined(all(ticked.list).find((i) => i.id === mina)).checked).toBe(true);
    // Once in the cart, another 'milk' is a new line (someone needs more).
    const more = await changeOk(list.id, [{ op: "add", itemId: newId(), text: "milk", at: Date.now(), opId: newId() }], who);
    expect(all(more.list).filter((i) => i.addedByHand && /milk/.test(i.name))).toHaveLength(2);
    // Both adds in one batch join too.
    const eggs = await changeOk(
      list.id,
      [
        { op: "add", itemId: newId(), text: "6 eggs", at: Date.now(), opId: newId() },
        { op: "add", itemId: newId(), text: "6 eggs", at: Date.now(), opId: newId() },
      ],
      who,
    );
    expect(
      all(eggs.list)
        .filter((i) => i.addedByHand && /egg/.test(i.name))
        .map((i) => i.amount),
    ).toEqual(["12"]);
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
