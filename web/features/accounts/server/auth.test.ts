import { env, exports } from "cloudflare:workers";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { createDb } from "../../../../worker/db/client.ts";
import { mailOutbox, sessions, users } from "../../../../worker/db/schema.ts";
import { hashPassword, needsRehash, sha256Hex } from "../../../../worker/lib/crypto.ts";
import { newId, newToken } from "../../../../worker/lib/ids.ts";
import { forgotPassword, resetPassword, RESET_TOKEN_TTL_MS, verifyResetToken } from "./service.ts";
import { ANONYMOUS } from "../../../../worker/services/caller.ts";
import { DomainError } from "../../../../worker/services/errors.ts";
import { handleApi } from "../../../../worker/api/index.ts";
import { expectDefined } from "../../../../core/lib/expect-defined.ts";

// Every sign-in costs a real scrypt hash (~100-300 ms here): give slow machines room.
vi.setConfig({ testTimeout: 60_000 });

const db = createDb(env.DB);
const ORIGIN = "http://localhost";

let ipCounter = 0;
/** A fresh client address per use, so one test's rate-limit counts never touch another's. */
const uniqueIp = () => `2001:db8::${(++ipCounter).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;

function call(path: string, init: RequestInit & { json?: unknown; ip?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.json !== undefined) headers.set("content-type", "application/json");
  headers.set("cf-connecting-ip", init.ip ?? uniqueIp());
  return exports.default.fetch(`${ORIGIN}${path}`, {
    ...init,
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
  });
}

/** The session cookie a response sets (other cookies, such as the D1 bookmark, are not the session's). */
const sessionSetCookie = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith("rc_session=")) ?? null;

const email = () => `user-${newId().toLowerCase()}@example.org`;

/** A cookie's value as an answer set it. */
function setCookieValue(res: Response, name: string): string {
  const cookie = expectDefined(res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`)));
  return decodeURIComponent(expectDefined(cookie.slice(name.length + 1).split(";")[0]));
}

/** The session token a sign-in answer set in its HttpOnly cookie (the body never carries it). */
const sessionTokenOf = (res: Response) => setCookieValue(res, "rc_session");

/** Waits, when needed, so that `ms` of the current wall-clock minute remain (the limiters count per minute). */
async function wellInsideAMinute(ms: number) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < ms) await new Promise((r) => setTimeout(r, left + 200));
}

async function registerUser(opts: { email?: string; password?: string } = {}) {
  const address = opts.email ?? email();
  const password = opts.password ?? "correct horse battery";
  const res = await call("/api/auth/register", { method: "POST", json: { firstName: "Ann", lastName: "Lee", email: address, password } });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { user: { id: string; email: string }; expiresAt: string };
  return {
    ...body,
    token: sessionTokenOf(res),
    device: setCookieValue(res, "rc_device"),
    body,
    email: address,
    password,
    cookie: expectDefined(sessionSetCookie(res)),
  };
}

