/**
 * The list page's loader (the server read behind the first HTML), called with stand-in page
 * services in React Router's context (the real ones run in the e2e tests against workerd + D1).
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { ShoppingList } from "../../core/api/lists.ts";
import { type Caller, callerContext, type PageServices, servicesContext } from "../context.ts";
import { loader } from "./shopping-list.tsx";

const LIST: ShoppingList = {
  id: "AAAAAAAAAAAAAAAAAAAAAA",
  name: "Party Prep",
  createdAt: "2026-11-25T10:00:00.000Z",
  recipes: [{ id: "r1", title: "Onion Soup" }],
  ingredients: { Produce: [{ id: "i1", name: "onions", amount: "2", recipes: ["Onion Soup"], notes: null }] },
};

type Read = (id: string, units: string) => Promise<ShoppingList | null>;

function load(
  id: string | undefined,
  get: Read,
  cookie?: string,
  share: { shared: boolean; asked: string[]; owned?: boolean } = { shared: false, asked: [] },
) {
  const context = new RouterContextProvider();
  context.set(servicesContext, {
    lists: {
      get: (id: string) => get(id, "as-written"),
      read: async (id: string, _caller: Caller, units: string) => {
        const list = await get(id, units);
        return list ? { list, owned: Boolean(share.owned) } : null;
      },
    },
    shares: {
      listShared: async (id: string) => {
        share.asked.push(id);
        return share.shared;
      },
    },
  } as unknown as PageServices);
  context.set(callerContext, { kind: "anonymous", user: null, session: null } as Caller);
  const headers = cookie ? { cookie } : undefined;
  const args = { request: new Request(`http://x/shopping-list/${id ?? ""}`, { headers }), params: { id }, context };
  return loader(args as unknown as Parameters<typeof loader>[0]);
}

/** What the loader threw: React Router's data(...) with its status. */
async function thrown(p: Promise<unknown>): Promise<{ status?: number }> {
  try {
    await p;
  } catch (err) {
    return { status: (err as { init?: ResponseInit }).init?.status };
  }
  throw new Error("the loader did not throw");
}

describe("shopping-list loader", () => {
  it("returns the list the services read for this id", async () => {
    const asked: string[] = [];
    const data = await load(LIST.id, async (id) => (asked.push(id), LIST));
    // Not the reader's own list: no household line (mine is unset, so no household of theirs is read), and no
    // store picker (a signed-out reader has no stores).
    expect(data).toEqual({ list: LIST, owned: false, shared: false, units: "as-written", myHousehold: null, stores: null });
    expect(asked).toEqual([LIST.id]);
  });

  it("says whether the list has a live share link, to its owner and to anyone else reading it (decisions 0031, 0014)", async () => {
    for (const owned of [true, false]) {
      for (const shared of [true, false]) {
        const share = { shared, owned, asked: [] as string[] };
        const data = await load(LIST.id, async () => LIST, undefined, share);
        expect(data).toMatchObject({ owned, shared });
        expect(share.asked).toEqual([LIST.id]);
      }
    }
  });

  it("reads the list in the unit choice from the rc_units cookie; an unknown value is as written", async () => {
    const asked: string[] = [];
    const read: Read = async (_id, units) => (asked.push(units), LIST);
    expect((await load(LIST.id, read, "a=1; rc_units=metric")).units).toBe("metric");
    expect((await load(LIST.id, read, "rc_units=kelvin")).units).toBe("as-written");
    expect(asked).toEqual(["metric", "as-written"]);
  });

  it("answers 404 for an unknown id and for no id", async () => {
    expect(await thrown(load("BBBBBBBBBBBBBBBBBBBBBB", async () => null))).toEqual({ status: 404 });
    let called = false;
    expect(await thrown(load(undefined, async () => ((called = true), LIST)))).toEqual({ status: 404 });
    expect(called).toBe(false);
  });

  it("answers 503 when the read fails", async () => {
    const quiet = console.error;
    console.error = () => {};
    try {
      expect(
        await thrown(
          load(LIST.id, async () => {
            throw new Error("D1_ERROR: database is locked");
          }),
        ),
      ).toEqual({ status: 503 });
    } finally {
      console.error = quiet;
    }
  });
});
