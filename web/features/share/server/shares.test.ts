/**
 * Read-only share links through the API ("Sharing", decision 0031): who may share and revoke,
 * what a share holder reads (and cannot learn), that a share id grants no change, revocation, bad ids
 * and the rate limit.
 */
import { exports } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import type { ListChangesResponse, ShoppingList } from "../../../../core/api/lists.ts";
import type { ListShare, ListShares, SharedList } from "../contract.ts";
import { newId } from "../../../../worker/lib/ids.ts";
import { createPageServices } from "../../../../worker/services/page-services.ts";
import { addUser, api, apiJson, db, makeList, manualRecipe, type TestUser } from "../../../../worker/test/signed-in.ts";
import { expectDefined } from "../../../../core/lib/expect-defined.ts";

// Many requests per test (the rate-limit one sends up to 300): a loaded host needs more than the default 5 s.
vi.setConfig({ testTimeout: 60_000 });

type List = ShoppingList & { editToken?: string };

async function ownedList(owner: TestUser): Promise<List & { recipeId: string }> {
  const recipe = await manualRecipe("Shared soup", ["2 cups milk", "2 onions", "1 tbsp olive oil"], owner);
  return { ...((await makeList("Soup night", [recipe.id], owner)) as unknown as List), recipeId: recipe.id };
}

async function visitorList(): Promise<List & { editToken: string; recipeId: string }> {
  const recipe = await manualRecipe("Visitor salad", ["1 cucumber", "200 g feta"]);
  const list = (await makeList("Salad", [recipe.id])) as unknown as List;
  if (!list.editToken) throw new Error("a list made signed out comes with its edit token");
  return { ...list, editToken: list.editToken, recipeId: recipe.id };
}

/** The answer is a JSON problem with this status and code, and no trace of the server's insides. */
async function expectProblem(res: Response, status: number, code: string): Promise<{ code: string; message: string }> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  const body = JSON.parse(text) as { code: string; message: string };
  expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(0);
  expect(text).not.toMatch(/\bat \S+ \(|\.ts:\d+|SQLITE|D1_ERROR|Error:/);
  return body;
}

const share = (listId: string, as: TestUser | null, editToken?: string) =>
  api(`/api/shopping-lists/${listId}/shares`, { method: "POST", as, editToken });
const revoke = (listId: string, shareId: string, as: TestUser | null, editToken?: string) =>
  api(`/api/shopping-lists/${listId}/shares/${shareId}`, { method: "DELETE", as, editToken });
const items = (list: { ingredients: Record<string, { id: string; name: string; amount: string }[]> }) =>
  Object.values(list.ingredients).flat();