async function loginUser(address: string, password: string) {
  const res = await call("/api/auth/login", { method: "POST", json: { email: address, password } });
  expect(res.status).toBe(200);
  return { ...((await res.json()) as { user: { id: string } }), token: sessionTokenOf(res) };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const me = (headers: Record<string, string>) => call("/api/auth/me", { headers });

describe("register and sign in", () => {
  it("registers, answers the user (never the token) and sets an HttpOnly SameSite=Lax cookie (not Secure on localhost)", async () => {
    const r = await registerUser();
    expect(r.user).toMatchObject({ email: r.email, isAdmin: false });
    expect(r.user).not.toHaveProperty("passwordHash");
    // The session is the HttpOnly cookie alone: no script on the page can read it from the answer.
    expect(Object.keys(r.body).sort()).toEqual(["claimed", "expiresAt", "user"]);
    expect(JSON.stringify(r.body)).not.toContain(r.token);
    expect(r.token.length).toBeGreaterThanOrEqual(27); // 20+ random bytes
    expect(r.cookie).toMatch(/^rc_session=[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=259\d{4}$/);
    const stored = await db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, await sha256Hex(r.token)));
    expect(stored).toHaveLength(1);
    const days = (expectDefined(stored[0]).expiresAt.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    // The token itself is never stored.
    const raw = await env.DB.prepare("select count(*) as n from sessions where token_hash = ?").bind(r.token).first<{ n: number }>();
    expect(expectDefined(raw).n).toBe(0);
  });

  it("marks the cookie Secure off localhost", async () => {
    const res = await exports.default.fetch("https://recipecart.example/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
      body: JSON.stringify({ firstName: "A", lastName: "B", email: email(), password: "long enough pw" }),
    });
    expect(res.status).toBe(201);
    expect(sessionSetCookie(res)).toMatch(/; Secure$/);
  });

  it("accepts the session both as a bearer token and as the cookie", async () => {
    const r = await registerUser();
    const cookie = expectDefined(r.cookie.split(";")[0]);
    for (const headers of [bearer(r.token), { cookie }]) {
      const res = await me(headers);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { user: { id: string } }).user.id).toBe(r.user.id);
    }
  });

  it("stores the password as scrypt N=2^14 r=8 p=5 with a per-user salt", async () => {
    const a = await registerUser({ password: "same password" });
    const b = await registerUser({ password: "same password" });
    const rows = await db.select({ h: users.passwordHash }).from(users).where(sql`${users.id} in (${a.user.id}, ${b.user.id})`);
    for (const { h } of rows) expect(h).toMatch(/^scrypt\$16384\$8\$5\$[\w+/=]+\$[\w+/=]+$/);
    expect(expectDefined(rows[0]).h.split("$")[4]).not.toBe(expectDefined(rows[1]).h.split("$")[4]);
  });

  it("refuses a second account for the same e-mail in any letter case", async () => {
    const r = await registerUser();
    const res = await call("/api/auth/register", {
      method: "POST",
      json: { firstName: "X", lastName: "Y", email: r.email.toUpperCase(), password: "another password" },
    });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "email_taken" });
  });

  it("validates registration with the spec's messages", async () => {
    const res = await call("/api/auth/register", {
      method: "POST",
      json: { firstName: " ", lastName: "", email: "nope", password: "short" },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; errors: Record<string, string[]> };
    expect(body.code).toBe("invalid_body");
    expect(body.errors).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Invalid email address"],
      password: ["Password must be at least 8 characters"],
    });
  });

  it("validates sign-in with the spec's messages", async () => {
    const res = await call("/api/auth/login", { method: "POST", json: { email: "not-an-email", password: "" } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: unknown }).errors).toEqual({
      email: ["Invalid email address"],
      password: ["Password is required"],
    });
  });

  it("signs in case-insensitively with a new session (cookie)", async () => {
    const r = await registerUser();
    const l = await loginUser(r.email.toUpperCase(), r.password);
    expect(l.user.id).toBe(r.user.id);
    expect(l.token).not.toBe(r.token);
    expect((await me(bearer(l.token))).status).toBe(200);
  });

  it("says the same for an unknown e-mail and a wrong password (no enumeration)", async () => {
    const r = await registerUser();
    const wrong = await call("/api/auth/login", { method: "POST", json: { email: r.email, password: "wrong password" } });
    const unknown = await call("/api/auth/login", { method: "POST", json: { email: email(), password: "wrong password" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await wrong.json(), await unknown.json()];
    expect(a).toEqual(b);
    expect(a).toMatchObject({ code: "invalid_credentials" });
    expect(sessionSetCookie(wrong)).toBeNull();
  });

  it("rehashes an older hash (PBKDF2, or weaker scrypt parameters) at sign-in", async () => {
    for (const old of [await legacyPbkdf2("legacy password"), await hashPassword("legacy password", { N: 2 ** 12, r: 8, p: 1 })]) {
      const address = email();
      const id = newId();
      await db.insert(users).values({ id, email: address, passwordHash: old });
      expect(needsRehash(old)).toBe(true);
      await loginUser(address, "legacy password");
      const [row] = await db.select({ h: users.passwordHash }).from(users).where(eq(users.id, id));
      expect(expectDefined(row).h).toMatch(/^scrypt\$16384\$8\$5\$/);
      await loginUser(address, "legacy password");
    }
  });

  it("logout ends the session and clears the cookie", async () => {
    const r = await registerUser();
    const res = await call("/api/auth/logout", { method: "POST", headers: bearer(r.token) });
    expect(res.status).toBe(204);
    expect(sessionSetCookie(res)).toMatch(/^rc_session=; Path=\/; HttpOnly; SameSite=Lax; Max-Age=0/);
    expect((await me(bearer(r.token))).status).toBe(401);
  });
});

