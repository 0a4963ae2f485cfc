/**
 * Security and robustness probe of the routes that landed on 2026-11-25 (docs/security-review-2026-11-25.md):
 * bad input of every kind answers a JSON problem with a stable code (never a 500 or a stack trace),
 * nobody changes what is not theirs, cookie writes need this site's Origin, the parser-running and
 * search routes hold up against hostile text, and writes that run the parser are rate limited.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { HistoryResponse } from "../../core/api/favorites.ts";
import { LIST_ADDED_ITEMS_MAX, LIST_CHANGES_MAX, type ListChangesResponse, type ShoppingList } from "../../core/api/lists.ts";
import type { ListChange } from "../../core/api/shopping.ts";
import { newId } from "../lib/ids.ts";
import { addUser, api, apiJson, makeList, manualRecipe, type TestUser } from "../test/signed-in.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";

vi.setConfig({ testTimeout: 60_000 });

const ORIGIN = "http://localhost";

let ipCounter = 0;
const uniqueIp = () => `2001:db8:0b::${(++ipCounter).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;

interface Raw {
  method?: string;
  headers?: Record<string, string>;
  body?: BodyInit | null;
  as?: TestUser | null;
}

/** A request exactly as given (no JSON helper), from its own client address unless one is given. */
function raw(path: string, init: Raw = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.as) headers.set("authorization", `Bearer ${init.as.token}`);
  if (!headers.has("cf-connecting-ip")) headers.set("cf-connecting-ip", uniqueIp());
  return exports.default.fetch(`${ORIGIN}${path}`, { method: init.method ?? "GET", headers, body: init.body ?? null });
}

/** The answer is a JSON problem with this status and code, and no trace of the server's insides. */
/**
 * A distinct made-up word for `i` ("cbb", "cbc", …: consonants only, no s/x/y, so no plural rule
 * folds two into one): typed items named by it are different items, so none join (decision 0037).
 */
function tag(i: number): string {
  const letters = "bcdfghjklmnpqrtvwz";
  let word = "";
  for (let n = i + letters.length ** 2; n > 0; n = Math.floor(n / letters.length)) word = letters[n % letters.length] + word;
  return word;
}

async function expectProblem(res: Response, status: number, code?: string): Promise<{ code: string; message: string }> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  const body = JSON.parse(text) as { code: string; message: string };
  expect(body.code).toMatch(/^[a-z_]+$/);
  expect(body.message.length).toBeGreaterThan(0);
  expect(text).not.toMatch(/\bat \S+ \(|\.ts:\d+|SQLITE|D1_ERROR|Error:/);
  if (code) expect(body.code).toBe(code);
  return body;
}

const itemId = () => `it_${newId()}`;

async function ownedList(owner: TestUser): Promise<ShoppingList> {
  const recipe = await manualRecipe("Probe soup", ["2 onions", "1 litre stock", "1 tbsp olive oil"], owner);
  return (await makeList("Probe list", [recipe.id], owner)) as unknown as ShoppingList;
}

const firstItem = (list: ShoppingList) => expectDefined(Object.values(list.ingredients).flat()[0]);