describe("creating a share link", () => {
  it("gives the owner one live link with its own id; sharing again hands out the same link", async () => {
    const owner = await addUser();
    const list = await ownedList(owner);
    const first = await share(list.id, owner);
    expect(first.status, await first.clone().text()).toBe(201);
    const made = (await first.json()) as ListShare;
    expect(made.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(made.id).not.toBe(list.id);
    expect(made.url).toBe(`https://recipecart.test/s/${made.id}`);
    expect(made.url).not.toContain(list.id);
    expect(Number.isNaN(Date.parse(made.createdAt))).toBe(false);

    const again = await share(list.id, owner);
    expect(again.status).toBe(200);
    expect(((await again.json()) as ListShare).id).toBe(made.id);
    const live = await apiJson<ListShares>(`/api/shopping-lists/${list.id}/shares`, { as: owner });
    expect(live.shares.map((s) => s.id)).toEqual([made.id]);
  });

  it("lets the browser holding a signed-out list's edit token share it, and nobody else", async () => {
    const list = await visitorList();
    const someone = await addUser();
    await expectProblem(await share(list.id, null), 403, "forbidden");
    await expectProblem(await share(list.id, someone), 403, "forbidden");
    await expectProblem(await share(list.id, null, "not-the-token"), 403, "forbidden");
    const made = await share(list.id, null, list.editToken);
    expect(made.status, await made.clone().text()).toBe(201);
  });

  it("refuses another user, a signed-out caller and an admin on someone's list (create, list, revoke)", async () => {
    const owner = await addUser();
    const [other, admin] = await Promise.all([addUser(), addUser({ admin: true })]);
    const list = await ownedList(owner);
    const made = await apiJson<ListShare>(`/api/shopping-lists/${list.id}/shares`, { method: "POST", as: owner }, 201);
    for (const who of [null, other, admin]) {
      await expectProblem(await share(list.id, who), 403, "forbidden");
      await expectProblem(await api(`/api/shopping-lists/${list.id}/shares`, { as: who }), 403, "forbidden");
      await expectProblem(await revoke(list.id, made.id, who), 403, "forbidden");
    }
    // Still live, still the only one.
    const live = await apiJson<ListShares>(`/api/shopping-lists/${list.id}/shares`, { as: owner });
    expect(live.shares.map((s) => s.id)).toEqual([made.id]);
    expect((await api(`/api/shares/${made.id}`)).status).toBe(200);
  });

  it("answers 404 for an unknown or malformed list id", async () => {
    const owner = await addUser();
    await expectProblem(await share(newId(), owner), 404, "list_not_found");
    await expectProblem(await share("x", owner), 404, "list_not_found");
    await expectProblem(await api(`/api/shopping-lists/${newId()}/shares`, { as: owner }), 404, "list_not_found");
  });
});

describe("reading through a share link", () => {
  it("gives the list without its id, its recipes' ids or any token, in the reader's units", async () => {
    const list = await visitorList();
    const made = await apiJson<ListShare>(`/api/shopping-lists/${list.id}/shares`, { method: "POST", editToken: list.editToken }, 201);
    const res = await api(`/api/shares/${made.id}`);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    for (const secret of [list.id, list.recipeId, list.editToken]) expect(text).not.toContain(secret);
    const shared = JSON.parse(text) as SharedList;
    expect(Object.keys(shared).sort()).toEqual(["createdAt", "ingredients", "name", "recipes"]);
    expect(shared.name).toBe("Salad");
    expect(shared.recipes).toEqual([{ title: "Visitor salad" }]);
    const ids = (l: SharedList | List) => new Set(items(l).map((i) => i.id));
    expect(ids(shared)).toEqual(ids(list));
    expect(items(shared).find((i) => /feta/.test(i.name))?.amount).toBe("200 g");
    const us = await apiJson<SharedList>(`/api/shares/${made.id}?units=us`);
    expect(items(us).find((i) => /feta/.test(i.name))?.amount).not.toBe("200 g");
  });

  it("shows the list's ticks as they are on the server", async () => {
    const owner = await addUser();
    const list = await ownedList(owner);
    const onion = expectDefined(items(list).find((i) => /onion/.test(i.name)));
    await apiJson<ListChangesResponse>(`/api/shopping-lists/${list.id}/changes`, {
      method: "POST",
      as: owner,
      body: { changes: [{ op: "tick", itemId: onion.id, checked: true, at: Date.now() }] },
    });
    const made = await apiJson<ListShare>(`/api/shopping-lists/${list.id}/shares`, { method: "POST", as: owner }, 201);
    const shared = await apiJson<SharedList>(`/api/shares/${made.id}`);
    const shown = Object.values(shared.ingredients).flat();
    expect(shown.find((i) => i.id === onion.id)?.checked).toBe(true);
  });

  it("gives a share holder no way to change the list or to reach it by its id", async () => {
    const list = await visitorList();
    const made = await apiJson<ListShare>(`/api/shopping-lists/${list.id}/shares`, { method: "POST", editToken: list.editToken }, 201);
    const item = expectDefined(items(list)[0]);
    // The share id is not an edit token...
    const tick = { changes: [{ op: "tick", itemId: item.id, checked: true, at: Date.now() }] };
    await expectProblem(
      await api(`/api/shopping-lists/${list.id}/changes`, { method: "POST", body: tick, editToken: made.id }),
      403,
      "forbidden",
    );
    await expectProblem(await api(`/api/shopping-lists/${list.id}`, { method: "DELETE", editToken: made.id }), 403, "forbidden");
    await expectProblem(await share(list.id, null, made.id), 403, "forbidden");
    await expectProblem(await revoke(list.id, made.id, null, made.id), 403, "forbidden");
    // ...nor a list id...
    await expectProblem(await api(`/api/shopping-lists/${made.id}`), 404, "list_not_found");
    await expectProblem(await api(`/api/shopping-lists/${made.id}/changes`, { method: "POST", body: tick }), 404, "list_not_found");
    // ...and the share address takes no writes.
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect((await api(`/api/shares/${made.id}`, { method, body: tick })).status).toBe(405);
    }
    expect((await api(`/api/shares/${made.id}/changes`, { method: "POST", body: tick })).status).toBe(404);
    const after = await apiJson<SharedList>(`/api/shares/${made.id}`);
    const shown = Object.values(after.ingredients).flat();
    expect(shown.filter((i) => i.checked)).toEqual([]);
  });

  it("answers a 404 problem for unknown and malformed share ids", async () => {
    for (const id of [newId(), "x", "%00", "..%2F..%2Fapi", "a".repeat(65), "%F0%9F%A5%95"]) {
      const body = await expectProblem(await api(`/api/shares/${id}`), 404, "share_not_found");
      expect(body.message).toBe("This shared list is no longer available.");
    }
    // A broken escape never reaches the route: the router's own 404.
    await expectProblem(await api("/api/shares/%E0%A4%A"), 404, "not_found");
  });
});