/**
 * The simulated limiter counts in fixed 60 s windows, so a window may roll over mid-test. Makes
 * attempts until the first 429 (at most two windows' worth) and answers its 0-based index, checking
 * every earlier answer was `allowed`. A limit of N means no refusal before index N.
 */
async function firstRefusal(limit: number, allowed: number, attempt: (i: number) => Promise<Response>): Promise<number> {
  for (let i = 0; i <= 2 * limit; i++) {
    const res = await attempt(i);
    if (res.status === 429) {
      expect(res.headers.get("retry-after")).toBe("60");
      expect(await res.json()).toMatchObject({ code: "rate_limited" });
      return i;
    }
    expect(res.status).toBe(allowed);
  }
  throw new Error(`no 429 after ${2 * limit + 1} attempts`);
}

describe("rate limits", () => {
  it("sign-in per address: over 20 attempts a minute is 429 with Retry-After", async () => {
    const ip = uniqueIp();
    // Bodies that fail validation still count (the address limit is checked first) and cost no hash.
    const at = await firstRefusal(20, 400, () =>
      call("/api/auth/login", { method: "POST", ip, json: { email: "not an address", password: "" } }),
    );
    expect(at).toBeGreaterThanOrEqual(20);
  });

  it("sign-in per e-mail: over 10 attempts for one address are refused from any network", async () => {
    const target = email();
    const at = await firstRefusal(10, 401, (i) =>
      call("/api/auth/login", { method: "POST", json: { email: i % 2 ? target.toUpperCase() : target, password: "guess pw" } }),
    );
    expect(at).toBeGreaterThanOrEqual(10);
  }, 180_000);

  it("a browser that signed in to the account before gets through the per-account lockout; a new browser does not", async () => {
    const owner = await registerUser();
    const stranger = await registerUser();
    // The owner's browser holds a known-device cookie: HttpOnly, sent only to /api/auth, for a year.
    const login = (password: string, cookie?: string) =>
      call("/api/auth/login", { method: "POST", headers: cookie ? { cookie } : {}, json: { email: owner.email, password } });
    const signedIn = await login(owner.password, `rc_device=${owner.device}`);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.getSetCookie().find((c) => c.startsWith("rc_device="))).toMatch(
      /^rc_device=[\w-]+; Path=\/api\/auth; HttpOnly; SameSite=Lax; Max-Age=31536000$/,
    );
    expect(setCookieValue(signedIn, "rc_device")).toBe(owner.device);
    // Only the hash of the device token is stored.
    const stored = await env.DB.prepare("select count(*) as n from known_devices where token_hash = ?")
      .bind(owner.device)
      .first<{ n: number }>();
    expect(expectDefined(stored).n).toBe(0);

    await wellInsideAMinute(40_000);
    // Someone else guesses from many networks until the address is locked.
    expect(await firstRefusal(10, 401, () => login("a wrong guess"))).toBeGreaterThanOrEqual(9);
    // The right password from a browser that never signed in here: still locked.
    expect((await login(owner.password)).status).toBe(429);
    // A made-up device cookie, and the device cookie of another account: locked too.
    expect((await login(owner.password, "rc_device=made-up-device-token-0000000000000")).status).toBe(429);
    expect((await login(owner.password, `rc_device=${stranger.device}`)).status).toBe(429);
    // The owner's own browser: signs in.
    const ok = await login(owner.password, `rc_device=${owner.device}`);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { user: { id: string } }).user.id).toBe(owner.user.id);
  }, 180_000);

  it("a known device has a limit of its own: its wrong guesses are counted per device", async () => {
    const owner = await registerUser();
    await wellInsideAMinute(40_000);
    const cookie = `rc_device=${owner.device}`;
    expect(
      await firstRefusal(10, 401, () =>
        call("/api/auth/login", { method: "POST", headers: { cookie }, json: { email: owner.email, password: "not it" } }),
      ),
    ).toBeGreaterThanOrEqual(9);
  }, 180_000);

  it("a planted device cookie is not taken over at sign-in: the browser gets a fresh one", async () => {
    const r = await registerUser();
    const res = await call("/api/auth/login", {
      method: "POST",
      headers: { cookie: "rc_device=planted-by-someone-else-000000000000" },
      json: { email: r.email, password: r.password },
    });
    expect(res.status).toBe(200);
    const issued = setCookieValue(res, "rc_device");
    expect(issued).not.toBe("planted-by-someone-else-000000000000");
  });

  it("PUT /api/users/me/password: current-password guesses are limited per account (10 a minute), like sign-in", async () => {
    const r = await registerUser();
    await wellInsideAMinute(40_000);
    const change = (currentPassword: string) =>
      call("/api/users/me/password", {
        method: "PUT",
        headers: bearer(r.token),
        json: { currentPassword, newPassword: "a brand new password", confirmPassword: "a brand new password" },
      });
    // From many networks: the account's own count stops it.
    expect(await firstRefusal(10, 400, () => change("guess number x"))).toBeGreaterThanOrEqual(9);
    // Even the right password waits now (the guesser cannot tell which guess was right).
    expect((await change(r.password)).status).toBe(429);
    expect((await me(bearer(r.token))).status).toBe(200);
  }, 180_000);

  it("PUT /api/users/me/password counts against the per-client sign-in limit too", async () => {
    const r = await registerUser();
    const ip = uniqueIp();
    await wellInsideAMinute(20_000);
    await firstRefusal(20, 400, () => call("/api/auth/login", { method: "POST", ip, json: { email: "not an address", password: "" } }));
    const res = await call("/api/users/me/password", {
      method: "PUT",
      ip,
      headers: bearer(r.token),
      json: { currentPassword: r.password, newPassword: "a brand new password", confirmPassword: "a brand new password" },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("60");
  });

  it("registration per address", async () => {
    const ip = uniqueIp();
    // Invalid bodies still count: the limit is checked first.
    expect(await firstRefusal(10, 400, () => call("/api/auth/register", { method: "POST", ip, json: {} }))).toBeGreaterThanOrEqual(10);
  });

  it("forgot-password per address and per e-mail", async () => {
    const ip = uniqueIp();
    expect(
      await firstRefusal(5, 200, () => call("/api/auth/forgot-password", { method: "POST", ip, json: { email: email() } })),
    ).toBeGreaterThanOrEqual(5);
    const target = email();
    expect(
      await firstRefusal(3, 200, () => call("/api/auth/forgot-password", { method: "POST", json: { email: target } })),
    ).toBeGreaterThanOrEqual(3);
  });
});