describe("POST /api/shopping-lists/{id}/changes: careless and hostile clients", () => {
  it("answers a problem for every malformed request, never a 500", async () => {
    const owner = await addUser();
    const list = await ownedList(owner);
    const path = `/api/shopping-lists/${list.id}/changes`;
    const json = { "content-type": "application/json" };
    const item = firstItem(list).id;

    await expectProblem(
      await raw(path, { method: "POST", as: owner, headers: { "content-type": "text/plain" }, body: "{}" }),
      415,
      "unsupported_media_type",
    );
    await expectProblem(await raw(path, { method: "POST", as: owner, headers: json, body: "{changes: [" }), 400, "invalid_json");
    await expectProblem(await raw(path, { method: "POST", as: owner, headers: json, body: "" }), 400, "invalid_json");
    await expectProblem(await raw(path, { method: "POST", as: owner, headers: json, body: "null" }), 400, "invalid_body");
    await expectProblem(await raw(path, { method: "POST", as: owner, headers: json, body: '"changes"' }), 400, "invalid_body");
    await expectProblem(
      await raw(path, { method: "POST", as: owner, headers: json, body: JSON.stringify({ changes: "tick" }) }),
      400,
      "invalid_body",
    );
    await expectProblem(
      await raw(path, { method: "POST", as: owner, headers: json, body: JSON.stringify({ changes: [] }) }),
      400,
      "invalid_body",
    );
    const tooMany = Array.from({ length: LIST_CHANGES_MAX + 1 }, () => ({ op: "tick", itemId: item, checked: true, at: 1 }));
    await expectProblem(
      await raw(path, { method: "POST", as: owner, headers: json, body: JSON.stringify({ changes: tooMany }) }),
      400,
      "invalid_body",
    );
    const wrong: unknown[] = [
      { op: "drop_table", itemId: item },
      { op: "tick", itemId: item, checked: "yes", at: 1 },
      { op: "tick", itemId: item, checked: true, at: -1 },
      { op: "tick", itemId: item, checked: true, at: 1.5 },
      { op: "tick", itemId: item, checked: true, at: "now" },
      { op: "tick", itemId: "../../etc/passwd", checked: true, at: 1 },
      { op: "tick", itemId: "x".repeat(65), checked: true, at: 1 },
      { op: "tick", itemId: 42, checked: true, at: 1 },
      { op: "add", itemId: itemId(), text: "   ", at: 1 },
      { op: "add", itemId: itemId(), text: "x".repeat(201), at: 1 },
      { op: "edit", itemId: item, name: { $ne: "" }, amount: "" },
      { op: "move", itemId: item, category: "Nowhere" },
      { op: "staple", itemId: item, staple: 1 },
    ];
    for (const change of wrong) {
      const body = await expectProblem(
        await raw(path, { method: "POST", as: owner, headers: json, body: JSON.stringify({ changes: [change] }) }),
        400,
        "invalid_body",
      );
      expect(body.message).toBeTruthy();
    }
    // Over the body limit: refused before parsing.
    const huge = JSON.stringify({ changes: [{ op: "add", itemId: itemId(), text: "a".repeat(300_000), at: 1 }] });
    await expectProblem(await raw(path, { method: "POST", as: owner, headers: json, body: huge }), 413, "body_too_large");
    // Ids of the wrong shape in the path: a 404, like any unknown list.
    for (const bad of ["x", "%27%20or%201%3D1--", "a".repeat(300), "..%2F..%2Fadmin"]) {
      await expectProblem(
        await raw(`/api/shopping-lists/${bad}/changes`, {
          method: "POST",
          as: owner,
          headers: json,
          body: JSON.stringify({ changes: [{ op: "tick", itemId: item, checked: true, at: 1 }] }),
        }),
        404,
      );
    }
    // Unknown fields are ignored, not stored.
    const ok = await raw(path, {
      method: "POST",
      as: owner,
      headers: json,
      body: JSON.stringify({
        changes: [{ op: "tick", itemId: item, checked: true, at: Date.now(), userId: "someone", listId: "other" }],
        admin: true,
      }),
    });
    expect(ok.status, await ok.clone().text()).toBe(200);
  });

  it("takes a full batch of 200 hand-typed 200-character items in one go", async () => {
    const owner = await addUser();
    const list = await ownedList(owner);
    const before = Object.values(list.ingredients).flat().length;
    const words = ["2 cups", "chopped fresh flat-leaf parsley", "(about 1 bunch)", "or 3 tbsp dried", "to taste, divided,"];
    // Each line names its own item ("parsley ba", "parsley bb", …): the same item typed twice would join (decision 0037).
    const changes: ListChange[] = Array.from({ length: LIST_CHANGES_MAX }, (_, i) => {
      let text = `${i} ${words.join(" ").replace("parsley", `parsley ${tag(i)}`)}`;
      while (text.length < 200) text += ` ${words[text.length % words.length]}`;
      return { op: "add", itemId: itemId(), text: text.slice(0, 200).trim(), at: Date.now() };
    });
    const res = await raw(`/api/shopping-lists/${list.id}/changes`, {
      method: "POST",
      as: owner,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ changes }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as ListChangesResponse;
    expect(answer.missing).toEqual([]);
    expect(Object.values(answer.list.ingredients).flat().length).toBe(before + LIST_CHANGES_MAX);
  });

  it("stores odd but valid text as typed: lone surrogates, NUL, punctuation, markup, right-to-left", async () => {
    const owner = await addUser();
    const list = await ownedList(owner);
    const odd = [
      "\ud800 onion",
      "\u0000",
      "-",
      "()",
      "1/0 cup",
      "0 x 1e999 eggs",
      "<script>alert(1)</script>",
      "\u202e2 lemons",
      "🧅🧅🧅",
      "½½ cup ¼",
    ];
    for (const text of odd) {
      const res = await raw(`/api/shopping-lists/${list.id}/changes`, {
        method: "POST",
        as: owner,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ changes: [{ op: "add", itemId: itemId(), text, at: Date.now() }] }),
      });
      expect(res.status, `${JSON.stringify(text)}: ${await res.clone().text()}`).toBe(200);
      const edited = await raw(`/api/shopping-lists/${list.id}/changes`, {
        method: "POST",
        as: owner,
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          changes: [{ op: "edit", itemId: firstItem(list).id, name: text.trim() || "x", amount: text.slice(0, 60) }],
        }),
      });
      expect(edited.status, `${JSON.stringify(text)}: ${await edited.clone().text()}`).toBe(200);
    }
    const history = await raw("/api/users/me/shopping-lists?search=%ED%A0%80%20onion%FF", { as: owner });
    expect(history.status).toBe(200);
  });

  it("caps the items added by hand to one list: past the cap a 409 problem, resending an added id still works", async () => {
    const owner = await addUser();
    const list = await ownedList(owner);
    const path = `/api/shopping-lists/${list.id}/changes`;
    const send = (changes: ListChange[]) =>
      raw(path, { method: "POST", as: owner, headers: { "content-type": "application/json" }, body: JSON.stringify({ changes }) });
    const adds = (n: number): ListChange[] =>
      Array.from({ length: n }, (_, i) => ({ op: "add", itemId: itemId(), text: `${i} egg ${tag(made + i)}`, at: 1 }));
    // Distinct items: the same item typed again joins the one there (decision 0037) and makes no row.
    let made = 0;
    let last: ListChange[] = [];
    for (let left = LIST_ADDED_ITEMS_MAX; left > 0; left -= LIST_CHANGES_MAX) {
      last = adds(Math.min(left, LIST_CHANGES_MAX));
      made += last.length;
      const res = await send(last);
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const full = await expectProblem(await send(adds(1)), 409, "list_full");
    expect(full.message).toContain(String(LIST_ADDED_ITEMS_MAX));
    // A batch that would pass the cap is refused whole: its join is not applied either.
    await expectProblem(await send([{ op: "add", itemId: itemId(), text: "2 egg cbc", at: 1 }, ...adds(1)]), 409, "list_full");
    // An add of an item already there joins it (no new row): still fine at the cap.
    const joined = await send([{ op: "add", itemId: itemId(), text: "2 egg cbc", at: 1 }]);
    expect(joined.status, await joined.clone().text()).toBe(200);
    const eggCbc = Object.values(((await joined.json()) as ListChangesResponse).list.ingredients)
      .flat()
      .filter((i) => i.name === "egg cbc");
    expect(eggCbc.map((i) => i.amount)).toEqual(["3"]);
    // A queued add sent again (already on the list) is not a new item: still fine at the cap.
    const again = await send([
      expectDefined(last[0]),
      { op: "tick", itemId: expectDefined(last[1]).itemId, checked: true, at: Date.now() },
    ]);
    expect(again.status, await again.clone().text()).toBe(200);
    const after = await apiJson<ShoppingList>(`/api/shopping-lists/${list.id}`);
    expect(
      Object.values(after.ingredients)
        .flat()
        .filter((i) => i.addedByHand),
    ).toHaveLength(LIST_ADDED_ITEMS_MAX);
  });

  it("cannot touch another list's items through one's own list, nor another user's list", async () => {
    const [owner, other] = await Promise.all([addUser(), addUser()]);
    const mine = await ownedList(owner);
    const theirs = await ownedList(other);
    const target = firstItem(theirs);
    const json = { "content-type": "application/json" };
    const attack: ListChange[] = [
      { op: "tick", itemId: target.id, checked: true, at: Date.now() },
      { op: "edit", itemId: target.id, name: "pwned", amount: "1" },
      { op: "move", itemId: target.id, category: "Other" },
      { op: "staple", itemId: target.id, staple: true, remember: true },
      // A client-made id that is already another list's item: no second row, no takeover.
      { op: "add", itemId: target.id, text: "pwned", at: Date.now() },
    ];
    const res = await raw(`/api/shopping-lists/${mine.id}/changes`, {
      method: "POST",
      as: owner,
      headers: json,
      body: JSON.stringify({ changes: attack }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as ListChangesResponse).missing).toEqual([target.id]);
    await expectProblem(
      await raw(`/api/shopping-lists/${theirs.id}/changes`, {
        method: "POST",
        as: owner,
        headers: json,
        body: JSON.stringify({ changes: attack }),
      }),
      403,
      "forbidden",
    );
    await expectProblem(
      await raw(`/api/shopping-lists/${theirs.id}/changes`, { method: "POST", headers: json, body: JSON.stringify({ changes: attack }) }),
      403,
      "forbidden",
    );
    const after = await apiJson<ShoppingList>(`/api/shopping-lists/${theirs.id}`);
    const same = expectDefined(
      Object.values(after.ingredients)
        .flat()
        .find((i) => i.id === target.id),
    );
    expect(same).toMatchObject({ name: target.name, checked: false });
    expect(Object.values(after.ingredients).flat()).toHaveLength(Object.values(theirs.ingredients).flat().length);
  });

  it("refuses a cookie-signed-in change without this site's Origin", async () => {
    const owner = await addUser();
    const list = await ownedList(owner);
    const body = JSON.stringify({ changes: [{ op: "tick", itemId: firstItem(list).id, checked: true, at: Date.now() }] });
    const headers = { "content-type": "application/json", cookie: `rc_session=${owner.token}` };
    const path = `/api/shopping-lists/${list.id}/changes`;
    await expectProblem(await raw(path, { method: "POST", headers, body }), 403, "origin_mismatch");
    await expectProblem(
      await raw(path, { method: "POST", headers: { ...headers, origin: "https://evil.example" }, body }),
      403,
      "origin_mismatch",
    );
    await expectProblem(await raw(path, { method: "POST", headers: { ...headers, origin: "null" }, body }), 403, "origin_mismatch");
    const ok = await raw(path, { method: "POST", headers: { ...headers, origin: ORIGIN }, body });
    expect(ok.status, await ok.clone().text()).toBe(200);
  });

  it("is rate limited per client (429 with Retry-After): 'add' runs the parser", async () => {
    const visitorList = await apiJson<ShoppingList & { editToken: string }>(
      "/api/shopping-lists",
      { method: "POST", body: { name: "Visitor", recipeIds: [(await manualRecipe("V", ["1 egg"])).id] } },
      201,
    );
    const ip = uniqueIp();
    const send = (body: string) =>
      raw(`/api/shopping-lists/${visitorList.id}/changes`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-edit-token": visitorList.editToken, "cf-connecting-ip": ip },
        body,
      });
    const add = () => JSON.stringify({ changes: [{ op: "add", itemId: itemId(), text: "1 onion", at: Date.now() }] });
    expect((await send(add())).status).toBe(200);
    // Every request counts, even one whose body is refused: cheap ones fill the budget quickly.
    let limited: Response | null = null;
    for (let round = 0; round < 12 && !limited; round++) {
      const answers = await Promise.all(Array.from({ length: 25 }, () => send("{")));
      limited = answers.find((r) => r.status === 429) ?? null;
      for (const r of answers) if (r !== limited) await r.body?.cancel();
    }
    expect(limited, "no 429 after 300 changes requests from one address").not.toBeNull();
    expect(Number(expectDefined(limited).headers.get("retry-after"))).toBeGreaterThan(0);
    await expectProblem(expectDefined(limited), 429, "rate_limited");
    // Another address has its own budget.
    const elsewhere = await raw(`/api/shopping-lists/${visitorList.id}/changes`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-edit-token": visitorList.editToken },
      body: add(),
    });
    expect(elsewhere.status, await elsewhere.clone().text()).toBe(200);
  });
});

