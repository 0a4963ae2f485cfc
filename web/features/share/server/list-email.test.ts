/**
 * E-mailing a list in workerd: the mail's text and HTML for a known list land in the outbox,
 * validation, who may send, and the per-day relay limits (decision 0021); not a spam or phishing relay
 * (decision 0044): fixed subject, the sender named, nothing from the list a link, List-Unsubscribe and the
 * opt-out it leads to, one address a request, 3 a day for a visitor, unproven accounts send to themselves only.
 */
import { exports, env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb } from "../../../../worker/db/client.ts";
import { insertList } from "../../shopping-list/server/queries.ts";
import { listEmailSends, mailOptOuts, mailOutbox, sessions, users } from "../../../../worker/db/schema.ts";
import { sha256Hex } from "../../../../worker/lib/crypto.ts";
import { newId, newToken } from "../../../../worker/lib/ids.ts";
import { ANONYMOUS, signedIn } from "../../../../worker/services/caller.ts";
import { DomainError } from "../../../../worker/services/errors.ts";
import { emailShoppingList, LIST_EMAIL_LIMITS, LIST_EMAIL_WINDOW_MS } from "./list-email.ts";
import { expectDefined } from "../../../../core/lib/expect-defined.ts";

const db = createDb(env.DB);
const call = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);
/** A client address of its own per test (the integration Worker trusts CF-Connecting-IP), so visitor limits do not mix. */
const freshClient = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}-${newId()}`;
const send = (listId: string, email: unknown, token?: string, client = freshClient()) =>
  call(`/api/shopping-lists/${listId}/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "cf-connecting-ip": client,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ email }),
  });

async function addUser(
  opts: { verified?: boolean; firstName?: string; lastName?: string } = {},
): Promise<{ id: string; token: string; email: string }> {
  const id = newId();
  const token = newToken();
  const email = `${id}@example.test`;
  await db.insert(users).values({
    id,
    email,
    passwordHash: "x",
    firstName: opts.firstName ?? "",
    lastName: opts.lastName ?? "",
    emailVerifiedAt: opts.verified === false ? null : new Date(),
  });
  await db.insert(sessions).values({ tokenHash: await sha256Hex(token), userId: id, expiresAt: new Date(Date.now() + 3_600_000) });
  return { id, token, email };
}

async function waitFor(check: () => Promise<boolean>) {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
  expect(await check()).toBe(true);
}