describe("password reset", () => {
  /** The reset mails to an address (a new account also gets its confirmation mail, decision 0044). */
  async function outboxFor(address: string) {
    return db.select().from(mailOutbox).where(sql`lower(${mailOutbox.to}) = lower(${address}) and ${mailOutbox.kind} = 'password_reset'`);
  }

  /**
   * POST /api/auth/forgot-password as a client would, with mail going to a fake send_email binding; waits for
   * the work done after the answer and returns the answer and the mails as the recipient got them (the stored
   * copy keeps no live token once sent).
   */
  async function forgot(address: string) {
    const inbox: { to: string; subject: string; text: string; html?: string }[] = [];
    const binding = { send: async (m: { to: string; subject: string; text: string; html?: string }) => inbox.push(m) };
    const waits: Promise<unknown>[] = [];
    const ctx = { waitUntil: (p: Promise<unknown>) => waits.push(p), passThroughOnException() {} } as unknown as ExecutionContext;
    const url = new URL("https://recipecart.test/api/auth/forgot-password");
    const request = new Request(url, {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
      body: JSON.stringify({ email: address }),
    });
    const mailEnv = { ...env, MAIL_FROM: "no-reply@recipecart.test", EMAIL: binding } as unknown as Env;
    const res = await handleApi({ url, request, env: mailEnv, ctx, db, requestId: "t", caller: ANONYMOUS });
    await Promise.all(waits);
    return { res, inbox };
  }
  const tokenOf = (text: string) => decodeURIComponent(expectDefined(expectDefined(/reset-password\?token=([^\s]+)/.exec(text))[1]));

  it("answers the same whether or not the address has an account, and mails only a real account", async () => {
    const r = await registerUser();
    const nobody = email();
    const a = await forgot(r.email);
    const b = await forgot(nobody);
    expect(a.res.status).toBe(200);
    expect(b.res.status).toBe(200);
    expect(await a.res.json()).toEqual(await b.res.json());
    expect(await outboxFor(nobody)).toHaveLength(0);
    expect(b.inbox).toHaveLength(0);
    const mails = await outboxFor(r.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "password_reset", subject: "Reset your recipecart password", status: "sent" });
    const received = expectDefined(a.inbox[0]);
    expect(received.text).toContain("https://recipecart.test/reset-password?token=");
    expect(received.html).toContain("https://recipecart.test/reset-password?token=");
    // Only the token's hash is stored, and the sent mail's stored copy no longer holds the token.
    const [row] = await db.select({ h: users.resetTokenHash }).from(users).where(eq(users.id, r.user.id));
    expect(expectDefined(row).h).toBe(await sha256Hex(tokenOf(received.text)));
    expect(expectDefined(mails[0]).text).not.toContain(tokenOf(received.text));
  });

  it("answers before touching the database, so a known and an unknown address answer alike and in the same time", async () => {
    // A D1 that holds every query until the gate opens: an answer that waited for the lookup would never come.
    let open = () => {};
    const gate = new Promise<void>((r) => {
      open = r;
    });
    type Stmt = D1PreparedStatement & { real?: D1PreparedStatement };
    const held = (s: D1PreparedStatement): Stmt =>
      ({
        real: s,
        bind: (...v: unknown[]) => held(s.bind(...v)),
        first: async (...a: [string?]) => (await gate, s.first(...(a as []))),
        all: async () => (await gate, s.all()),
        run: async () => (await gate, s.run()),
        raw: async (...a: unknown[]) => (await gate, s.raw(...(a as []))),
      }) as unknown as Stmt;
    const gatedD1 = {
      prepare: (q: string) => held(env.DB.prepare(q)),
      batch: async (list: Stmt[]) => (await gate, env.DB.batch(list.map((s) => s.real ?? s))),
    } as unknown as D1Database;
    const gatedDb = createDb(gatedD1);

    const r = await registerUser();
    const nobody = email();
    const ask = (address: string, waits: Promise<unknown>[]) => {
      const ctx = { waitUntil: (p: Promise<unknown>) => waits.push(p), passThroughOnException() {} } as unknown as ExecutionContext;
      const url = new URL("https://recipecart.test/api/auth/forgot-password");
      const request = new Request(url, {
        method: "POST",
        headers: { "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
        body: JSON.stringify({ email: address }),
      });
      return handleApi({ url, request, env, ctx, db: gatedDb, requestId: "t", caller: ANONYMOUS });
    };
    const waits: Promise<unknown>[] = [];
    const known = await ask(r.email, waits);
    const unknown = await ask(nobody, waits);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.text()).toBe(await unknown.text());
    expect(await outboxFor(r.email)).toHaveLength(0);
    // The work after the answer: the account's mail, and nothing for the unknown address.
    open();
    await Promise.all(waits);
    expect(await outboxFor(r.email)).toHaveLength(1);
    expect(await outboxFor(nobody)).toHaveLength(0);
  });

  it("the whole flow: mail, verify, reset, other sessions ended, token reuse refused", async () => {
    const r = await registerUser();
    const other = await loginUser(r.email, r.password);
    const { inbox } = await forgot(r.email);
    const token = tokenOf(expectDefined(inbox[0]).text);

    const verify = await call(`/api/auth/verify-reset-token?token=${encodeURIComponent(token)}`);
    expect(await verify.json()).toEqual({ valid: true });
    expect(await (await call("/api/auth/verify-reset-token?token=nope")).json()).toEqual({ valid: false });

    const reset = await call("/api/auth/reset-password", { method: "POST", json: { token, password: "brand new password" } });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ success: true });

    expect((await me(bearer(r.token))).status).toBe(401);
    expect((await me(bearer(other.token))).status).toBe(401);
    expect((await call("/api/auth/login", { method: "POST", json: { email: r.email, password: r.password } })).status).toBe(401);
    await loginUser(r.email, "brand new password");

    const again = await call("/api/auth/reset-password", { method: "POST", json: { token, password: "another new password" } });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "invalid_reset_token", success: false });
    expect(await (await call(`/api/auth/verify-reset-token?token=${encodeURIComponent(token)}`)).json()).toEqual({ valid: false });
  });

  it("validates the reset body with the spec's messages", async () => {
    const res = await call("/api/auth/reset-password", { method: "POST", json: { token: "", password: "short" } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { errors: unknown }).errors).toEqual({
      token: ["Reset token is required"],
      password: ["Password must be at least 8 characters"],
    });
  });

  it("a link expires after 10 minutes (injected clock)", async () => {
    const r = await registerUser();
    const t0 = new Date("2030-01-01T12:00:00Z");
    const deps = (at: Date) => ({ db, appOrigin: "https://recipecart.example", now: () => at });
    await forgotPassword(deps(t0), { email: r.email });
    const mail = expectDefined((await outboxFor(r.email)).at(-1));
    expect(mail.text).toContain("https://recipecart.example/reset-password?token=");
    const token = tokenOf(mail.text);
    const justBefore = new Date(t0.getTime() + RESET_TOKEN_TTL_MS - 1000);
    const justAfter = new Date(t0.getTime() + RESET_TOKEN_TTL_MS + 1);
    expect(await verifyResetToken(deps(justBefore), token)).toBe(true);
    expect(await verifyResetToken(deps(justAfter), token)).toBe(false);
    const err = await resetPassword(deps(justAfter), { token, password: "too late password" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ kind: "invalid", code: "invalid_reset_token" });
    await resetPassword(deps(justBefore), { token, password: "in time password" });
    await loginUser(r.email, "in time password");
  });
});