describe("GET /api/users/me/shopping-lists: FTS5 injection", () => {
  it("treats FTS5 syntax, quotes and lone marks as plain text: 200, only the caller's lists", async () => {
    const [owner, other] = await Promise.all([addUser(), addUser()]);
    const mine = await makeList("Quiche night", [(await manualRecipe("Quiche", ["3 eggs"], owner)).id], owner);
    await makeList("Quiche for them", [(await manualRecipe("Quiche", ["3 eggs"], other)).id], other);
    const hostile = [
      '"',
      '""',
      "*",
      "quiche*",
      "quiche OR owner",
      "NEAR(quiche eggs)",
      "owner : u00",
      "{name items recipes} : quiche",
      "^quiche",
      "-quiche",
      "AND OR NOT",
      "\u0301",
      "e\u0301\u0301\u0301",
      "\u0301 quiche",
      "'; drop table users; --",
      "\\",
      "%_%",
      "\u0000",
      "\ud83c\udf73 quiche",
      "a b c d e f g h i j k quiche",
    ];
    for (const search of hostile) {
      const res = await raw(`/api/users/me/shopping-lists?search=${encodeURIComponent(search)}`, { as: owner });
      const text = await res.text();
      expect(res.status, `${JSON.stringify(search)}: ${text}`).toBe(200);
      const ids = (JSON.parse(text) as HistoryResponse).lists.map((l) => l.id);
      expect(
        ids.every((id) => id === mine.id),
        JSON.stringify(search),
      ).toBe(true);
    }
    const found = await apiJson<HistoryResponse>(`/api/users/me/shopping-lists?search=${encodeURIComponent('"quiche"')}`, { as: owner });
    expect(found.lists.map((l) => l.id)).toEqual([mine.id]);
  });
});

