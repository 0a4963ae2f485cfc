import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { handleApi } from "../api/index.ts";
import { createDb } from "../db/client.ts";
import { mailOutbox, users } from "../db/schema.ts";
import { newId } from "../lib/ids.ts";
import { forgotPassword } from "../../web/features/accounts/server/service.ts";
import { ANONYMOUS } from "../services/caller.ts";
import { CloudflareEmailMailer, ConsoleMailer, mailerFromEnv, type EmailBinding } from "./mailer.ts";
import { sha256Hex } from "../lib/crypto.ts";
import { backoffMs, deliver, deliverDue, MAX_ATTEMPTS, outboxRow, pruneOutbox, SENT_MAIL_TTL_MS } from "./outbox.ts";
import { passwordResetMail, REDACTED } from "./templates.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";

const db = createDb(env.DB);
const noSleep = async () => {};

/** A fake send_email binding: fails the first `failures` sends, records the rest. */
function fakeBinding(failures = 0) {
  const sent: Parameters<EmailBinding["send"]>[0][] = [];
  let left = failures;
  const binding: EmailBinding = {
    async send(message) {
      if (left > 0) {
        left--;
        throw Object.assign(new Error("daily limit"), { code: "E_DAILY_LIMIT_EXCEEDED" });
      }
      sent.push(message);
      return { messageId: `m-${sent.length}` };
    },
  };
  return { binding, sent };
}

async function queued(to = `${newId()}@example.org`, at = new Date()) {
  const id = newId();
  await db.insert(mailOutbox).values(outboxRow(id, passwordResetMail(to, "https://recipecart.example/reset-password?token=abc"), at));
  return id;
}

const row = async (id: string) => expectDefined((await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]);