describe("profile, password change, sessions", () => {
  it("PUT /api/users/me changes names and e-mail; the e-mail stays unique case-insensitively", async () => {
    const a = await registerUser();
    const b = await registerUser();
    const taken = await call("/api/users/me", {
      method: "PUT",
      headers: bearer(a.token),
      json: { firstName: "Ann", lastName: "Lee", email: b.email.toUpperCase(), currentPassword: a.password },
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ code: "email_taken" });
    const newEmail = email();
    const ok = await call("/api/users/me", {
      method: "PUT",
      headers: bearer(a.token),
      json: { firstName: " Annie ", lastName: "Li", email: newEmail, currentPassword: a.password },
    });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { user: unknown }).user).toMatchObject({
      id: a.user.id,
      firstName: "Annie",
      lastName: "Li",
      email: newEmail,
    });
    // Changing only the case of one's own address is fine.
    const sameCase = await call("/api/users/me", {
      method: "PUT",
      headers: bearer(a.token),
      json: { firstName: "A", lastName: "L", email: newEmail.toUpperCase() },
    });
    expect(sameCase.status).toBe(200);
    const invalid = await call("/api/users/me", {
      method: "PUT",
      headers: bearer(a.token),
      json: { firstName: "", lastName: "", email: "x" },
    });
    expect(((await invalid.json()) as { errors: unknown }).errors).toEqual({
      firstName: ["First name is required"],
      lastName: ["Last name is required"],
      email: ["Invalid email address"],
    });
    expect((await call("/api/users/me", { method: "PUT", json: { firstName: "A", lastName: "B", email: email() } })).status).toBe(401);
  });

  it("PUT /api/users/me/password checks the current password and ends every other session", async () => {
    const r = await registerUser();
    const other = await loginUser(r.email, r.password);
    const wrong = await call("/api/users/me/password", {
      method: "PUT",
      headers: bearer(r.token),
      json: { currentPassword: "not it at all", newPassword: "a new password" },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ code: "wrong_password" });
    const short = await call("/api/users/me/password", {
      method: "PUT",
      headers: bearer(r.token),
      json: { currentPassword: "", newPassword: "short" },
    });
    expect(((await short.json()) as { errors: unknown }).errors).toEqual({
      currentPassword: ["Current password is required"],
      newPassword: ["New password must be at least 8 characters"],
    });
    const ok = await call("/api/users/me/password", {
      method: "PUT",
      headers: bearer(r.token),
      json: { currentPassword: r.password, newPassword: "a new password" },
    });
    expect(ok.status).toBe(204);
    expect((await me(bearer(r.token))).status).toBe(200);
    expect((await me(bearer(other.token))).status).toBe(401);
    await loginUser(r.email, "a new password");
  });

  it("lists the caller's sessions and revokes one, or all the others", async () => {
    const r = await registerUser();
    const second = await loginUser(r.email, r.password);
    const third = await loginUser(r.email, r.password);
    const list = (await (await call("/api/auth/sessions", { headers: bearer(r.token) })).json()) as {
      sessions: { id: string; current: boolean; userAgent: string | null }[];
    };
    expect(list.sessions).toHaveLength(3);
    expect(list.sessions.filter((s) => s.current)).toHaveLength(1);
    for (const s of list.sessions) expect(s.id).toMatch(/^[0-9a-f]{32}$/);
    // Revoke the second session by its id (found through its own listing).
    const secondId = expectDefined(
      (
        (await (await call("/api/auth/sessions", { headers: bearer(second.token) })).json()) as {
          sessions: { id: string; current: boolean }[];
        }
      ).sessions.find((s) => s.current),
    ).id;
    expect((await call(`/api/auth/sessions/${secondId}`, { method: "DELETE", headers: bearer(r.token) })).status).toBe(204);
    expect((await me(bearer(second.token))).status).toBe(401);
    // Another user's session id is not found for this caller.
    const stranger = await registerUser();
    const strangerId = expectDefined(
      ((await (await call("/api/auth/sessions", { headers: bearer(stranger.token) })).json()) as { sessions: { id: string }[] })
        .sessions[0],
    ).id;
    expect((await call(`/api/auth/sessions/${strangerId}`, { method: "DELETE", headers: bearer(r.token) })).status).toBe(404);
    expect((await me(bearer(stranger.token))).status).toBe(200);
    // All others.
    expect((await call("/api/auth/sessions", { method: "DELETE", headers: bearer(r.token) })).status).toBe(204);
    expect((await me(bearer(third.token))).status).toBe(401);
    expect((await me(bearer(r.token))).status).toBe(200);
    expect((await call("/api/auth/sessions")).status).toBe(401);
  });

  it("renews a cookie session that is past its first day (sliding expiry) and sends the cookie again", async () => {
    const id = newId();
    await db.insert(users).values({ id, email: email(), passwordHash: "" });
    const token = newToken();
    const tokenHash = await sha256Hex(token);
    await db.insert(sessions).values({ tokenHash, userId: id, expiresAt: new Date(Date.now() + 10 * 86_400_000) });
    const res = await me({ cookie: `rc_session=${token}` });
    expect(res.status).toBe(200);
    expect(sessionSetCookie(res)).toMatch(/^rc_session=[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=259\d{4}$/);
    const [row] = await db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash));
    expect((expectDefined(row).expiresAt.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(29.9);
    // A fresh session is not rewritten on every request.
    const again = await me({ cookie: `rc_session=${token}` });
    expect(sessionSetCookie(again)).toBeNull();
  });

  it("an OAuth-only account (empty password hash) can never sign in with a password", async () => {
    const address = email();
    await db.insert(users).values({ id: newId(), email: address, passwordHash: "" });
    expect((await call("/api/auth/login", { method: "POST", json: { email: address, password: "" } })).status).toBe(400);
    expect((await call("/api/auth/login", { method: "POST", json: { email: address, password: "anything at all" } })).status).toBe(401);
  });
});