const mailTo = async (to: string) => expectDefined((await db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0]);
const optOutTokenOf = (text: string) => expectDefined(/\/email-opt-out\/([A-Za-z0-9_-]+)/.exec(text)?.[1]);

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
  it("queues a mail with text and HTML parts for a known list: fixed subject, 'a recipecart visitor', the list quoted, List-Unsubscribe", async () => {
    const listId = await addList();
    const to = `cook-${newId()}@example.test`;
    const res = await send(listId, to);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ sent: true, message: "Email sent" });
    // Delivered after the answer; the stored copy then holds no live opt-out token (decision 0021).
    await waitFor(async () => (await mailTo(to)).status === "sent");
    const mail = await mailTo(to);
    expect(mail.kind).toBe("shopping_list");
    expect(mail.subject).toBe("A shopping list from recipecart");
    expect(mail.replyTo).toBeNull();
    const stopUrl = "https://recipecart.test/email-opt-out/REDACTED";
    expect(mail.headers).toEqual({ "List-Unsubscribe": `<${stopUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(mail.text).toBe(
      [
        "This shopping list was sent to you by a recipecart visitor.",
        "",
        "> “Friday <Tacos>”",
        "> 2 items",
        ">",
        "> Produce",
        "> • onions - 2",
        ">   for Tacos",
        ">",
        "> Meat & Seafood",
        "> • ground beef - 1 lb",
        ">   for Tacos, Chili",
        "",
        `Open the list: https://recipecart.test/shopping-list/${listId}`,
        "",
        "We send a list only when someone asks us to. If you did not expect this one, you can ignore it.",
        `Don't send me lists: ${stopUrl}`,
      ].join("\n"),
    );
    expect(mail.html).toContain(">“Friday &lt;Tacos&gt;”</p>");
    expect(mail.html).toContain('<li>ground beef - 1 lb<br><span style="color:#5d5a52;font-size:13px">for Tacos, Chili</span></li>');
    expect([...(mail.html ?? "").matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual([
      `https://recipecart.test/shopping-list/${listId}`,
      stopUrl,
    ]);
  });

  it("a signed-in sender is named in the subject and the mail, and replies go to their address", async () => {
    const ada = await addUser({ firstName: "Ada", lastName: "Lovelace" });
    const listId = await addList(ada.id);
    const to = `friend-${newId()}@example.test`;
    expect((await send(listId, to, ada.token)).status).toBe(202);
    const mail = await mailTo(to);
    expect(mail.subject).toBe("A shopping list from recipecart, sent by Ada Lovelace");
    expect(mail.replyTo).toBe(ada.email);
    expect(mail.text.split("\n")[0]).toBe(
      "This shopping list was sent to you by Ada Lovelace with recipecart. Reply to this e-mail to answer them.",
    );
  });

  it("the phishing list of the security review: our subject, and its link is no link", async () => {
    const bait = "URGENT: your account is locked - verify at https://phish.example/login";
    const listId = await addList(null, bait);
    const to = `victim-${newId()}@example.test`;
    expect((await send(listId, to)).status).toBe(202);
    const mail = await mailTo(to);
    expect(mail.subject).toBe("A shopping list from recipecart");
    expect(mail.text).toContain("> “URGENT: your account is locked - verify at https[:]//phish[.]example/login”");
    for (const part of [mail.subject, mail.text, mail.html ?? ""]) expect(part).not.toContain("phish.example");
    expect(mail.text.match(/https?:\/\/\S+/g)).toEqual([
      `https://recipecart.test/shopping-list/${listId}`,
      expect.stringContaining("/email-opt-out/"),
    ]);
  });

  it.each([
    ["a@example.test,b@example.test"],
    ["a@example.test; b@example.test"],
    ["a@example.test b@example.test"],
    ["<a@example.test>, <b@example.test>"],
    [["a@example.test", "b@example.test"]],
  ])("one address a request: %j is refused", async (email) => {
    const listId = await addList();
    const res = await send(listId, email);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("invalid_body");
    expect(await db.select().from(listEmailSends).where(eq(listEmailSends.listId, listId))).toEqual([]);
  });

  it("a visitor sends at most 3 lists a day (429 with Retry-After); signed-in senders keep their own limit", async () => {
    const client = freshClient();
    for (let i = 0; i < LIST_EMAIL_LIMITS.perVisitor; i++) {
      expect((await send(await addList(), `v${i}-${newId()}@example.test`, undefined, client)).status).toBe(202);
    }
    const res = await send(await addList(), `v-more-${newId()}@example.test`, undefined, client);
    expect(res.status).toBe(429);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe("email_limit");
    expect(body.message).toBe(
      "You have sent as many lists by e-mail as we allow in a day without an account. Please try again tomorrow, or sign in.",
    );
    const retry = Number(res.headers.get("retry-after"));
    expect(retry).toBeGreaterThan(LIST_EMAIL_WINDOW_MS / 1000 - 120);
    expect(retry).toBeLessThanOrEqual(LIST_EMAIL_WINDOW_MS / 1000);
    // Another client is not held back, and neither is a signed-in user on the same address.
    expect((await send(await addList(), `v-other-${newId()}@example.test`)).status).toBe(202);
    const u = await addUser();
    expect((await send(await addList(), `u-${newId()}@example.test`, u.token, client)).status).toBe(202);
  });

  it("an account whose address is unproven sends to its own address only (403 sender_unverified)", async () => {
    const fresh = await addUser({ verified: false, firstName: "New" });
    const listId = await addList(fresh.id);
    const res = await send(listId, `someone-${newId()}@example.test`, fresh.token);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      code: "sender_unverified",
      message: "Please confirm your e-mail address first: until then you can send lists to your own address only.",
    });
    expect((await send(listId, fresh.email.toUpperCase(), fresh.token)).status).toBe(202);
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, fresh.id));
    expect((await send(listId, `someone-${newId()}@example.test`, fresh.token)).status).toBe(202);
  });

  it("'Don't send me lists': one-click POST stops later list mails to that address (422 recipient_opted_out), DELETE starts them again", async () => {
    const to = `Reader-${newId()}@Example.test`;
    // Queued, not sent, so the stored copy still has the live link (the API delivers at once and cuts it out).
    await emailShoppingList(db, ANONYMOUS, await addList(), to, { senderKey: `c:${newId()}`, appOrigin: "https://recipecart.test" });
    const mail = await mailTo(to);
    const token = optOutTokenOf(mail.text);
    expect(mail.secret).toBe(token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.headers?.["List-Unsubscribe"]).toBe(`<https://recipecart.test/email-opt-out/${token}>`);
    expect(await (await call(`/api/mail/opt-out/${token}`)).json()).toEqual({ optedOut: false });
    // What a mail provider sends for RFC 8058 one-click (form-encoded, no session, no Origin).
    const stop = await call(`/api/mail/opt-out/${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(stop.status).toBe(200);
    expect(await stop.json()).toEqual({ optedOut: true });
    expect(
      await db
        .select()
        .from(mailOptOuts)
        .where(eq(mailOptOuts.addressHash, await sha256Hex(to.toLowerCase()))),
    ).toHaveLength(1);
    // Any sender, any case of the address: refused, and nothing is queued or counted.
    const owner = await addUser();
    for (const [who, address] of [
      [undefined, to.toLowerCase()],
      [owner.token, ` ${to.toUpperCase()} `],
    ] as const) {
      const listId = await addList(who ? owner.id : null);
      const res = await send(listId, address, who);
      expect(res.status).toBe(422);
      expect(await res.json()).toMatchObject({
        code: "recipient_opted_out",
        message: "This address has asked not to receive shopping lists from recipecart.",
      });
      expect(await db.select().from(listEmailSends).where(eq(listEmailSends.listId, listId))).toEqual([]);
    }
    // Again is fine; the link also starts lists again.
    expect((await call(`/api/mail/opt-out/${token}`, { method: "POST" })).status).toBe(200);
    expect(await (await call(`/api/mail/opt-out/${token}`, { method: "DELETE" })).json()).toEqual({ optedOut: false });
    expect((await send(await addList(), to)).status).toBe(202);
  });

  it("an opt-out link is a right to that address only: an unknown or made-up token is 404", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await call(`/api/mail/opt-out/${newToken()}`, { method });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { code: string }).code).toBe("opt_out_link_invalid");
    }
    expect((await call(`/api/mail/opt-out/${"x".repeat(300)}`, { method: "POST" })).status).toBe(404);
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

    const u = await addUser();
    const signedInCaller = signedIn(
      { id: u.id, firstName: "", lastName: "", email: u.email, isAdmin: false, createdAt: base, updatedAt: base },
      { id: "s", via: "bearer", expiresAt: new Date(base.getTime() + 3_600_000) },
    );
    const sender = `u:${u.id}`;
    for (let i = 0; i < LIST_EMAIL_LIMITS.perSender; i++) {
      await emailShoppingList(db, signedInCaller, await addList(), `s${i}-${newId()}@example.test`, opts(sender, base));
    }
    const tooMany = await emailShoppingList(db, signedInCaller, await addList(), `last-${newId()}@example.test`, opts(sender, base)).catch(
      (e: unknown) => e,
    );
    expect((tooMany as DomainError).code).toBe("email_limit");
    const rows = await db.select().from(listEmailSends).where(eq(listEmailSends.senderKey, sender));
    expect(rows).toHaveLength(LIST_EMAIL_LIMITS.perSender);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.recipientHash))).toBe(true);
  });
});
