/**
 * Changing the account's e-mail address (decision 0045): the current password (or, for an account without
 * one, a fresh Google/GitHub sign-in), the notice with a 7-day undo link to the OLD address, and the undo:
 * old address back, every session ended, password removed, the link spent (with every later change's).
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { EMAIL_CHANGE_UNDO_TTL_MS } from "../../../../core/api/auth.ts";
import { expectDefined } from "../../../../core/lib/expect-defined.ts";
import { createDb } from "../../../../worker/db/client.ts";
import { emailChanges, mailOutbox, sessions, users } from "../../../../worker/db/schema.ts";
import { hashPassword, sha256Hex } from "../../../../worker/lib/crypto.ts";
import { newId } from "../../../../worker/lib/ids.ts";
import { updateProfile } from "./service.ts";
import { ANONYMOUS, type Caller, signedIn } from "../../../../worker/services/caller.ts";
import { pruneEmailChanges, undoEmailChange } from "./email-change.ts";
import { DomainError } from "../../../../worker/services/errors.ts";
import { createSession, validateSessionToken } from "./sessions.ts";
import { handleApi } from "../../../../worker/api/index.ts";

// Password checks cost a real scrypt hash: give slow machines room.
vi.setConfig({ testTimeout: 60_000 });

const db = createDb(env.DB);
const PASSWORD = "correct horse battery";
const address = () => `user-${newId().toLowerCase()}@example.org`;
let ipCounter = 0;
const uniqueIp = () => `2001:db8:e::${(++ipCounter).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;

/** An account with a password (or none: Google/GitHub only) and a cookie session started `ageMs` ago. */
async function account(opts: { password?: boolean; ageMs?: number } = {}) {
  const id = newId();
  const email = address();
  await db.insert(users).values({
    id,
    email,
    firstName: "Ann",
    lastName: "Lee",
    passwordHash: opts.password === false ? "" : await hashPassword(PASSWORD),
  });
  const started = new Date(Date.now() - (opts.ageMs ?? 0));
  const session = await createSession(db, id, { now: started });
  const other = await createSession(db, id, { now: started });
  return { id, email, token: session.token, otherToken: other.token };
}

/**
 * A call as a client makes it (the session cookie resolved as the Worker does), with mail going to a fake
 * send_email binding; waits for the work after the answer and returns the answer and the mails received.
 */
async function send(method: string, path: string, body: unknown, token: string | null = null) {
  const inbox: { to: string; subject: string; text: string; html?: string }[] = [];
  const binding = { send: async (m: { to: string; subject: string; text: string; html?: string }) => inbox.push(m) };
  const waits: Promise<unknown>[] = [];
  const ctx = { waitUntil: (p: Promise<unknown>) => waits.push(p), passThroughOnException() {} } as unknown as ExecutionContext;
  const url = new URL(`https://recipecart.test${path}`);
  const request = new Request(url, {
    method,
    headers: { "content-type": "application/json", "cf-connecting-ip": uniqueIp(), origin: "https://recipecart.test" },
    body: JSON.stringify(body),
  });
  const valid = token ? await validateSessionToken(db, token, "cookie") : null;
  const caller: Caller = valid ? signedIn(valid.user, valid.session) : ANONYMOUS;
  const mailEnv = { ...env, MAIL_FROM: "no-reply@recipecart.test", EMAIL: binding } as unknown as Env;
  const res = await handleApi({ url, request, env: mailEnv, ctx, db, requestId: "t", caller });
  await Promise.all(waits);
  return { res, inbox };
}

const profile = (email: string, currentPassword?: string) => ({
  firstName: "Ann",
  lastName: "Lee",
  email,
  ...(currentPassword !== undefined ? { currentPassword } : {}),
});
const emailOf = async (id: string) => expectDefined((await db.select().from(users).where(eq(users.id, id)))[0]).email;
const undoTokenOf = (text: string) => decodeURIComponent(expectDefined(expectDefined(/undo-email-change\?token=([^\s]+)/.exec(text))[1]));

