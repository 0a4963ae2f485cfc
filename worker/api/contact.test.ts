/**
 * The contact form in workerd (decision 0021): validation with field messages, the body cap, the
 * per-address rate limit with Retry-After, the stored row and its queued mail to SUPPORT_EMAIL, the
 * 2-year retention, and the admin desk's read-only list (401 / 403 / 200).
 */
import { exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { AdminContactMessagesResponse } from "../../core/api/contact.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";
import { contactMessages, mailOutbox } from "../db/schema.ts";
import { newId } from "../lib/ids.ts";
import { CloudflareEmailMailer, type EmailBinding } from "../mail/mailer.ts";
import { deliver } from "../mail/outbox.ts";
import { CONTACT_RETENTION_MS, deleteExpiredContactMessages, storeContactMessage } from "../services/contact.ts";
import { startInsideWindow } from "../test/rate-window.ts";
import { addUser, apiJson, db } from "../test/signed-in.ts";

/** Each test sends from its own client address (CF-Connecting-IP is trusted in these tests), so limits do not mix. */
let nextAddress = 1;
const freshAddress = () => `203.0.113.${nextAddress++}`;

const send = (body: unknown, address: string, init: { contentType?: string; raw?: string } = {}) =>
  exports.default.fetch("http://localhost/api/contact", {
    method: "POST",
    headers: { "content-type": init.contentType ?? "application/json", "cf-connecting-ip": address },
    body: init.raw ?? JSON.stringify(body),
  });

/** A fresh sender e-mail each time, so the per-e-mail limit only counts where a test means it to. */
const freshEmail = () => `ada.${newId().toLowerCase()}@example.test`;

const valid = (marker: string, email = freshEmail()) => ({
  name: "Ada Lovelace",
  email,
  subject: `Import fails ${marker}`,
  category: "bug",
  message: `The recipe at https://example.test/soup does not import.\n\nSecond paragraph ${marker}.`,
});

describe("POST /api/contact", () => {
  it("stores the message and queues its mail to the support address", async () => {
    const marker = newId();
    const email = freshEmail();
    const res = await send(valid(marker, email), freshAddress());
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ received: true, message: "Message sent" });

    const [row] = await db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.subject, `Import fails ${marker}`));
    expect(row).toMatchObject({ name: "Ada Lovelace", email, category: "bug" });
    expect(row?.message).toContain(`Second paragraph ${marker}.`);
    expect(row?.outboxId).toBeTruthy();

    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, row?.outboxId ?? ""));
    expect(mail).toMatchObject({ to: "support@recipecart.test", kind: "contact_message" });
    expect(mail?.subject).toBe(`[recipecart contact: bug] Import fails ${marker}`);
    expect(mail?.text).toContain(`From: Ada Lovelace <${email}>`);
    expect(mail?.text).toContain(`Second paragraph ${marker}.`);
  });

  it("the mail's Reply-To is the sender's address, in the outbox and in what send_email gets (decision 0021)", async () => {
    const marker = newId();
    const email = freshEmail();
    expect((await send(valid(marker, email), freshAddress())).status).toBe(202);
    const [row] = await db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.subject, `Import fails ${marker}`));
    const outboxId = expectDefined(row?.outboxId);
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
    expect(mail?.replyTo).toBe(email);

    // The send_email path: a row queued by the service (the request's own delivery ran with the console
    // mailer) goes through the outbox to a fake binding that records what it gets.
    const queuedRow = await storeContactMessage(
      db,
      { name: "Ada", email, subject: `reply ${marker}`, category: null, message: "m" },
      "support@recipecart.test",
    );
    const queuedId = expectDefined(queuedRow.outboxId);
    const sent: Parameters<EmailBinding["send"]>[0][] = [];
    const binding: EmailBinding = {
      async send(message) {
        sent.push(message);
        return {};
      },
    };
    await deliver(db, new CloudflareEmailMailer(binding, "no-reply@recipecart.test"), [queuedId], { sleep: async () => {} });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "support@recipecart.test", from: "no-reply@recipecart.test", replyTo: email });
  });

  it("a stored address that is not one plain address gets no Reply-To", async () => {
    for (const email of [
      "ann@example.test\r\nBcc: x@evil.test",
      "ann@example.test, x@evil.test",
      "Ann <ann@example.test>",
      "ann@localhost",
    ]) {
      const stored = await storeContactMessage(
        db,
        { name: "Ann", email, subject: "s", category: null, message: "m" },
        "support@recipecart.test",
      );
      const [mail] = await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, expectDefined(stored.outboxId)));
      expect(mail?.to).toBe("support@recipecart.test");
      expect(mail?.replyTo).toBeNull();
    }
  });

  it("trims the fields, takes a missing category as none, and keeps a typed subject on one line in the mail", async () => {
    const marker = newId();
    const res = await send(
      { name: "  Bob  ", email: " bob@example.test ", subject: `Two\r\nBcc: x@evil.test ${marker}`, message: "  Hello  " },
      freshAddress(),
    );
    expect(res.status).toBe(202);
    const [row] = await db.select().from(contactMessages).where(eq(contactMessages.email, "bob@example.test"));
    expect(row).toMatchObject({ name: "Bob", category: null, message: "Hello" });
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, row?.outboxId ?? ""));
    expect(mail?.subject).toBe(`[recipecart contact] Two Bcc: x@evil.test ${marker}`);
  });

  it("answers field messages for missing, blank, too long and wrong values, and stores nothing", async () => {
    const before = (await db.select().from(contactMessages)).length;
    const address = freshAddress();
    const missing = await send({}, address);
    expect(missing.status).toBe(400);
    const body = (await missing.json()) as { code: string; errors: Record<string, string[]> };
    expect(body.code).toBe("invalid_body");
    expect(body.errors).toMatchObject({
      name: ["Please enter your name."],
      email: ["Please enter your email address."],
      subject: ["Please enter a subject."],
      message: ["Please enter your message."],
    });

    const wrong = await send(
      { ...valid("x"), name: "   ", email: "not-an-address", category: "sales", message: "m".repeat(5001) },
      address,
    );
    expect(wrong.status).toBe(400);
    const wrongBody = (await wrong.json()) as { errors: Record<string, string[]> };
    expect(wrongBody.errors).toMatchObject({
      name: ["Please enter your name."],
      email: ["Please enter a valid email address."],
      category: ["Please choose one of the listed categories."],
      message: ["Your message can be at most 5000 characters."],
    });

    for (const bad of ["null", "[]", '"text"', "{"]) {
      const res = await send(null, address, { raw: bad });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toMatch(/^invalid_(json|body)$/);
    }
    const text = await send(null, address, { raw: "hello", contentType: "text/plain" });
    expect(text.status).toBe(415);
    expect((await db.select().from(contactMessages)).length).toBe(before);
  });

  it("refuses a body over the cap with 413", async () => {
    const res = await send({ ...valid("big"), message: "x".repeat(40_000) }, freshAddress());
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe("body_too_large");
  });

  it("is rate limited per sender e-mail with Retry-After; refused input does not count", async () => {
    await startInsideWindow(15_000);
    const email = freshEmail();
    expect((await send({ email }, freshAddress())).status).toBe(400);
    for (let i = 0; i < 3; i++) expect((await send(valid(`mail ${i}`, email), freshAddress())).status).toBe(202);
    const limited = await send(valid("mail 4", email), freshAddress());
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect(((await limited.json()) as { code: string }).code).toBe("rate_limited");
    expect(await db.select().from(contactMessages).where(eq(contactMessages.subject, "Import fails mail 4"))).toEqual([]);
    expect((await send(valid("another sender"), freshAddress())).status).toBe(202);
  }, 60_000);

  it("is rate limited per client address whatever e-mail is given; another address still sends", async () => {
    await startInsideWindow(20_000);
    const address = freshAddress();
    for (let i = 0; i < 10; i++) {
      const res = await send(valid(`ip ${i}`), address);
      expect(res.status).toBe(202);
    }
    const limited = await send(valid("ip 11"), address);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("60");
    expect((await send(valid("ip other"), freshAddress())).status).toBe(202);
  }, 60_000);
});

