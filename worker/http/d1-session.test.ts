/**
 * D1 sessions per request (decision 0040): where a request's session starts, and the bookmark's round
 * trip through the Worker against the local D1 (one database, no replicas, but real bookmarks).
 */
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { ShoppingList } from "../../core/api/lists.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";
import { createDb } from "../db/client.ts";
import { recipes } from "../db/schema.ts";
import { newId } from "../lib/ids.ts";
import { BOOKMARK_COOKIE, BOOKMARK_HEADER, isBookmark, later, sessionStart } from "./d1-session.ts";

const call = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);

/** The bookmark a response hands back in its cookie (null: none set). */
function cookieBookmark(res: Response): string | null {
  for (const line of res.headers.getSetCookie()) {
    const m = new RegExp(`^${BOOKMARK_COOKIE}=([^;]*)`).exec(line);
    if (m) return m[1] ?? null;
  }
  return null;
}

let contacts = 0;
/** A contact message: a small write anyone may make (each from its own address, under the rate limit). */
const contactPost = (headers: Record<string, string> = {}): RequestInit => {
  const n = ++contacts;
  return {
    method: "POST",
    headers: { "content-type": "application/json", "cf-connecting-ip": `203.0.113.${200 + n}`, ...headers },
    body: JSON.stringify({ name: "Ann", email: `bookmark-${n}@example.org`, subject: "Hello", message: "A question about lists." }),
  };
};

const start = (path: string, init: RequestInit = {}) => {
  const request = new Request(`http://localhost${path}`, init);
  return sessionStart(request, new URL(request.url));
};

describe("where a request's D1 session starts", () => {
  const bookmark = "0000000b-00000008-00004ed9-8f3b6f3d8b5a1e2c";

  it("a read without a bookmark may go to the nearest replica; a write starts at the primary", () => {
    expect(start("/shopping-list/abc")).toBe("first-unconstrained");
    expect(start("/api/shopping-lists/abc", { method: "HEAD" })).toBe("first-unconstrained");
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) expect(start("/api/shopping-lists", { method })).toBe("first-primary");
  });

  it("reads that follow a link from a mail start at the primary", () => {
    expect(start("/reset-password?token=x")).toBe("first-primary");
    expect(start("/de/reset-password?token=x")).toBe("first-primary");
    expect(start("/api/auth/verify-reset-token?token=x")).toBe("first-primary");
    expect(start("/api/auth/oauth/github/callback?code=x")).toBe("first-primary");
  });

  it("a bookmark from the cookie or the header is continued, the header first, for reads and writes alike", () => {
    expect(start("/", { headers: { cookie: `a=1; ${BOOKMARK_COOKIE}=${bookmark}` } })).toBe(bookmark);
    expect(start("/api/shopping-lists", { method: "POST", headers: { cookie: `${BOOKMARK_COOKIE}=${bookmark}` } })).toBe(bookmark);
    const newer = "0000000c-00000001-00000001-00000000";
    expect(start("/", { headers: { cookie: `${BOOKMARK_COOKIE}=${bookmark}`, [BOOKMARK_HEADER]: newer } })).toBe(newer);
  });

  it("anything not shaped like a D1 bookmark is ignored, never passed to D1", () => {
    for (const bad of ["first-primary", "nope", "'; drop table users", "-".repeat(10), `${"a".repeat(40)}-1`]) {
      expect(isBookmark(bad)).toBe(false);
      expect(start("/", { headers: { [BOOKMARK_HEADER]: bad } })).toBe("first-unconstrained");
      expect(start("/api/x", { method: "POST", headers: { cookie: `${BOOKMARK_COOKIE}=${encodeURIComponent(bad)}` } })).toBe(
        "first-primary",
      );
    }
  });

  it("bookmarks compare oldest to newest as strings", () => {
    expect(later(null, bookmark)).toBe(bookmark);
    expect(later(bookmark, null)).toBe(bookmark);
    expect(later("00000001-00000002", "00000001-00000010")).toBe("00000001-00000010");
  });
});