describe("PUT /api/users/me with a new e-mail address", () => {
  it("needs the current password; names alone do not", async () => {
    const a = await account();
    const next = address();
    const none = await send("PUT", "/api/users/me", profile(next), a.token);
    expect(none.res.status).toBe(400);
    expect(await none.res.json()).toMatchObject({
      code: "password_required",
      errors: { currentPassword: ["Enter your current password to change your email address."] },
    });
    const wrong = await send("PUT", "/api/users/me", profile(next, "not my password"), a.token);
    expect(wrong.res.status).toBe(400);
    expect(await wrong.res.json()).toMatchObject({
      code: "wrong_password",
      errors: { currentPassword: ["Current password is incorrect."] },
    });
    expect(await emailOf(a.id)).toBe(a.email);
    expect(none.inbox).toEqual([]);
    expect(wrong.inbox).toEqual([]);
    // Names, or the same address in other letters' case: no password, no mail.
    const names = await send("PUT", "/api/users/me", { ...profile(a.email.toUpperCase()), firstName: "Annie" }, a.token);
    expect(names.res.status).toBe(200);
    expect(names.inbox).toEqual([]);
    // An address another account has: refused only once the password is right (no lookup for a guesser).
    const b = await account();
    const taken = await send("PUT", "/api/users/me", profile(b.email, PASSWORD), a.token);
    expect(taken.res.status).toBe(409);
    expect(await taken.res.json()).toMatchObject({ code: "email_taken" });
  });

  it("with the password: changes it, and mails the OLD address a notice with a 7-day undo link", async () => {
    const a = await account();
    const next = address();
    const { res, inbox } = await send("PUT", "/api/users/me", profile(next, PASSWORD), a.token);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { user: { email: string } }).user.email).toBe(next);
    expect(await emailOf(a.id)).toBe(next);
    expect(inbox).toHaveLength(1);
    const mail = expectDefined(inbox[0]);
    expect(mail.to).toBe(a.email);
    expect(mail.subject).toBe("The email address of your recipecart account was changed");
    expect(mail.text).toContain(`from ${a.email} to ${next}`);
    expect(mail.text).toContain("within 7 days");
    expect(mail.text).toContain("https://recipecart.test/undo-email-change?token=");
    expect(mail.html).toContain("https://recipecart.test/undo-email-change?token=");
    // Stored: only the token's hash; the sent mail's stored copy no longer holds the token.
    const token = undoTokenOf(mail.text);
    const [change] = await db.select().from(emailChanges).where(eq(emailChanges.userId, a.id));
    expect(change).toMatchObject({ oldEmail: a.email, newEmail: next, undoTokenHash: await sha256Hex(token), undoneAt: null });
    expect(expectDefined(change).expiresAt.getTime() - expectDefined(change).createdAt.getTime()).toBe(EMAIL_CHANGE_UNDO_TTL_MS);
    const [stored] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, a.email));
    expect(stored).toMatchObject({ kind: "email_changed", status: "sent" });
    expect(expectDefined(stored).text).not.toContain(token);
    // The signed-in session that made the change goes on.
    expect(await validateSessionToken(db, a.token, "cookie")).not.toBeNull();
  });

  it("without a password on the account: a Google/GitHub sign-in in the last 10 minutes, else refused", async () => {
    const stale = await account({ password: false, ageMs: 11 * 60 * 1000 });
    const refused = await send("PUT", "/api/users/me", profile(address()), stale.token);
    expect(refused.res.status).toBe(403);
    expect(await refused.res.json()).toMatchObject({ code: "reauthentication_required" });
    expect(await emailOf(stale.id)).toBe(stale.email);

    const fresh = await account({ password: false, ageMs: 60 * 1000 });
    const next = address();
    const ok = await send("PUT", "/api/users/me", profile(next), fresh.token);
    expect(ok.res.status).toBe(200);
    expect(await emailOf(fresh.id)).toBe(next);
    expect(ok.inbox.map((m) => m.to)).toEqual([fresh.email]);
  });

  it("a bearer session (the extension's, made by the connect step) never counts as a fresh sign-in", async () => {
    const a = await account({ password: false });
    const valid = expectDefined(await validateSessionToken(db, a.token, "bearer"));
    const deps = { db, appOrigin: "https://recipecart.test" };
    const err = await updateProfile(deps, valid.user, valid.session, profile(address())).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect((err as DomainError).code).toBe("reauthentication_required");
  });
});

