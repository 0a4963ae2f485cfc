/**
 * Authorization matrix of households and household lists (decision 0036): the owner, a member, a
 * former member (joined, then left), a stranger (signed in, in no household), a signed-out caller
 * and an admin, for reading, changing and deleting. Each row names the status each caller gets and,
 * where it matters, checks what changed (or that nothing did).
 */
import { describe, expect, it } from "vitest";
import { expectDefined } from "../../../../core/lib/expect-defined.ts";
import { addUser, api, apiJson, makeList, manualRecipe, type TestUser } from "../../../../worker/test/signed-in.ts";
import type { CreatedInvite, Household, HouseholdState } from "../contract.ts";

type Who = "owner" | "member" | "former" | "stranger" | "anonymous" | "admin";
const WHO: Who[] = ["owner", "member", "former", "stranger", "anonymous", "admin"];

interface World {
  owner: TestUser;
  member: TestUser;
  former: TestUser;
  stranger: TestUser;
  admin: TestUser;
  /** A household list made by the owner, one of its items, and an invitation the owner made (its id and token). */
  listId: string;
  itemId: string;
  inviteId: string;
  inviteToken: string;
  /** A personal list the member made (not in the household). */
  memberListId: string;
  /** A recipe made signed out (anyone may read it): what adding a recipe to the list sends. */
  stewId: string;
}

const tokenOf = (link: string) => expectDefined(link.split("/invite/")[1]);

async function join(user: TestUser, inviter: TestUser): Promise<void> {
  const made = await apiJson<CreatedInvite>("/api/household/invites", { method: "POST", as: inviter, body: {} }, 201);
  await apiJson<Household>("/api/household/invites/accept", {
    method: "POST",
    as: user,
    body: { token: tokenOf(expectDefined(made.link)) },
  });
}

async function world(): Promise<World> {
  const [owner, member, former, stranger, admin] = await Promise.all([
    // Owner and member have confirmed addresses: e-mailing a list to someone else asks for it (decision 0044).
    addUser({ firstName: "Olive", verified: true }),
    addUser({ firstName: "Mina", verified: true }),
    addUser({ firstName: "Fred" }),
    addUser({ firstName: "Stan" }),
    addUser({ admin: true }),
  ]);
  await apiJson<Household>("/api/household", { method: "POST", as: owner, body: { name: "Home" } }, 201);
  await join(member, owner);
  await join(former, owner);
  const recipe = await manualRecipe("Soup", ["1 onion", "2 carrots"], owner);
  const list = await makeList("Weekly shop", [recipe.id], owner);
  await apiJson(`/api/shopping-lists/${list.id}/household`, { method: "PUT", as: owner, body: { household: true } });
  await apiJson(`/api/household/leave`, { method: "POST", as: former }, 204);
  const invite = await apiJson<CreatedInvite>("/api/household/invites", { method: "POST", as: owner, body: {} }, 201);
  const itemId = expectDefined(Object.values(list.ingredients).flat()[0]).id;
  const memberRecipe = await manualRecipe("Salad", ["1 lettuce"], member);
  const memberList = await makeList("Mina's shop", [memberRecipe.id], member);
  const stew = await manualRecipe("Stew", ["2 onions", "1 leek"]);
  return {
    owner,
    member,
    former,
    stranger,
    admin,
    listId: list.id,
    itemId,
    inviteId: invite.invite.id,
    inviteToken: tokenOf(expectDefined(invite.link)),
    memberListId: memberList.id,
    stewId: stew.id,
  };
}

const as = (w: World, who: Who) => (who === "anonymous" ? null : w[who]);

interface Row {
  name: string;
  kind: "read" | "change" | "delete";
  request: (w: World) => { path: string; method: string; body?: unknown; headers?: Record<string, string> };
  expect: Record<Who, number>;
  check?: (w: World, who: Who, res: Response) => Promise<void>;
}

const listItems = async (w: World) =>
  Object.values(
    (
      await apiJson<{ ingredients: Record<string, { id: string; name: string; checked?: boolean }[]> }>(`/api/shopping-lists/${w.listId}`, {
        as: w.owner,
      })
    ).ingredients,
  ).flat();

const householdOf = async (user: TestUser) => (await apiJson<HouseholdState>("/api/household", { as: user })).household;