describe("admin desk: hostile queries and ids", () => {
  it("searches LIKE wildcards literally", async () => {
    const admin = await addUser({ admin: true });
    const tag = newId().toLowerCase().slice(0, 8);
    const pct = await addUser({ email: `pct%${tag}@example.test` });
    await addUser({ email: `pctx${tag}@example.test` });
    const under = await addUser({ email: `und_${tag}@example.test` });
    await addUser({ email: `undx${tag}@example.test` });
    const slash = await addUser({ email: `sl\\${tag}@example.test` });
    const ids = async (search: string) =>
      (await apiJson<{ users: { id: string }[] }>(`/api/admin/users?search=${encodeURIComponent(search)}`, { as: admin })).users.map(
        (u) => u.id,
      );
    expect(await ids(`%${tag}`)).toEqual([pct.id]);
    expect(await ids(`_${tag}`)).toEqual([under.id]);
    expect(await ids(`\\${tag}`)).toEqual([slash.id]);
  });

  it("answers a problem (not a 500) for pages and sizes out of range", async () => {
    const admin = await addUser({ admin: true });
    for (const q of [
      "page=0",
      "page=-1",
      "page=1.5",
      "page=abc",
      "pageSize=0",
      "pageSize=100000",
      "page=1e300",
      "page=99999999999999999999",
      "page=Infinity",
    ]) {
      const res = await raw(`/api/admin/users?${q}`, { as: admin });
      if (res.status === 200) {
        const body = (await res.json()) as { users: unknown[] };
        expect(body.users, q).toEqual([]);
      } else {
        await expectProblem(res, 400, "invalid_query");
      }
    }
  });

  it("DELETE with an id of the wrong shape or an unknown id is a 404 problem", async () => {
    const admin = await addUser({ admin: true });
    for (const id of ["x", "a".repeat(500), "%00", newId()]) {
      await expectProblem(await raw(`/api/admin/users/${id}`, { method: "DELETE", as: admin }), 404);
    }
  });

  it("a cookie-signed-in admin's DELETE needs this site's Origin", async () => {
    const admin = await addUser({ admin: true });
    const victim = await addUser();
    const headers = { cookie: `rc_session=${admin.token}` };
    await expectProblem(await raw(`/api/admin/users/${victim.id}`, { method: "DELETE", headers }), 403, "origin_mismatch");
    await expectProblem(
      await raw(`/api/admin/users/${victim.id}`, { method: "DELETE", headers: { ...headers, origin: "https://evil.example" } }),
      403,
      "origin_mismatch",
    );
    expect((await api("/api/auth/me", { as: victim })).status).toBe(200);
  });
});