describe("Origin check on cookie-authenticated changes", () => {
  it("refuses a cookie-authenticated PUT without our Origin; accepts it with our Origin or with a bearer token", async () => {
    const r = await registerUser();
    const cookie = expectDefined(r.cookie.split(";")[0]);
    const body = { firstName: "Ann", lastName: "Lee", email: r.email };
    const none = await call("/api/users/me", { method: "PUT", headers: { cookie }, json: body });
    expect(none.status).toBe(403);
    expect(await none.json()).toMatchObject({ code: "origin_mismatch" });
    const evil = await call("/api/users/me", { method: "PUT", headers: { cookie, origin: "https://evil.example" }, json: body });
    expect(evil.status).toBe(403);
    const ours = await call("/api/users/me", { method: "PUT", headers: { cookie, origin: ORIGIN }, json: body });
    expect(ours.status).toBe(200);
    const viaBearer = await call("/api/users/me", {
      method: "PUT",
      headers: { ...bearer(r.token), origin: "https://evil.example" },
      json: body,
    });
    expect(viaBearer.status).toBe(200);
    // A cross-site logout cannot end the session either.
    expect((await call("/api/auth/logout", { method: "POST", headers: { cookie, origin: "https://evil.example" } })).status).toBe(403);
    expect((await me({ cookie })).status).toBe(200);
    // GET needs no Origin.
    expect((await me({ cookie })).status).toBe(200);
  });
});

