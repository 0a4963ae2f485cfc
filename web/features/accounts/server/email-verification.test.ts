/**
 * Proving an account's e-mail address (decision 0044) in workerd: the link mailed at registration, its
 * state and confirmation, resending with its limits, and what it unlocks (e-mailing lists to others).
 */
import { exports, env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expectDefined } from "../../../../core/lib/expect-defined.ts";
import { createDb } from "../../../../worker/db/client.ts";
import { insertList } from "../../shopping-list/server/queries.ts";
import { emailVerifications, mailOutbox, users } from "../../../../worker/db/schema.ts";
import { newId } from "../../../../worker/lib/ids.ts";
import { DomainError } from "../../../../worker/services/errors.ts";
import { queueVerificationMail, VERIFY_MAIL_GAP_MS, VERIFY_MAILS_PER_DAY, VERIFY_TOKEN_TTL_MS, verifyEmail } from "./email-verification.ts";

const db = createDb(env.DB);
let ip = 0;
function call(path: string, init: { method?: string; json?: unknown; token?: string } = {}) {
  const headers = new Headers({
    "cf-connecting-ip": `2001:db8:ee::${(++ip).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`,
  });
  if (init.json !== undefined) headers.set("content-type", "application/json");
  if (init.token) headers.set("authorization", `Bearer ${init.token}`);
  return exports.default.fetch(`http://localhost${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

const sessionOf = (res: Response) =>
  decodeURIComponent(
    expectDefined(
      res.headers
        .getSetCookie()
        .find((c) => c.startsWith("rc_session="))
        ?.slice("rc_session=".length)
        .split(";")[0],
    ),
  );

async function register() {
  const email = `new-${newId().toLowerCase()}@example.org`;
  const res = await call("/api/auth/register", {
    method: "POST",
    json: { firstName: "Grace", lastName: "Hopper", email, password: "correct horse battery" },
  });
  expect(res.status).toBe(201);
  const { user } = (await res.json()) as { user: { id: string } };
  return { id: user.id, email, token: sessionOf(res) };
}

async function waitFor(check: () => Promise<boolean>) {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 50));
  expect(await check()).toBe(true);
}

const mailsTo = (to: string) => db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
const tokenIn = (text: string) => expectDefined(/\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1]);

async function listOf(userId: string) {
  const id = newId();
  await insertList(db, { id, name: "Week", userId, recipes: [], items: [] });
  return id;
}
const emailList = (listId: string, to: string, token: string) =>
  call(`/api/shopping-lists/${listId}/email`, { method: "POST", json: { email: to }, token });

describe("e-mail verification", () => {
  it("registration mails a link; following it confirms the address, once, and lets the account e-mail lists to others", async () => {
    const u = await register();
    const [mail, ...more] = await mailsTo(u.email);
    expect(more).toEqual([]);
    expect(expectDefined(mail).kind).toBe("email_verification");
    expect(expectDefined(mail).subject).toBe("Confirm your recipecart e-mail address");
    // Delivered after the answer; once sent, the stored copy no longer holds the live token (decision 0021).
    await waitFor(async () => (await mailsTo(u.email))[0]?.status === "sent");
    expect(expectDefined((await mailsTo(u.email))[0]).text).toContain("https://recipecart.test/verify-email?token=REDACTED");
    // The test reads a link whose mail it does not send (its copy still holds the token).
    const mailId = expectDefined(await queueVerificationMail(db, u.id, "https://recipecart.test", { limit: false }));
    const token = tokenIn(expectDefined((await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId)))[0]).text);

    expect(await (await call("/api/users/me/email-verification", { token: u.token })).json()).toEqual({ email: u.email, verified: false });
    const listId = await listOf(u.id);
    expect((await emailList(listId, `friend-${newId()}@example.org`, u.token)).status).toBe(403);

    expect(await (await call(`/api/auth/verify-email?token=${token}`)).json()).toEqual({ valid: true });
    const ok = await call("/api/auth/verify-email", { method: "POST", json: { token } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ verified: true, message: "Your e-mail address is confirmed." });
    expect(await (await call("/api/users/me/email-verification", { token: u.token })).json()).toEqual({ email: u.email, verified: true });
    expect((await emailList(listId, `friend-${newId()}@example.org`, u.token)).status).toBe(202);

    // Spent.
    expect(await (await call(`/api/auth/verify-email?token=${token}`)).json()).toEqual({ valid: false });
    const again = await call("/api/auth/verify-email", { method: "POST", json: { token } });
    expect(again.status).toBe(400);
    expect(((await again.json()) as { code: string }).code).toBe("verify_link_invalid");
    // A confirmed address needs no new link.
    const resend = await call("/api/users/me/email-verification", { method: "POST", token: u.token });
    expect(resend.status).toBe(200);
    expect(await resend.json()).toEqual({ email: u.email, verified: true, sent: false });
  });

  it("resending: at most one link a minute (429 with Retry-After) and five a day", async () => {
    const u = await register();
    const soon = await call("/api/users/me/email-verification", { method: "POST", token: u.token });
    expect(soon.status).toBe(429);
    expect(((await soon.json()) as { code: string }).code).toBe("verification_limit");
    expect(Number(soon.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(soon.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect((await call("/api/users/me/email-verification", { method: "POST" })).status).toBe(401);

    // Through the service with a clock: a minute apart each, five a day in all.
    const t0 = new Date(Date.now() + 2 * VERIFY_MAIL_GAP_MS);
    for (let i = 1; i < VERIFY_MAILS_PER_DAY; i++) {
      expect(
        await queueVerificationMail(db, u.id, "https://recipecart.test", { now: new Date(t0.getTime() + i * VERIFY_MAIL_GAP_MS) }),
      ).toBeTruthy();
    }
    const sixth = await queueVerificationMail(db, u.id, "https://recipecart.test", {
      now: new Date(t0.getTime() + 10 * VERIFY_MAIL_GAP_MS),
    }).catch((e: unknown) => e);
    expect(sixth).toBeInstanceOf(DomainError);
    expect((sixth as DomainError).code).toBe("verification_limit");
    // Every link mailed works until one is used.
    expect(await mailsTo(u.email)).toHaveLength(VERIFY_MAILS_PER_DAY);
  });

  it("a link expires after 24 hours, and proves nothing once the account's address changed", async () => {
    const u = await register();
    const token = tokenIn(
      expectDefined(
        (
          await db
            .select()
            .from(mailOutbox)
            .where(eq(mailOutbox.id, expectDefined(await queueVerificationMail(db, u.id, "https://recipecart.test", { limit: false }))))
        )[0],
      ).text,
    );
    const late = await verifyEmail(db, token, new Date(Date.now() + VERIFY_TOKEN_TTL_MS + 1000)).catch((e: unknown) => e);
    expect((late as DomainError).code).toBe("verify_link_invalid");

    await db
      .update(users)
      .set({ email: `other-${newId()}@example.org` })
      .where(eq(users.id, u.id));
    const moved = await call("/api/auth/verify-email", { method: "POST", json: { token } });
    expect(moved.status).toBe(400);
    const [row] = await db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, u.id));
    expect(expectDefined(row).at).toBeNull();
    expect(await db.select().from(emailVerifications).where(eq(emailVerifications.userId, u.id))).toHaveLength(2);
  });

  it.each([{}, { token: "" }, { token: "x".repeat(201) }, { token: 5 }])("POST /api/auth/verify-email refuses %j", async (body) => {
    const res = await call("/api/auth/verify-email", { method: "POST", json: body });
    expect(res.status).toBe(400);
  });
});