const ROWS: Row[] = [
  {
    name: "GET a household list",
    kind: "read",
    request: (w) => ({ method: "GET", path: `/api/shopping-lists/${w.listId}` }),
    expect: { owner: 200, member: 200, former: 403, stranger: 403, anonymous: 403, admin: 403 },
    check: async (_w, _who, res) => {
      if (res.status === 403) expect(((await res.json()) as { code: string }).code).toBe("not_in_household");
    },
  },
  {
    // The live channel (decision 0037): a WebSocket for the list's members only, like reading it.
    name: "GET the live channel (WebSocket) of a household list",
    kind: "read",
    request: (w) => ({ method: "GET", path: `/api/shopping-lists/${w.listId}/live`, headers: { upgrade: "websocket" } }),
    expect: { owner: 101, member: 101, former: 403, stranger: 403, anonymous: 403, admin: 403 },
    check: async (_w, _who, res) => {
      const ws = res.webSocket;
      expect(ws !== null).toBe(res.status === 101);
      if (ws) {
        const hello = await new Promise<{ t: string; editable?: boolean }>((resolve, reject) => {
          const late = setTimeout(() => reject(new Error("no hello from the room")), 10_000);
          ws.addEventListener("message", (e) => {
            clearTimeout(late);
            resolve(JSON.parse(String(e.data)));
          });
          ws.accept();
        });
        expect(hello).toMatchObject({ t: "hello", editable: true });
        ws.close(1000, "done");
      } else {
        expect(((await res.json()) as { code: string }).code).toBe("not_in_household");
      }
    },
  },
  {
    name: "POST changes to a household list (tick, rename an item, add one)",
    kind: "change",
    request: (w) => ({
      method: "POST",
      path: `/api/shopping-lists/${w.listId}/changes`,
      body: {
        changes: [
          { op: "tick", itemId: w.itemId, checked: true, at: Date.now() },
          { op: "edit", itemId: w.itemId, name: "changed", amount: "" },
          { op: "add", itemId: `probe_${w.itemId}`, text: "1 lemon", at: Date.now() },
        ],
      },
    }),
    expect: { owner: 200, member: 200, former: 403, stranger: 403, anonymous: 403, admin: 403 },
    check: async (w, who) => {
      const items = await listItems(w);
      const allowed = who === "owner" || who === "member";
      expect(expectDefined(items.find((i) => i.id === w.itemId)).name === "changed").toBe(allowed);
      expect(items.some((i) => i.id === `probe_${w.itemId}`)).toBe(allowed);
    },
  },
  {
    // A recipe added to the list goes through its room like the changes above (decision 0037).
    name: "POST a recipe to a household list (its onions join the list's)",
    kind: "change",
    request: (w) => ({ method: "POST", path: `/api/shopping-lists/${w.listId}/recipes`, body: { recipeId: w.stewId } }),
    expect: { owner: 200, member: 200, former: 403, stranger: 403, anonymous: 403, admin: 403 },
    check: async (w, who) => {
      const list = await apiJson<{ recipes: { id: string }[]; ingredients: Record<string, { name: string; amount: string }[]> }>(
        `/api/shopping-lists/${w.listId}`,
        { as: w.owner },
      );
      const allowed = who === "owner" || who === "member";
      expect(list.recipes.some((r) => r.id === w.stewId)).toBe(allowed);
      const onions = Object.values(list.ingredients)
        .flat()
        .filter((i) => /onion/.test(i.name));
      expect(onions.map((i) => i.amount)).toEqual([allowed ? "3" : "1"]);
    },
  },
  {
    // A rename goes through the list's room too (decision 0037): the open pages get the new name.
    name: "PATCH rename a household list",
    kind: "change",
    request: (w) => ({ method: "PATCH", path: `/api/shopping-lists/${w.listId}`, body: { name: "Renamed" } }),
    expect: { owner: 200, member: 200, former: 403, stranger: 403, anonymous: 403, admin: 403 },
    check: async (w, who) => {
      const list = await apiJson<{ name: string }>(`/api/shopping-lists/${w.listId}`, { as: w.owner });
      expect(list.name === "Renamed").toBe(who === "owner" || who === "member");
    },
  },
  {
    name: "DELETE an item of a household list",
    kind: "delete",
    request: (w) => ({ method: "DELETE", path: `/api/shopping-lists/${w.listId}/items/${w.itemId}` }),
    expect: { owner: 204, member: 204, former: 403, stranger: 403, anonymous: 403, admin: 403 },
    check: async (w, who) => {
      expect((await listItems(w)).some((i) => i.id === w.itemId)).toBe(who !== "owner" && who !== "member");
    },
  },
  {
    // Every member changes a household list; deleting it is its creator's (here the owner) or the owner's.
    name: "DELETE a household list made by the owner",
    kind: "delete",
    request: (w) => ({ method: "DELETE", path: `/api/shopping-lists/${w.listId}` }),
    expect: { owner: 204, member: 403, former: 403, stranger: 403, anonymous: 403, admin: 403 },
    check: async (w, who) => {
      expect((await api(`/api/shopping-lists/${w.listId}`, { as: w.owner })).status).toBe(who === "owner" ? 404 : 200);
    },
  },
  {
    name: "POST a share link of a household list",
    kind: "change",
    request: (w) => ({ method: "POST", path: `/api/shopping-lists/${w.listId}/shares` }),
    expect: { owner: 201, member: 201, former: 403, stranger: 403, anonymous: 403, admin: 403 },
  },
  {
    name: "POST e-mail a household list",
    kind: "change",
    request: (w) => ({ method: "POST", path: `/api/shopping-lists/${w.listId}/email`, body: { email: "friend@example.test" } }),
    expect: { owner: 202, member: 202, former: 403, stranger: 403, anonymous: 403, admin: 403 },
  },
  {
    name: "POST favourite a household list",
    kind: "change",
    request: (w) => ({ method: "POST", path: `/api/shopping-lists/${w.listId}/favorite` }),
    expect: { owner: 200, member: 200, former: 403, stranger: 403, anonymous: 401, admin: 403 },
  },
  {
    // Only the list's creator takes it back out of the household.
    name: "PUT a household list back to personal",
    kind: "change",
    request: (w) => ({ method: "PUT", path: `/api/shopping-lists/${w.listId}/household`, body: { household: false } }),
    expect: { owner: 200, member: 403, former: 404, stranger: 404, anonymous: 401, admin: 404 },
    check: async (w, who) => {
      const list = await apiJson<{ household?: { id: string } | null }>(`/api/shopping-lists/${w.listId}`, { as: w.owner });
      expect(list.household ?? null).toEqual(who === "owner" ? null : expect.objectContaining({ name: "Home" }));
    },
  },
  {
    name: "GET one's own household (none for the others)",
    kind: "read",
    request: () => ({ method: "GET", path: "/api/household" }),
    expect: { owner: 200, member: 200, former: 200, stranger: 200, anonymous: 401, admin: 200 },
    check: async (w, who, res) => {
      if (res.status !== 200) return;
      const { household } = (await res.json()) as HouseholdState;
      if (who === "owner" || who === "member") {
        expect(household?.name).toBe("Home");
        expect(household?.members.map((m) => m.name)).toEqual(["Olive", "Mina"]);
        // E-mail addresses are the owner's to see.
        expect(household?.members.every((m) => (m.email !== undefined) === (who === "owner"))).toBe(true);
        expect(household?.lists.map((l) => l.id)).toEqual([w.listId]);
      } else {
        expect(household).toBeNull();
      }
    },
  },
  {
    name: "DELETE a member (the owner only)",
    kind: "delete",
    request: (w) => ({ method: "DELETE", path: `/api/household/members/${w.member.id}` }),
    expect: { owner: 204, member: 403, former: 404, stranger: 404, anonymous: 401, admin: 404 },
    check: async (w, who) => {
      expect((await householdOf(w.member))?.name ?? null).toBe(who === "owner" ? null : "Home");
      expect((await api(`/api/shopping-lists/${w.listId}`, { as: w.member })).status).toBe(who === "owner" ? 403 : 200);
    },
  },
  {
    name: "DELETE the household (the owner only)",
    kind: "delete",
    request: () => ({ method: "DELETE", path: "/api/household" }),
    expect: { owner: 204, member: 403, former: 404, stranger: 404, anonymous: 401, admin: 404 },
    check: async (w, who) => {
      expect((await householdOf(w.owner))?.name ?? null).toBe(who === "owner" ? null : "Home");
      // Its lists go back to their creators as personal lists.
      const list = await apiJson<{ household?: unknown }>(`/api/shopping-lists/${w.listId}`, { as: w.owner });
      expect(list.household ?? null).toEqual(who === "owner" ? null : expect.anything());
    },
  },
  {
    name: "POST leave the household",
    kind: "change",
    request: () => ({ method: "POST", path: "/api/household/leave" }),
    expect: { owner: 409, member: 204, former: 404, stranger: 404, anonymous: 401, admin: 404 },
  },
  {
    name: "POST an invitation",
    kind: "change",
    request: () => ({ method: "POST", path: "/api/household/invites", body: {} }),
    expect: { owner: 201, member: 201, former: 404, stranger: 404, anonymous: 401, admin: 404 },
  },
  {
    // The link is the secret (decision 0036): anyone signed in who holds it sees whose household it is.
    name: "POST preview an invitation by its token",
    kind: "read",
    request: (w) => ({ method: "POST", path: "/api/household/invites/preview", body: { token: w.inviteToken } }),
    expect: { owner: 200, member: 200, former: 200, stranger: 200, anonymous: 401, admin: 200 },
  },
  {
    // Anyone signed in and in no household joins with the link; someone in one must leave first.
    name: "POST accept an invitation",
    kind: "change",
    request: (w) => ({ method: "POST", path: "/api/household/invites/accept", body: { token: w.inviteToken } }),
    expect: { owner: 409, member: 409, former: 200, stranger: 200, anonymous: 401, admin: 200 },
    check: async (w, who, res) => {
      const joined = res.status === 200;
      if (who !== "anonymous")
        expect((await householdOf(w[who]))?.name ?? null).toBe(joined || who === "owner" || who === "member" ? "Home" : null);
      // Used once: a newcomer finds it used; a refusal left it unused.
      const late = await api("/api/household/invites/accept", { method: "POST", as: await addUser(), body: { token: w.inviteToken } });
      expect(late.status).toBe(joined ? 404 : 200);
    },
  },
  {
    // Into the household: only its creator, and only while in the household.
    name: "PUT a member's personal list into the household",
    kind: "change",
    request: (w) => ({ method: "PUT", path: `/api/shopping-lists/${w.memberListId}/household`, body: { household: true } }),
    expect: { owner: 403, member: 200, former: 404, stranger: 404, anonymous: 401, admin: 404 },
    check: async (w, who) => {
      const list = await apiJson<{ household?: { name: string } | null }>(`/api/shopping-lists/${w.memberListId}`, { as: w.member });
      expect(list.household?.name ?? null).toBe(who === "member" ? "Home" : null);
    },
  },
  {
    // The owner made it: the owner withdraws it; a member only their own invitations.
    name: "DELETE (withdraw) the owner's invitation",
    kind: "delete",
    request: (w) => ({ method: "DELETE", path: `/api/household/invites/${w.inviteId}` }),
    expect: { owner: 204, member: 404, former: 404, stranger: 404, anonymous: 401, admin: 404 },
    check: async (w, who) => {
      const invites = expectDefined(await householdOf(w.owner)).invites.map((i) => i.id);
      expect(invites.includes(w.inviteId)).toBe(who !== "owner");
    },
  },
];

describe("authorization matrix of households and household lists", () => {
  for (const row of ROWS) {
    it(`${row.kind}: ${row.name}`, async () => {
      for (const who of WHO) {
        const w = await world();
        const { path, method, body, headers } = row.request(w);
        const res = await api(path, { method, as: as(w, who), body, headers });
        // A WebSocket handshake's answer has no body to show (nor can it be cloned).
        const said = res.status === 101 ? "" : await res.clone().text();
        expect(res.status, `${who} ${method} ${path}: ${said}`).toBe(row.expect[who]);
        if (res.status >= 400) {
          expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
          expect(((await res.clone().json()) as { code?: string }).code).toBeTruthy();
        }
        await row.check?.(w, who, res);
      }
      // Six callers, each with a world of five accounts (scrypt at full cost): a minute on a busy machine.
    }, 90_000);
  }
});