describe("favourites and sessions: ids of the wrong shape and of others", () => {
  it("answers 404 problems for malformed and unknown ids", async () => {
    const user = await addUser();
    for (const id of ["x", "a".repeat(500), "%27--", newId()]) {
      await expectProblem(await raw(`/api/recipes/${id}/favorite`, { method: "POST", as: user }), 404);
      await expectProblem(await raw(`/api/shopping-lists/${id}/favorite`, { method: "POST", as: user }), 404);
      await expectProblem(await raw(`/api/auth/sessions/${id}`, { method: "DELETE", as: user }), 404);
    }
  });

  it("a body sent to a body-less write is ignored, whatever it is", async () => {
    const user = await addUser();
    const recipe = await manualRecipe("Mine", ["1 egg"], user);
    const res = await raw(`/api/recipes/${recipe.id}/favorite`, {
      method: "POST",
      as: user,
      headers: { "content-type": "application/json" },
      body: "{not json".repeat(10_000),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  });

  it("cannot end another user's session", async () => {
    const [me, other] = await Promise.all([addUser(), addUser()]);
    const theirs = await apiJson<{ sessions: { id: string }[] }>("/api/auth/sessions", { as: other });
    await expectProblem(
      await raw(`/api/auth/sessions/${expectDefined(theirs.sessions[0]).id}`, { method: "DELETE", as: me }),
      404,
      "session_not_found",
    );
    expect((await api("/api/auth/me", { as: other })).status).toBe(200);
  });
});