describe("contact message retention (2 years)", () => {
  it("deletes older messages when one is stored and in the scheduled cleanup; keeps younger ones", async () => {
    const now = new Date();
    const old = { id: newId(), name: "Old", email: "old@example.test", subject: "old", message: "old" };
    const young = { id: newId(), name: "Young", email: "young@example.test", subject: "young", message: "young" };
    await db.insert(contactMessages).values([
      { ...old, createdAt: new Date(now.getTime() - CONTACT_RETENTION_MS - 60_000) },
      { ...young, createdAt: new Date(now.getTime() - CONTACT_RETENTION_MS + 60_000) },
    ]);
    // Stored without a support address: no mail, and the old row goes in the same batch.
    const stored = await storeContactMessage(
      db,
      { name: "N", email: "n@example.test", subject: "s", category: null, message: "m" },
      null,
      now,
    );
    expect(stored.outboxId).toBeNull();
    expect(await db.select().from(contactMessages).where(eq(contactMessages.id, old.id))).toEqual([]);
    expect((await db.select().from(contactMessages).where(eq(contactMessages.id, young.id))).length).toBe(1);

    // Later the young one ages out too: the cleanup removes it.
    const later = new Date(now.getTime() + 120_000);
    expect(await deleteExpiredContactMessages(db, later)).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(contactMessages).where(eq(contactMessages.id, young.id))).toEqual([]);
  });
});

describe("GET /api/admin/contact-messages", () => {
  it("is for admins only: 401 signed out, 403 for a user", async () => {
    const user = await addUser();
    await apiJson("/api/admin/contact-messages", {}, 401);
    await apiJson("/api/admin/contact-messages", { as: user }, 403);
  });

  it("lists messages newest first with paging, and refuses a bad page", async () => {
    const admin = await addUser({ admin: true });
    const marker = newId();
    const address = freshAddress();
    expect((await send(valid(`${marker} first`), address)).status).toBe(202);
    expect((await send(valid(`${marker} second`), address)).status).toBe(202);
    const page = await apiJson<AdminContactMessagesResponse>("/api/admin/contact-messages?pageSize=2", { as: admin });
    expect(page.page).toBe(1);
    expect(page.pageSize).toBe(2);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.messages.map((m) => m.subject)).toEqual([`Import fails ${marker} second`, `Import fails ${marker} first`]);
    expect(page.messages[0]).toMatchObject({ name: "Ada Lovelace", category: "bug" });
    const next = await apiJson<AdminContactMessagesResponse>("/api/admin/contact-messages?pageSize=2&page=2", { as: admin });
    expect(next.messages.map((m) => m.subject)).not.toContain(`Import fails ${marker} second`);
    for (const q of ["page=0", "page=x", "pageSize=101", "pageSize=1.5"]) {
      await apiJson(`/api/admin/contact-messages?${q}`, { as: admin }, 400);
    }
  });
});