describe("mailers", () => {
  it("Cloudflare Email Service gets to, from, subject, text and html", async () => {
    const { binding, sent } = fakeBinding();
    await new CloudflareEmailMailer(binding, "no-reply@recipecart.example").send({
      to: "a@b.org",
      subject: "S",
      text: "T",
      html: "<p>H</p>",
    });
    expect(sent).toEqual([{ to: "a@b.org", from: "no-reply@recipecart.example", subject: "S", text: "T", html: "<p>H</p>" }]);
  });

  it("Cloudflare Email Service gets replyTo when the mail has one (decision 0021)", async () => {
    const { binding, sent } = fakeBinding();
    await new CloudflareEmailMailer(binding, "no-reply@recipecart.example").send({
      to: "support@recipecart.example",
      subject: "S",
      text: "T",
      html: null,
      replyTo: "ann@example.org",
    });
    expect(sent).toEqual([
      { to: "support@recipecart.example", from: "no-reply@recipecart.example", subject: "S", text: "T", replyTo: "ann@example.org" },
    ]);
  });

  it("Cloudflare Email Service gets the mail's extra headers (List-Unsubscribe, decision 0044); the outbox keeps them for retries", async () => {
    const { binding, sent } = fakeBinding(1);
    const headers = {
      "List-Unsubscribe": "<https://recipecart.example/email-opt-out/t0k>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
    const id = newId();
    await db.insert(mailOutbox).values(
      outboxRow(
        id,
        {
          kind: "shopping_list",
          to: "a@b.org",
          subject: "S",
          text: "T https://recipecart.example/email-opt-out/t0k",
          html: "<p>H</p>",
          headers,
          secret: "t0k",
        },
        new Date(),
      ),
    );
    // The first attempt fails; the retry sends the same headers.
    await deliver(db, new CloudflareEmailMailer(binding, "f@x.org"), [id], { sleep: noSleep });
    expect(sent).toEqual([
      { to: "a@b.org", from: "f@x.org", subject: "S", text: "T https://recipecart.example/email-opt-out/t0k", html: "<p>H</p>", headers },
    ]);
    // Sent: the stored copy's headers lose the secret like its text.
    expect((await row(id)).headers).toEqual({
      "List-Unsubscribe": `<https://recipecart.example/email-opt-out/${REDACTED}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    // No headers: none sent (the binding refuses an empty or unknown header set no better than none).
    await new CloudflareEmailMailer(binding, "f@x.org").send({ to: "c@d.org", subject: "S", text: "T", html: null, headers: {} });
    expect(sent[1]).toEqual({ to: "c@d.org", from: "f@x.org", subject: "S", text: "T" });
  });

  it("without MAIL_FROM the console mailer prints recipient, subject and links", async () => {
    expect(mailerFromEnv(env).name).toBe("console");
    expect(mailerFromEnv({ ...env, MAIL_FROM: "no-reply@recipecart.example" } as unknown as Env).name).toBe("cloudflare-email");
    const lines: string[] = [];
    const mail = passwordResetMail("ann@example.org", "http://localhost:8787/reset-password?token=t0k");
    await new ConsoleMailer((l) => lines.push(l)).send(mail);
    expect(lines.join("\n")).toBe(
      "[mail] to: ann@example.org\n[mail] subject: Reset your recipecart password\n[mail] link: http://localhost:8787/reset-password?token=t0k",
    );
  });

  it("the reset mail has a text and an HTML part with the link, HTML-escaped", () => {
    const mail = passwordResetMail("a@b.org", "https://x.example/reset-password?token=a&b");
    expect(mail.text).toContain("https://x.example/reset-password?token=a&b");
    expect(mail.text).toMatch(/10 minutes/);
    expect(mail.html).toContain('href="https://x.example/reset-password?token=a&amp;b"');
  });
});

describe("outbox delivery", () => {
  it("sends a queued mail and marks it sent", async () => {
    const { binding, sent } = fakeBinding();
    const id = await queued();
    await deliver(db, new CloudflareEmailMailer(binding, "f@x.org"), [id], { sleep: noSleep });
    expect(sent).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, lastError: null });
    // Delivering again sends nothing twice.
    await deliver(db, new CloudflareEmailMailer(binding, "f@x.org"), [id], { sleep: noSleep });
    expect(sent).toHaveLength(1);
  });

  it("retries quickly inside the request, then leaves the mail for the cron with backoff", async () => {
    const flaky = fakeBinding(1);
    const a = await queued();
    await deliver(db, new CloudflareEmailMailer(flaky.binding, "f@x.org"), [a], { sleep: noSleep });
    expect(flaky.sent).toHaveLength(1);
    expect(await row(a)).toMatchObject({ status: "sent", attempts: 2 });

    const down = fakeBinding(100);
    const b = await queued();
    const t0 = new Date("2031-01-01T00:00:00Z");
    await deliver(db, new CloudflareEmailMailer(down.binding, "f@x.org"), [b], { sleep: noSleep, now: () => t0 });
    const after = await row(b);
    expect(after).toMatchObject({ status: "pending", attempts: 3, lastError: "E_DAILY_LIMIT_EXCEEDED: daily limit" });
    expect(expectDefined(after.nextAttemptAt).getTime()).toBe(t0.getTime() + backoffMs(3));

    // The cron does not touch it before its time, then sends it once the provider is back.
    const up = fakeBinding();
    const mailer = new CloudflareEmailMailer(up.binding, "f@x.org");
    await deliverDue(db, mailer, { now: () => new Date(t0.getTime() + backoffMs(3) - 1000) });
    expect(up.sent.filter((m) => m.to === after.to)).toHaveLength(0);
    await deliverDue(db, mailer, { now: () => new Date(t0.getTime() + backoffMs(3) + 1000) });
    expect(up.sent.filter((m) => m.to === after.to)).toHaveLength(1);
    expect(await row(b)).toMatchObject({ status: "sent", attempts: 4 });
  });

  it("gives up after MAX_ATTEMPTS and marks the mail failed", async () => {
    const down = fakeBinding(1000);
    const id = await queued();
    let t = new Date("2032-01-01T00:00:00Z").getTime();
    const mailer = new CloudflareEmailMailer(down.binding, "f@x.org");
    for (let i = 0; i < MAX_ATTEMPTS + 2; i++) {
      await deliverDue(db, mailer, { now: () => new Date(t) });
      t += 3 * 60 * 60 * 1000;
    }
    expect(await row(id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
  });

  it("a lease that runs out (an isolate killed mid-send) makes the mail due again", async () => {
    const id = await queued();
    const t0 = new Date("2033-01-01T00:00:00Z");
    await db
      .update(mailOutbox)
      .set({ status: "sending", nextAttemptAt: new Date(t0.getTime() + 120_000) })
      .where(eq(mailOutbox.id, id));
    const { binding, sent } = fakeBinding();
    const mailer = new CloudflareEmailMailer(binding, "f@x.org");
    await deliverDue(db, mailer, { now: () => new Date(t0.getTime() + 60_000) });
    const to = (await row(id)).to;
    expect(sent.some((m) => m.to === to)).toBe(false);
    await deliverDue(db, mailer, { now: () => new Date(t0.getTime() + 121_000) });
    expect(await row(id)).toMatchObject({ status: "sent" });
  });

  it("the reset mail is written in the same batch as the token: both or neither", async () => {
    const address = `${newId()}@example.org`;
    const id = newId();
    await db.insert(users).values({ id, email: address, passwordHash: "" });
    const { mailId } = await forgotPassword({ db, appOrigin: "https://recipecart.example" }, { email: address });
    const mail = await row(expectDefined(mailId));
    const [user] = await db.select().from(users).where(eq(users.id, id));
    expect(mail.status).toBe("pending");
    expect(expectDefined(user).resetTokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("development outbox listing", () => {
  it("lists mails with their links when RECIPECART_DEV_OUTBOX=1", async () => {
    const to = `${newId()}@example.org`;
    await queued(to);
    const url = new URL("http://localhost/api/dev/outbox");
    const base = { url, ctx: {} as ExecutionContext, db, requestId: "t", caller: ANONYMOUS };
    const on = await handleApi({ ...base, request: new Request(url), env: { ...env, RECIPECART_DEV_OUTBOX: "1" } as unknown as Env });
    expect(on.status).toBe(200);
    const body = (await on.json()) as { mails: { to: string; links: string[]; subject: string }[] };
    expect(body.mails.find((m) => m.to === to)).toMatchObject({
      subject: "Reset your recipecart password",
      links: ["https://recipecart.example/reset-password?token=abc"],
    });
    const off = await handleApi({ ...base, request: new Request(url), env });
    expect(off.status).toBe(404);
  });
});

describe("a sent mail keeps no live secret, and goes after 30 days", () => {
  const tokenIn = (text: string) => expectDefined(/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1]);

  async function resetRequested() {
    const address = `${newId()}@example.org`;
    const userId = newId();
    await db.insert(users).values({ id: userId, email: address, passwordHash: "" });
    const { mailId } = await forgotPassword({ db, appOrigin: "https://recipecart.example" }, { email: address });
    return { userId, mailId: expectDefined(mailId) };
  }

  it("the recipient gets the live reset link; the stored copy then holds neither the token nor the secret", async () => {
    const { userId, mailId } = await resetRequested();
    const { binding, sent } = fakeBinding();
    await deliver(db, new CloudflareEmailMailer(binding, "f@x.org"), [mailId], { sleep: noSleep });
    const token = tokenIn(expectDefined(sent[0]).text);
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    // What went out is the live token...
    expect(await sha256Hex(token)).toBe(expectDefined(user).resetTokenHash);
    expect(expectDefined(sent[0]).html).toContain(token);
    // ...and what stays is not.
    const stored = await row(mailId);
    expect(stored.status).toBe("sent");
    expect(stored.secret).toBeNull();
    expect(stored.text).not.toContain(token);
    expect(stored.html).not.toContain(token);
    expect(stored.text).toContain(`https://recipecart.example/reset-password?token=${REDACTED}`);
  });

  it("through the API: once the answer's background delivery is done, the outbox row has no token", async () => {
    const address = `${newId()}@example.org`;
    await db.insert(users).values({ id: newId(), email: address, passwordHash: "" });
    const waits: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => waits.push(p), passThroughOnException() {} } as unknown as ExecutionContext;
    const url = new URL("https://recipecart.test/api/auth/forgot-password");
    const request = new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: address }),
    });
    const res = await handleApi({ url, request, env, ctx, db, requestId: "t", caller: ANONYMOUS });
    expect(res.status).toBe(200);
    await Promise.all(waits);
    const [stored] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, address));
    expect(stored).toMatchObject({ status: "sent", secret: null });
    expect(expectDefined(stored).text).toMatch(/reset-password\?token=REDACTED\s/);
  });

  it("keeps the secret only for the development outbox in local development", async () => {
    const local = { ...env, RECIPECART_DEV_OUTBOX: "1", APP_ORIGIN: "http://127.0.0.1:8787" } as unknown as Env;
    const deployed = { ...env, RECIPECART_DEV_OUTBOX: "1", APP_ORIGIN: "https://recipecart.example" } as unknown as Env;
    const { keepSentSecrets } = await import("./mailer.ts");
    expect(keepSentSecrets(local)).toBe(true);
    expect(keepSentSecrets(deployed)).toBe(false);
    expect(keepSentSecrets({ ...env, APP_ORIGIN: "http://localhost:5173" } as unknown as Env)).toBe(false);
    const { mailId } = await resetRequested();
    await deliver(db, new ConsoleMailer(() => {}), [mailId], { sleep: noSleep, keepSecrets: true });
    expect((await row(mailId)).text).toMatch(/token=[A-Za-z0-9_-]{43}/);
  });

  it("prints a mail's links to the log only in local development", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const mail = passwordResetMail("ann@example.org", "https://recipecart.test/reset-password?token=s3cret", "s3cret");
      await mailerFromEnv(env).send(mail);
      const deployedLog = log.mock.calls.flat().join("\n");
      expect(deployedLog).toContain("[mail] to: ann@example.org");
      expect(deployedLog).not.toContain("s3cret");
      expect(deployedLog).toContain("1 link(s) left out: not local development");
      log.mockClear();
      await mailerFromEnv({ ...env, APP_ORIGIN: "http://localhost:8787" } as unknown as Env).send(mail);
      expect(log.mock.calls.flat().join("\n")).toContain("[mail] link: https://recipecart.test/reset-password?token=s3cret");
    } finally {
      log.mockRestore();
    }
  });

  it("deletes sent mails 30 days after sending, and given-up ones 30 days after writing; waiting ones stay", async () => {
    const now = new Date("2034-06-01T00:00:00Z");
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const day = 24 * 60 * 60 * 1000;
    const oldSent = await queued(undefined, ago(40 * day));
    const recentSent = await queued(undefined, ago(40 * day));
    const oldFailed = await queued(undefined, ago(31 * day));
    const oldPending = await queued(undefined, ago(60 * day));
    await db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: ago(SENT_MAIL_TTL_MS + 60_000) })
      .where(eq(mailOutbox.id, oldSent));
    await db
      .update(mailOutbox)
      .set({ status: "sent", sentAt: ago(29 * day) })
      .where(eq(mailOutbox.id, recentSent));
    await db.update(mailOutbox).set({ status: "failed" }).where(eq(mailOutbox.id, oldFailed));
    await pruneOutbox(db, now);
    const left = async (id: string) => (await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.id, id))).length;
    expect(await left(oldSent)).toBe(0);
    expect(await left(oldFailed)).toBe(0);
    expect(await left(recentSent)).toBe(1);
    expect(await left(oldPending)).toBe(1);
  });
});