describe("the bookmark round trip through the Worker (local D1)", () => {
  it("the answer to a write hands back the session's bookmark in a cookie and a header, in D1's own shape; a read's does not", async () => {
    const res = await call("/api/contact", contactPost());
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const header = res.headers.get(BOOKMARK_HEADER);
    expect(isBookmark(header), `local D1 bookmark: ${header}`).toBe(true);
    expect(cookieBookmark(res)).toBe(header);
    const cookie = expectDefined(res.headers.getSetCookie().find((c) => c.startsWith(`${BOOKMARK_COOKIE}=`)));
    expect(cookie).toMatch(/; Path=\/; HttpOnly; SameSite=Lax; Max-Age=3600$/);

    const read = await call("/api/health");
    expect(read.status).toBe(200);
    expect(read.headers.get(BOOKMARK_HEADER)).toBeNull();
    expect(read.headers.getSetCookie()).toEqual([]);
  });

  it("a write's bookmark, sent back, reads the write; the bookmark only moves forward", async () => {
    const recipeId = newId();
    await createDb(env.DB)
      .insert(recipes)
      .values({ id: recipeId, title: "Soup", url: null, source: "manually added", ingredients: [{ text: "2 onions" }], userId: null });
    const before = expectDefined((await call("/api/contact", contactPost())).headers.get(BOOKMARK_HEADER));

    const created = await call("/api/shopping-lists", {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `${BOOKMARK_COOKIE}=${before}` },
      body: JSON.stringify({ name: "Bookmarked", recipeIds: [recipeId] }),
    });
    expect(created.status).toBe(201);
    const afterWrite = expectDefined(cookieBookmark(created));
    expect(afterWrite > before, `${afterWrite} after ${before}`).toBe(true);
    const list = (await created.json()) as ShoppingList;

    // The next read continues from the write's bookmark and sees the list.
    const read = await call(`/api/shopping-lists/${list.id}`, { headers: { cookie: `${BOOKMARK_COOKIE}=${afterWrite}` } });
    expect(read.status).toBe(200);
    expect(((await read.json()) as ShoppingList).name).toBe("Bookmarked");

    // A write that came with a newer bookmark than its own session reached hands nothing older back.
    const stale = await call("/api/contact", contactPost({ cookie: `${BOOKMARK_COOKIE}=ffffffff-ffffffff-ffffffff-ffffffff` }));
    expect(stale.status).toBeLessThan(300);
    expect(cookieBookmark(stale)).toBeNull();
  });

  it("a change made by the list's room (its own D1 session) comes back as the request's bookmark", async () => {
    const recipeId = newId();
    await createDb(env.DB)
      .insert(recipes)
      .values({ id: recipeId, title: "Salad", url: null, source: "manually added", ingredients: [{ text: "1 lettuce" }], userId: null });
    const created = await call("/api/shopping-lists", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Room", recipeIds: [recipeId] }),
    });
    const list = (await created.json()) as ShoppingList;
    const item = expectDefined(Object.values(list.ingredients).flat()[0]);
    const beforeTick = expectDefined(cookieBookmark(created));

    const tick = await call(`/api/shopping-lists/${list.id}/changes`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-edit-token": expectDefined(list.editToken),
        cookie: `${BOOKMARK_COOKIE}=${beforeTick}`,
      },
      body: JSON.stringify({ changes: [{ op: "tick", itemId: item.id, checked: true, at: Date.now() }] }),
    });
    expect(tick.status, await tick.clone().text()).toBe(200);
    const afterTick = expectDefined(cookieBookmark(tick));
    expect(afterTick > beforeTick, `${afterTick} after ${beforeTick}`).toBe(true);

    const read = await call(`/api/shopping-lists/${list.id}`, { headers: { [BOOKMARK_HEADER]: afterTick } });
    const again = (await read.json()) as ShoppingList;
    expect(
      Object.values(again.ingredients)
        .flat()
        .find((i) => i.id === item.id)?.checked,
    ).toBe(true);
  });

  it("a request with a forged bookmark cookie is served as if it had none", async () => {
    const res = await call("/api/contact", contactPost({ cookie: `${BOOKMARK_COOKIE}=zzz` }));
    expect(res.status).toBeLessThan(300);
    expect(isBookmark(cookieBookmark(res))).toBe(true);
  });
});
