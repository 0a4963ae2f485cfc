/**
 * Live lists (decision 0037) in workerd: the list's room (a Durable Object with hibernatable
 * WebSockets) sends every applied change to every open page, in one order, with presence; it
 * survives hibernation; it closes the sockets of someone who lost access; it answers only readers.
 */
import { env, exports } from "cloudflare:workers";
import { evictDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { LiveServerMessage, ListPatch } from "../../core/api/live.ts";
import type { ShoppingList } from "../../core/api/lists.ts";
import type { ListChange } from "../../core/api/shopping.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";
import type { CreatedInvite } from "../../web/features/household/contract.ts";
import { newId } from "../lib/ids.ts";
import { addUser, api, apiJson, makeList, manualRecipe, type TestUser } from "../test/signed-in.ts";
import { roomOf } from "./rooms.ts";

/** A test socket: every message it got, and a way to wait for the next one matching. */
interface Client {
  ws: WebSocket;
  got: LiveServerMessage[];
  closed: { code: number } | null;
  next<T extends LiveServerMessage["t"]>(
    t: T,
    match?: (m: Extract<LiveServerMessage, { t: T }>) => boolean,
  ): Promise<Extract<LiveServerMessage, { t: T }>>;
  send(ops: ListChange[]): void;
}

async function open(listId: string, as: TestUser | null, headers: Record<string, string> = {}, query = ""): Promise<Client | Response> {
  const res = await exports.default.fetch(`http://localhost/api/shopping-lists/${listId}/live${query}`, {
    headers: { upgrade: "websocket", ...(as ? { authorization: `Bearer ${as.token}` } : {}), ...headers },
  });
  const ws = res.webSocket;
  if (!ws) return res;
  ws.accept();
  const client: Client = {
    ws,
    got: [],
    closed: null,
    async next(t, match) {
      for (let waited = 0; waited < 10_000; waited += 10) {
        const found = client.got.findIndex((m) => m.t === t && (!match || match(m as never)));
        if (found >= 0) return client.got.splice(found, 1)[0] as never;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no ${t} message; got ${JSON.stringify(client.got)}`);
    },
    send(ops) {
      ws.send(JSON.stringify({ t: "ops", ops }));
    },
  };
  ws.addEventListener("message", (e) => {
    const text = String(e.data);
    client.got.push((text === "pong" ? text : JSON.parse(text)) as LiveServerMessage);
  });
  ws.addEventListener("close", (e) => {
    client.closed = { code: e.code };
  });
  return client;
}

async function client(listId: string, as: TestUser | null, query = ""): Promise<Client> {
  const c = await open(listId, as, {}, query);
  if (c instanceof Response) throw new Error(`upgrade refused: ${c.status} ${await c.text()}`);
  return c;
}

const items = (list: ShoppingList) => Object.values(list.ingredients).flat();

async function householdWith(owner: TestUser, member: TestUser, listId: string): Promise<void> {
  await apiJson("/api/household", { method: "POST", as: owner, body: { name: "Home" } }, 201);
  const made = await apiJson<CreatedInvite>("/api/household/invites", { method: "POST", as: owner, body: {} }, 201);
  const token = expectDefined(expectDefined(made.link).split("/invite/")[1]);
  await apiJson("/api/household/invites/accept", { method: "POST", as: member, body: { token } });
  await apiJson(`/api/shopping-lists/${listId}/household`, { method: "PUT", as: owner, body: { household: true } });
}

async function world() {
  const [olive, mina] = await Promise.all([addUser({ firstName: "Olive" }), addUser({ firstName: "Mina" })]);
  const recipe = await manualRecipe("Pancakes", ["2 eggs", "1 cup flour", "1 cup milk"], olive);
  const list = await makeList("Saturday", [recipe.id], olive);
  await householdWith(olive, mina, list.id);
  const egg = expectDefined(items(list as unknown as ShoppingList).find((i) => /egg/.test(i.name))).id;
  return { olive, mina, listId: list.id, egg };
}

describe("a list's live room", () => {
  it("a recipe added to the list changes the amounts on every open page: joined items, new rows, the recipes line", async () => {
    const w = await world();
    const olive = await client(w.listId, w.olive);
    const hello = await olive.next("hello");
    const flour = expectDefined(items(hello.list).find((i) => /flour/.test(i.name))).id;
    const milk = expectDefined(items(hello.list).find((i) => /milk/.test(i.name))).id;
    // The milk is in the cart, and Mina typed some eggs of her own: neither takes the recipe's share.
    const typedEggs = newId();
    await apiJson(`/api/shopping-lists/${w.listId}/changes`, {
      method: "POST",
      as: w.mina,
      body: {
        changes: [
          { op: "tick", itemId: milk, checked: true, at: Date.now(), opId: newId() },
          { op: "add", itemId: typedEggs, text: "6 eggs", at: Date.now(), opId: newId() },
        ],
      },
    });
    const before = await olive.next("patch");
    const crepes = await manualRecipe("Crepes", ["3 eggs", "1 cup flour", "2 cups milk", "1 lemon"], w.mina);
    const answer = await apiJson<ShoppingList>(`/api/shopping-lists/${w.listId}/recipes`, {
      method: "POST",
      as: w.mina,
      body: { recipeId: crepes.id },
    });
    const patch = await olive.next("patch");
    expect(patch.version).toBe(before.version + 1);
    expect(patch.recipes?.map((r) => r.title)).toEqual(["Pancakes", "Crepes"]);
    // 2 eggs + 3 eggs on the recipes' row, 1 + 1 cup of flour; the milk in the cart and the typed eggs keep theirs.
    expect(patch.items).toContainEqual({ id: w.egg, amount: "5", recipes: ["Pancakes", "Crepes"] });
    expect(patch.items).toContainEqual({ id: flour, amount: "2 cups", recipes: ["Pancakes", "Crepes"] });
    expect(patch.items.some((i) => i.id === milk || i.id === typedEggs)).toBe(false);
    const newMilk = expectDefined(patch.items.find((i) => /milk/.test(i.name ?? "")));
    expect(newMilk).toMatchObject({ amount: "2 cups", checked: false, addedByHand: false, recipes: ["Crepes"] });
    expect(patch.items.find((i) => /lemon/.test(i.name ?? ""))).toMatchObject({ amount: "1", category: expect.any(String) });
    // The answer is the same list, and a reload reads it from D1.
    const reread = await apiJson<ShoppingList>(`/api/shopping-lists/${w.listId}`, { as: w.olive });
    for (const list of [answer, reread]) {
      expect(list.version).toBe(patch.version);
      expect(list.recipes.map((r) => r.title)).toEqual(["Pancakes", "Crepes"]);
      expect(items(list).find((i) => i.id === w.egg)?.amount).toBe("5");
      expect(items(list).find((i) => i.id === typedEggs)?.amount).toBe("6");
      expect(
        items(list)
          .filter((i) => /milk/.test(i.name))
          .map((i) => i.amount),
      ).toEqual(expect.arrayContaining(["1 cup", "2 cups"]));
    }
    // Sent again (a retried request): nothing changes, no patch.
    await apiJson(`/api/shopping-lists/${w.listId}/recipes`, { method: "POST", as: w.mina, body: { recipeId: crepes.id } });
    expect((await apiJson<ShoppingList>(`/api/shopping-lists/${w.listId}`, { as: w.olive })).version).toBe(patch.version);
    // A recipe that is not there, or someone else's: 400 and nothing changes.
    const others = await manualRecipe("Secret", ["1 truffle"], await addUser({ firstName: "Stan" }));
    for (const recipeId of ["no_such_recipe_id_000", others.id]) {
      const res = await api(`/api/shopping-lists/${w.listId}/recipes`, { method: "POST", as: w.mina, body: { recipeId } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe("unknown_recipes");
    }
    expect(olive.got.filter((m) => m.t === "patch")).toEqual([]);

    // The list renamed: a patch with the new name, next in the list's order.
    await apiJson(`/api/shopping-lists/${w.listId}`, { method: "PATCH", as: w.mina, body: { name: "Crepe night" } });
    expect(await olive.next("patch")).toMatchObject({ version: patch.version + 1, items: [], removed: [], name: "Crepe night" });
    const renamed = await apiJson<ShoppingList>(`/api/shopping-lists/${w.listId}`, { as: w.olive });
    expect(renamed).toMatchObject({ name: "Crepe night", version: patch.version + 1 });

    // Another store chosen for the list (a patch does not carry its order): every open page gets the list again.
    const store = await apiJson<{ id: string }>("/api/users/me/stores", { method: "POST", as: w.olive, body: { name: "Lidl" } }, 201);
    await apiJson(`/api/shopping-lists/${w.listId}/store`, { method: "PUT", as: w.olive, body: { storeId: store.id } });
    expect((await olive.next("hello")).list.store).toMatchObject({ id: store.id, name: "Lidl" });
    olive.ws.close(1000, "done");
  });

  it("greets with the list and who else is in the store, and sends each change to every page in one order", async () => {
    const w = await world();
    const olive = await client(w.listId, w.olive);
    const hello = await olive.next("hello");
    expect(hello.editable).toBe(true);
    expect(hello.present).toEqual([]);
    const mina = await client(w.listId, w.mina, "?units=metric");
    expect((await mina.next("hello")).present).toEqual([{ name: "Olive" }]);
    expect((await olive.next("presence")).present).toEqual([{ name: "Mina" }]);

    const tick = newId();
    mina.send([{ op: "tick", itemId: w.egg, checked: true, at: Date.now(), opId: tick }]);
    const seen = await Promise.all([olive.next("patch"), mina.next("patch")]);
    for (const p of seen) {
      expect(p.version).toBe((hello.list.version ?? 0) + 1);
      expect(p.items).toEqual([{ id: w.egg, checked: true, checkedAt: expect.any(Number) }]);
      expect(p.done).toEqual([tick]);
    }
    // The same operation again (a reconnect resends it): no new version, only the sender hears it is done.
    mina.send([{ op: "tick", itemId: w.egg, checked: true, at: Date.now(), opId: tick }]);
    const again = await mina.next("patch");
    expect(again).toMatchObject({ version: (hello.list.version ?? 0) + 1, items: [], done: [tick] });

    // An add over HTTP reaches the sockets too, in each page's units.
    const added = newId();
    await apiJson(`/api/shopping-lists/${w.listId}/changes`, {
      method: "POST",
      as: w.olive,
      body: { changes: [{ op: "add", itemId: added, text: "2 cups yogurt", at: Date.now(), opId: newId() }] },
    });
    const [forOlive, forMina] = await Promise.all([olive.next("patch"), mina.next("patch")]);
    expect(forOlive.items[0]).toMatchObject({ id: added, name: "yogurt", amount: "2 cups", addedByHand: true });
    expect(forMina.items[0]).toMatchObject({ id: added, amount: "475 ml" });
    expect(forMina.version).toBe(forOlive.version);

    mina.ws.close(1000, "bye");
    expect((await olive.next("presence")).present).toEqual([]);
    olive.ws.close(1000, "bye");
  });

  it("two pages adding 'milk' at once get one milk with the amounts combined", async () => {
    const w = await world();
    const olive = await client(w.listId, w.olive);
    const mina = await client(w.listId, w.mina);
    await Promise.all([olive.next("hello"), mina.next("hello")]);
    const [a, b] = [newId(), newId()];
    olive.send([{ op: "add", itemId: a, text: "1 l milk", at: Date.now(), opId: newId() }]);
    mina.send([{ op: "add", itemId: b, text: "2 l milk", at: Date.now(), opId: newId() }]);
    const patches: ListPatch[] = [await olive.next("patch"), await olive.next("patch")];
    const first = expectDefined(patches[0]);
    const second = expectDefined(patches[1]);
    expect(second.version).toBe(first.version + 1);
    const joined = expectDefined(first.items[0]).id;
    expect(second.aliases).toEqual([[joined === a ? b : a, joined]]);
    expect(second.items).toEqual([{ id: joined, amount: "3 l" }]);
    const list = await apiJson<ShoppingList>(`/api/shopping-lists/${w.listId}`, { as: w.olive });
    expect(
      items(list)
        .filter((i) => i.addedByHand && /milk/.test(i.name))
        .map((i) => i.amount),
    ).toEqual(["3 l"]);
    olive.ws.close(1000);
    mina.ws.close(1000);
  });

  it("keeps its pages across hibernation: the object is evicted, the sockets stay and still get changes", async () => {
    const w = await world();
    const olive = await client(w.listId, w.olive);
    const mina = await client(w.listId, w.mina);
    await Promise.all([olive.next("hello"), mina.next("hello")]);
    await evictDurableObject(roomOf(env, w.listId), { webSockets: "hibernate" });
    const op = newId();
    olive.send([{ op: "tick", itemId: w.egg, checked: true, at: Date.now(), opId: op }]);
    expect((await mina.next("patch")).done).toEqual([op]);
    // Ping is answered by the runtime (no wake-up needed).
    mina.ws.send("ping");
    for (let i = 0; i < 200 && !mina.got.some((m) => (m as unknown) === "pong"); i++) await new Promise((r) => setTimeout(r, 10));
    expect(mina.got as unknown[]).toContain("pong");
    olive.ws.close(1000);
    mina.ws.close(1000);
  });

  it("a member removed from the household is told at once and their socket closes; nobody else may open one", async () => {
    const w = await world();
    const mina = await client(w.listId, w.mina);
    await mina.next("hello");
    await apiJson(`/api/household/members/${w.mina.id}`, { method: "DELETE", as: w.olive }, 204);
    const revoked = await mina.next("revoked");
    expect(revoked).toMatchObject({ reason: "access", message: "This list belongs to a household you are not a member of." });
    for (let i = 0; i < 200 && !mina.closed; i++) await new Promise((r) => setTimeout(r, 10));
    expect(mina.closed?.code).toBe(4403);
    // Now a stranger: no socket.
    const again = await open(w.listId, w.mina);
    expect(again instanceof Response && again.status).toBe(403);
    const anonymous = await open(w.listId, null);
    expect(anonymous instanceof Response && anonymous.status).toBe(403);
    // Another site's page cannot open one with the owner's credentials.
    const foreign = await open(w.listId, w.olive, { origin: "https://evil.example" });
    expect(foreign instanceof Response && foreign.status).toBe(403);
    const plain = await exports.default.fetch(`http://localhost/api/shopping-lists/${w.listId}/live`, {
      headers: { authorization: `Bearer ${w.olive.token}` },
    });
    expect(plain.status).toBe(426);
  });

  it("leaving, a list made personal again and a deleted household end a member's page with the reason; HTTP refuses them too", async () => {
    const change = (itemId: string) => ({ changes: [{ op: "tick", itemId, checked: true, at: Date.now(), opId: newId() }] });
    const closedWith = async (c: Client) => {
      for (let i = 0; i < 300 && !c.closed; i++) await new Promise((r) => setTimeout(r, 10));
      return c.closed?.code;
    };

    // The creator makes the list personal again: the member's page is told and closed; the creator's stays live.
    const w = await world();
    const [olive, mina] = [await client(w.listId, w.olive), await client(w.listId, w.mina)];
    await Promise.all([olive.next("hello"), mina.next("hello")]);
    await apiJson(`/api/shopping-lists/${w.listId}/household`, { method: "PUT", as: w.olive, body: { household: false } });
    expect(await mina.next("revoked")).toEqual({
      t: "revoked",
      reason: "unshared",
      message: "This list is no longer shared with your household.",
    });
    expect(await closedWith(mina)).toBe(4403);
    const refused = await api(`/api/shopping-lists/${w.listId}/changes`, { method: "POST", as: w.mina, body: change(w.egg) });
    expect(refused.status).toBe(403);
    const op = newId();
    olive.send([{ op: "tick", itemId: w.egg, checked: true, at: Date.now(), opId: op }]);
    expect((await olive.next("patch")).done).toEqual([op]);
    expect(olive.got.filter((m) => m.t === "revoked")).toEqual([]);
    expect(olive.closed).toBeNull();

    // The owner deletes the household: a member's open page of one of its lists is told why.
    await apiJson(`/api/shopping-lists/${w.listId}/household`, { method: "PUT", as: w.olive, body: { household: true } });
    const minaAgain = await client(w.listId, w.mina);
    await minaAgain.next("hello");
    await apiJson("/api/household", { method: "DELETE", as: w.olive }, 204);
    expect(await minaAgain.next("revoked")).toMatchObject({ reason: "household_deleted" });
    expect(await closedWith(minaAgain)).toBe(4403);
    expect((await api(`/api/shopping-lists/${w.listId}/changes`, { method: "POST", as: w.mina, body: change(w.egg) })).status).toBe(403);
    expect(olive.got.filter((m) => m.t === "revoked")).toEqual([]);
    olive.ws.close(1000);

    // A member leaves: their page is told and closed, their changes and a new socket refused.
    const v = await world();
    const leaving = await client(v.listId, v.mina);
    await leaving.next("hello");
    await apiJson("/api/household/leave", { method: "POST", as: v.mina }, 204);
    expect(await leaving.next("revoked")).toMatchObject({ reason: "access" });
    expect(await closedWith(leaving)).toBe(4403);
    const gone = await api(`/api/shopping-lists/${v.listId}/changes`, { method: "POST", as: v.mina, body: change(v.egg) });
    expect(gone.status).toBe(403);
    expect(((await gone.json()) as { code: string }).code).toBe("not_in_household");
    const reopened = await open(v.listId, v.mina);
    expect(reopened instanceof Response && reopened.status).toBe(403);
  });

  it("deleting the list tells its pages; a personal list's link holder watches read-only", async () => {
    const owner = await addUser({ firstName: "Olive" });
    const recipe = await manualRecipe("Soup", ["1 onion"], owner);
    const list = await makeList("Personal", [recipe.id], owner);
    const viewer = await client(list.id, null);
    const hello = await viewer.next("hello");
    expect(hello.editable).toBe(false);
    const onion = expectDefined(items(hello.list)[0]).id;
    viewer.send([{ op: "tick", itemId: onion, checked: true, at: Date.now(), opId: newId() }]);
    expect((await viewer.next("error")).code).toBe("forbidden");
    const mine = await client(list.id, owner);
    await mine.next("hello");
    // The owner's own second device is no one else: no presence line for oneself.
    expect(viewer.got.filter((m) => m.t === "presence")).toEqual([]);
    await apiJson(`/api/shopping-lists/${list.id}`, { method: "DELETE", as: owner }, 204);
    expect((await viewer.next("revoked")).reason).toBe("deleted");
    expect((await mine.next("revoked")).reason).toBe("deleted");
  });

  it("a signed-out creator proves the edit token on the socket and may then change the list", async () => {
    const recipe = await manualRecipe("Soup", ["1 onion"]);
    const list = await makeList("Signed out", [recipe.id]);
    const c = await client(list.id, null);
    expect((await c.next("hello")).editable).toBe(false);
    c.ws.send(JSON.stringify({ t: "auth", editToken: "wrong" }));
    c.ws.send(JSON.stringify({ t: "auth", editToken: list.editToken }));
    expect((await c.next("hello")).editable).toBe(true);
    const onion = expectDefined(items(list as unknown as ShoppingList)[0]).id;
    c.send([{ op: "remove", itemId: onion, opId: newId() }]);
    expect((await c.next("patch")).removed).toEqual([onion]);
    c.ws.send("not json");
    expect((await c.next("error")).code).toBe("bad_message");

    // Adding a recipe to a signed-out list takes its edit token too; the id alone only reads it.
    const salsa = await manualRecipe("Salsa", ["2 onions", "1 lime"]);
    const path = `/api/shopping-lists/${list.id}/recipes`;
    expect((await api(path, { method: "POST", body: { recipeId: salsa.id } })).status).toBe(403);
    const added = await api(path, {
      method: "POST",
      body: { recipeId: salsa.id },
      headers: { "x-edit-token": expectDefined(list.editToken) },
    });
    expect(added.status).toBe(200);
    expect(((await added.json()) as ShoppingList).recipes.map((r) => r.title)).toEqual(["Soup", "Salsa"]);
  });
});