describe("development outbox", () => {
  it("does not exist without RECIPECART_DEV_OUTBOX=1", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await call("/api/dev/outbox", { method });
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ code: "not_found" });
    }
  });
});

async function legacyPbkdf2(password: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  const bits = new Uint8Array(await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations: 100_000 }, key, 256));
  const b64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));
  return `pbkdf2_sha256$100000$${b64(salt)}$${b64(bits)}`;
}

describe("claim of visitor data on sign-in (decision 0013)", () => {
  async function visitorMakes() {
    const manual = async (title: string) =>
      (await (await call("/api/recipes/manual", { method: "POST", json: { title, ingredients: ["1 onion"] } })).json()) as {
        id: string;
        editToken: string;
        userId: string | null;
      };
    const r1 = await manual("Visitor soup");
    const r2 = await manual("Visitor stew");
    const list = (await (
      await call("/api/shopping-lists", { method: "POST", json: { name: "Visitor list", recipeIds: [r1.id, r2.id] } })
    ).json()) as {
      id: string;
      editToken: string;
    };
    return { r1, r2, list };
  }

  it("registration with the browser's edit tokens makes its recipes and lists the new account's", async () => {
    const { r1, r2, list } = await visitorMakes();
    const stranger = await visitorMakes();
    const res = await call("/api/auth/register", {
      method: "POST",
      json: {
        firstName: "Vi",
        lastName: "Sitor",
        email: email(),
        password: "visitor password",
        claim: {
          recipes: [
            { id: r1.id, editToken: r1.editToken },
            { id: r2.id, editToken: r2.editToken },
            // Someone else's recipe with a token that is not its own: not claimed.
            { id: stranger.r1.id, editToken: r1.editToken },
          ],
          lists: [{ id: list.id, editToken: list.editToken }],
        },
      },
    });
    expect(res.status).toBe(201);
    const body = {
      ...((await res.json()) as { user: { id: string }; claimed: { recipes: number; lists: number } }),
      token: sessionTokenOf(res),
    };
    expect(body.claimed).toEqual({ recipes: 2, lists: 1 });
    const get = (path: string, token?: string) => call(path, { headers: token ? bearer(token) : {} });
    // Now owned: the owner reads them; a signed-out caller no longer can; the old edit token is spent.
    const mine = (await (await get(`/api/recipes/${r1.id}`, body.token)).json()) as { userId: string };
    expect(mine.userId).toBe(body.user.id);
    expect((await get(`/api/recipes/${r1.id}`)).status).toBe(403);
    const put = await call(`/api/recipes/${r2.id}`, {
      method: "PUT",
      headers: { "x-edit-token": r2.editToken },
      json: { title: "X", ingredients: ["1 x"] },
    });
    expect(put.status).toBe(403);
    expect((await call(`/api/shopping-lists/${list.id}`, { method: "DELETE", headers: { "x-edit-token": list.editToken } })).status).toBe(
      403,
    );
    expect((await call(`/api/shopping-lists/${list.id}`, { method: "DELETE", headers: bearer(body.token) })).status).toBe(204);
    // The stranger's recipe is untouched.
    expect(((await (await get(`/api/recipes/${stranger.r1.id}`)).json()) as { userId: string | null }).userId).toBeNull();
  });

  it("sign-in claims too, and an owned thing cannot be claimed again by someone else", async () => {
    const { r1 } = await visitorMakes();
    const a = await registerUser();
    const res = await call("/api/auth/login", {
      method: "POST",
      json: { email: a.email, password: a.password, claim: { recipes: [{ id: r1.id, editToken: r1.editToken }] } },
    });
    expect(((await res.json()) as { claimed: unknown }).claimed).toEqual({ recipes: 1, lists: 0 });
    const b = await registerUser();
    const again = await call("/api/users/me/claim", {
      method: "POST",
      headers: bearer(b.token),
      json: { recipes: [{ id: r1.id, editToken: r1.editToken }] },
    });
    expect(await again.json()).toEqual({ recipes: 0, lists: 0 });
    expect((await call(`/api/recipes/${r1.id}`, { headers: bearer(a.token) })).status).toBe(200);
    expect((await call(`/api/recipes/${r1.id}`, { headers: bearer(b.token) })).status).toBe(403);
  });
});