describe("revoking a share link", () => {
  it("stops the link at once; sharing again makes a new link and the old one stays dead", async () => {
    const owner = await addUser();
    const list = await ownedList(owner);
    const made = await apiJson<ListShare>(`/api/shopping-lists/${list.id}/shares`, { method: "POST", as: owner }, 201);
    expect((await api(`/api/shares/${made.id}`)).status).toBe(200);
    expect((await revoke(list.id, made.id, owner)).status).toBe(204);
    await expectProblem(await api(`/api/shares/${made.id}`), 404, "share_not_found");
    expect((await apiJson<ListShares>(`/api/shopping-lists/${list.id}/shares`, { as: owner })).shares).toEqual([]);
    // Revoking again is fine (a second tab's 'Stop sharing').
    expect((await revoke(list.id, made.id, owner)).status).toBe(204);

    const next = await apiJson<ListShare>(`/api/shopping-lists/${list.id}/shares`, { method: "POST", as: owner }, 201);
    expect(next.id).not.toBe(made.id);
    expect((await api(`/api/shares/${next.id}`)).status).toBe(200);
    await expectProblem(await api(`/api/shares/${made.id}`), 404, "share_not_found");
  });

  it("lets a signed-out creator revoke with the edit token", async () => {
    const list = await visitorList();
    const made = await apiJson<ListShare>(`/api/shopping-lists/${list.id}/shares`, { method: "POST", editToken: list.editToken }, 201);
    await expectProblem(await revoke(list.id, made.id, null), 403, "forbidden");
    expect((await revoke(list.id, made.id, null, list.editToken)).status).toBe(204);
    await expectProblem(await api(`/api/shares/${made.id}`), 404, "share_not_found");
  });

  it("only revokes a share of the list named in the path", async () => {
    const owner = await addUser();
    const [mine, theirs] = [await ownedList(owner), await visitorList()];
    const theirShare = await apiJson<ListShare>(
      `/api/shopping-lists/${theirs.id}/shares`,
      { method: "POST", editToken: theirs.editToken },
      201,
    );
    await expectProblem(await revoke(mine.id, theirShare.id, owner), 404, "share_not_found");
    await expectProblem(await revoke(mine.id, newId(), owner), 404, "share_not_found");
    await expectProblem(await revoke(mine.id, "x", owner), 404, "share_not_found");
    expect((await api(`/api/shares/${theirShare.id}`)).status).toBe(200);
  });

  it("ends with the list: a deleted list's link answers 404", async () => {
    const owner = await addUser();
    const list = await ownedList(owner);
    const made = await apiJson<ListShare>(`/api/shopping-lists/${list.id}/shares`, { method: "POST", as: owner }, 201);
    expect((await api(`/api/shopping-lists/${list.id}`, { method: "DELETE", as: owner })).status).toBe(204);
    await expectProblem(await api(`/api/shares/${made.id}`), 404, "share_not_found");
  });
});

describe("rate limit", () => {
  it("limits creating and revoking per client address (429 with Retry-After)", async () => {
    const list = await visitorList();
    const ip = `2001:db8:5a::${Math.floor(Math.random() * 0xffff).toString(16)}`;
    const send = (method: "POST" | "DELETE") =>
      exports.default.fetch(`http://localhost/api/shopping-lists/${list.id}/shares${method === "DELETE" ? `/${newId()}` : ""}`, {
        method,
        headers: { "x-edit-token": list.editToken, "cf-connecting-ip": ip },
      });
    let limited: Response | null = null;
    for (let round = 0; round < 12 && !limited; round++) {
      const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => send(i % 2 ? "POST" : "DELETE")));
      limited = answers.find((r) => r.status === 429) ?? null;
      for (const r of answers) if (r !== limited) await r.body?.cancel();
    }
    expect(limited, "no 429 after 300 share requests from one address").not.toBeNull();
    expect(Number(expectDefined(limited).headers.get("retry-after"))).toBeGreaterThan(0);
    await expectProblem(expectDefined(limited), 429, "rate_limited");
    // Reading a shared list is not a write: it is not limited by this budget.
    const made = await apiJson<ListShares>(`/api/shopping-lists/${list.id}/shares`, { editToken: list.editToken });
    expect(made.shares).toHaveLength(1);
  });
});

describe("page services for the list and shared pages", () => {
  const services = createPageServices(db);
  it("tells the list page whether the list has a live link (decision 0014), and nothing about other lists", async () => {
    const owner = await addUser();
    const list = await ownedList(owner);
    const otherList = await ownedList(await addUser());
    expect(await services.shares.listShared(list.id)).toBe(false);
    const made = await apiJson<ListShare>(`/api/shopping-lists/${list.id}/shares`, { method: "POST", as: owner }, 201);
    expect(await services.shares.listShared(list.id)).toBe(true);
    expect(await services.shares.listShared(otherList.id)).toBe(false);
    expect(await services.shares.listShared("not an id")).toBe(false);
    expect((await services.shares.read(made.id, "as-written"))?.name).toBe("Soup night");
    expect((await revoke(list.id, made.id, owner)).status).toBe(204);
    expect(await services.shares.listShared(list.id)).toBe(false);
    expect(await services.shares.read(made.id, "as-written")).toBeNull();
    expect(await services.shares.read("../x", "as-written")).toBeNull();
  });
});