describe("POST /api/auth/email-change/undo", () => {
  async function changed() {
    const a = await account();
    const next = address();
    const { inbox } = await send("PUT", "/api/users/me", profile(next, PASSWORD), a.token);
    return { ...a, next, undo: undoTokenOf(expectDefined(inbox[0]).text) };
  }

  it("puts the old address back, signs every device out and removes the password; the link works once", async () => {
    const a = await changed();
    const { res } = await send("POST", "/api/auth/email-change/undo", { token: a.undo }, a.token);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: a.email });
    // This browser held one of the account's sessions: its cookie is cleared too.
    expect(res.headers.getSetCookie().some((c) => c.startsWith("rc_session=;") || /rc_session=[^;]*;.*Max-Age=0/i.test(c))).toBe(true);
    const [row] = await db.select().from(users).where(eq(users.id, a.id));
    expect(row).toMatchObject({ email: a.email, passwordHash: "", resetTokenHash: null });
    expect(expectDefined(row).emailVerifiedAt).not.toBeNull();
    expect(await db.select().from(sessions).where(eq(sessions.userId, a.id))).toEqual([]);
    // Password sign-in no longer works (the owner sets a new one through forgot-password).
    const login = await send("POST", "/api/auth/login", { email: a.email, password: PASSWORD });
    expect(login.res.status).toBe(401);

    const again = await send("POST", "/api/auth/email-change/undo", { token: a.undo });
    expect(again.res.status).toBe(400);
    expect(await again.res.json()).toMatchObject({ code: "invalid_undo_token" });
  });

  it("the first address's link wins: undoing it spends every later change's link", async () => {
    const a = await changed();
    // The new address's holder changes it once more: that notice goes to the second address.
    const third = address();
    const { inbox } = await send("PUT", "/api/users/me", profile(third, PASSWORD), a.token);
    const laterUndo = undoTokenOf(expectDefined(inbox[0]).text);
    expect(expectDefined(inbox[0]).to).toBe(a.next);

    expect((await send("POST", "/api/auth/email-change/undo", { token: a.undo })).res.status).toBe(200);
    expect(await emailOf(a.id)).toBe(a.email);
    const later = await send("POST", "/api/auth/email-change/undo", { token: laterUndo });
    expect(later.res.status).toBe(400);
    expect(await emailOf(a.id)).toBe(a.email);
  });

  it("refuses an unknown, malformed or 7-day-old link, and an address another account took meanwhile", async () => {
    expect((await send("POST", "/api/auth/email-change/undo", { token: "no such token" })).res.status).toBe(400);
    const bad = await send("POST", "/api/auth/email-change/undo", { token: "" });
    expect(bad.res.status).toBe(400);
    expect(await bad.res.json()).toMatchObject({ code: "invalid_body", errors: { token: ["The undo link is incomplete."] } });

    const old = await changed();
    const late = await undoEmailChange(db, old.undo, new Date(Date.now() + EMAIL_CHANGE_UNDO_TTL_MS + 60_000)).catch((e: unknown) => e);
    expect((late as DomainError).code).toBe("invalid_undo_token");
    // Past their 7 days the records go (they hold the old address).
    await pruneEmailChanges(db, new Date(Date.now() + EMAIL_CHANGE_UNDO_TTL_MS + 60_000));
    expect(await db.select().from(emailChanges).where(eq(emailChanges.userId, old.id))).toEqual([]);

    const a = await changed();
    await db.insert(users).values({ id: newId(), email: a.email.toUpperCase(), passwordHash: "" });
    const taken = await send("POST", "/api/auth/email-change/undo", { token: a.undo });
    expect(taken.res.status).toBe(409);
    expect(await emailOf(a.id)).toBe(a.next);
  });
});
