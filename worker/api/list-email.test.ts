/**
 * E-mailing a list in workerd: the mail's text and HTML for a known list land in the outbox,
 * validation, who may send, and the per-day relay limits (decision 0021).
 */
import { exports, env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../db/client.ts";
import { insertList } from "../db/lists.ts";
import { listEmailSends, mailOutbox, sessions, users } from "../db/schema.ts";
import { sha256Hex } from "../lib/crypto.ts";
import { newId, newToken } from "../lib/ids.ts";
import { ANONYMOUS } from "../services/caller.ts";
import { DomainError } from "../services/errors.ts";
import { emailShoppingList, LIST_EMAIL_LIMITS, LIST_EMAIL_WINDOW_MS } from "../services/list-email.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";

const db = createDb(env.DB);
const call = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);
const send = (listId: string, email: unknown, token?: string) =>
  call(`/api/shopping-lists/${listId}/email`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ email }),
  });

async function addUser(): Promise<{ id: string; token: string }> {
  const id = newId();
  const token = newToken();
  await db.insert(users).values({ id, email: `${id}@example.test`, passwordHash: "x" });
  await db.insert(sessions).values({ tokenHash: await sha256Hex(token), userId: id, expiresAt: new Date(Date.now() + 3_600_000) });
  return { id, token };
}

async function addList(userId: string | null = null, name = "Friday <Tacos>"): Promise<string> {
  const id = newId();
  await insertList(db, {
    id,
    name,
    userId,
    recipes: [{ recipeId: "r1", title: "Tacos" }],
    items: [
      {
        id: newId(),
        category: "Produce",
        itemKey: "onion",
        name: "onions",
        amount: "2",
        amounts: [{ quantity: 2, unit: null }],
        notes: null,
        sources: [{ recipeId: "r1", recipe: "Tacos", line: "2 onions" }],
        position: 0,
      },
      {
        id: newId(),
        category: "Meat & Seafood",
        itemKey: "beef",
        name: "ground beef",
        amount: "1 lb",
        amounts: [{ quantity: 1, unit: "lb" }],
        notes: null,
        sources: [
          { recipeId: "r1", recipe: "Tacos", line: "1 lb ground beef" },
          { recipeId: "r2", recipe: "Chili", line: "1 lb beef" },
        ],
        position: 1,
      },
    ],
  });
  return id;
}

describe("POST /api/shopping-lists/{id}/email", () => {
  it("queues a mail with text and HTML parts for a known list", async () => {
    const listId = await addList();
    const to = `cook-${newId()}@example.test`;
    const res = await send(listId, to);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ sent: true, message: "Email sent" });
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    expect(expectDefined(mail).kind).toBe("shopping_list");
    expect(expectDefined(mail).subject).toBe("Shopping list: Friday <Tacos>");
    expect(expectDefined(mail).text).toBe(
      [
        "Friday <Tacos>",
        "2 items",
        "",
        "Produce",
        "• onions - 2",
        "  for Tacos",
        "",
        "Meat & Seafood",
        "• ground beef - 1 lb",
        "  for Tacos, Chili",
        "",
        `Open the list: https://recipecart.test/shopping-list/${listId}`,
        "",
        "Sent from recipecart at someone's request. If you did not expect it, you can ignore this e-mail.",
      ].join("\n"),
    );
    expect(expectDefined(mail).html).toContain('<h1 style="font-size:22px;margin:0 0 4px">Friday &lt;Tacos&gt;</h1>');
    expect(expectDefined(mail).html).toContain(
      '<li>ground beef - 1 lb<br><span style="color:#5d5a52;font-size:13px">for Tacos, Chili</span></li>',
    );
    expect(expectDefined(mail).html).toContain(`<a href="https://recipecart.test/shopping-list/${listId}"`);
  });

  it.each([
    ["", 400],
    ["no-at-sign", 400],
    ["a b@example.test", 400],
    ["x@y", 400],
  ])("refuses the address %j", async (email, status) => {
    const listId = await addList();
    const res = await send(listId, email);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { code: string }).code).toBe("invalid_body");
  });

  it("404 for an unknown list; someone else's list cannot be sent", async () => {
    expect((await send(newId(), "a@example.test")).status).toBe(404);
    const owner = await addUser();
    const other = await addUser();
    const listId = await addList(owner.id);
    expect((await send(listId, "a@example.test")).status).toBe(403);
    expect((await send(listId, "a@example.test", other.token)).status).toBe(403);
    expect((await send(listId, "a@example.test", owner.token)).status).toBe(202);
  });

  it("limits per list per day (429 with Retry-After)", async () => {
    const listId = await addList();
    const u = await addUser();
    for (let i = 0; i < LIST_EMAIL_LIMITS.perList; i++) {
      expect((await send(listId, `list-${i}-${newId()}@example.test`, u.token)).status).toBe(202);
    }
    const res = await send(listId, `one-more-${newId()}@example.test`, u.token);
    expect(res.status).toBe(429);
    expect(((await res.json()) as { code: string }).code).toBe("email_limit");
    const retry = Number(res.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(LIST_EMAIL_WINDOW_MS / 1000 - 120);
    expect(retry).toBeLessThanOrEqual(LIST_EMAIL_WINDOW_MS / 1000);
  });

  it("limits per recipient (any case) and per sender, and forgets sends older than a day", async () => {
    const to = `Target-${newId()}@Example.test`;
    const base = new Date("2026-01-01T00:00:00Z");
    const opts = (senderKey: string, now: Date) => ({ senderKey, appOrigin: "https://app.example", now });
    for (let i = 0; i < LIST_EMAIL_LIMITS.perRecipient; i++) {
      await emailShoppingList(
        db,
        ANONYMOUS,
        await addList(),
        i % 2 ? to : to.toLowerCase(),
        opts(`c:${newId()}`, new Date(base.getTime() + i * 60_000)),
      );
    }
    const later = new Date(base.getTime() + 3_600_000);
    const err = await emailShoppingList(db, ANONYMOUS, await addList(), to.toUpperCase(), opts(`c:${newId()}`, later)).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).details.retryAfterSeconds).toBe(LIST_EMAIL_WINDOW_MS / 1000 - 3600);
    // A day after the first send, one slot is free again.
    await emailShoppingList(
      db,
      ANONYMOUS,
      await addList(),
      to,
      opts(`c:${newId()}`, new Date(base.getTime() + LIST_EMAIL_WINDOW_MS + 1000)),
    );

    const sender = `u:${newId()}`;
    for (let i = 0; i < LIST_EMAIL_LIMITS.perSender; i++) {
      await emailShoppingList(db, ANONYMOUS, await addList(), `s${i}-${newId()}@example.test`, opts(sender, base));
    }
    const tooMany = await emailShoppingList(db, ANONYMOUS, await addList(), `last-${newId()}@example.test`, opts(sender, base)).catch(
      (e: unknown) => e,
    );
    expect((tooMany as DomainError).code).toBe("email_limit");
    const rows = await db.select().from(listEmailSends).where(eq(listEmailSends.senderKey, sender));
    expect(rows).toHaveLength(LIST_EMAIL_LIMITS.perSender);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.recipientHash))).toBe(true);
  });
});
