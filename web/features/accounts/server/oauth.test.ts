/**
 * OAuth sign-in (decisions 0022, 0022) in workerd against the fake Google/GitHub on loopback
 * (worker/test/fake-oauth.ts). The Worker's own fetch handler runs with an env that points the
 * providers at the fake; the browser's part (following redirects, keeping cookies) is done here.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, inject, it, vi } from "vitest";
import { createDb } from "../../../../worker/db/client.ts";
import { oauthAccounts, sessions, users } from "../../../../worker/db/schema.ts";
import { hashPassword, sha256Hex } from "../../../../worker/lib/crypto.ts";
import { newId } from "../../../../worker/lib/ids.ts";
import worker from "../../../../worker/index.ts";
import { type FakeProfile, fakeOAuthEnv } from "../../../../worker/test/fake-oauth.ts";
import { OAUTH_STATE_TTL_SECONDS } from "./oauth-routes.ts";
import { expectDefined } from "../../../../core/lib/expect-defined.ts";

vi.setConfig({ testTimeout: 60_000 });

const db = createDb(env.DB);
const ORIGIN = "http://localhost";
const fakeBase = inject("oauthBaseUrl");
const oauthEnv = { ...env, ...fakeOAuthEnv(fakeBase) } as Env;

let ipCounter = 0;
const uniqueIp = () => `2001:db8:0a::${(++ipCounter).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;

/** One request to the Worker with the OAuth env. */
async function app(path: string, init: { headers?: Record<string, string>; ip?: string; env?: Env } = {}) {
  const ctx = createExecutionContext();
  const headers = new Headers(init.headers);
  headers.set("cf-connecting-ip", init.ip ?? uniqueIp());
  const request = new Request(new URL(path, ORIGIN), { headers, redirect: "manual" }) as Request<unknown, IncomingRequestCfProperties>;
  const res = await worker.fetch(request, init.env ?? oauthEnv, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

const setCookies = (res: Response) => res.headers.getSetCookie();
const cookieValue = (res: Response, name: string) => {
  const c = setCookies(res).find((s) => s.startsWith(`${name}=`));
  return c ? expectDefined(c.slice(name.length + 1).split(";")[0]) : null;
};

/** Starts a sign-in: the redirect to the fake's authorization URL and the state cookie. */
async function start(provider: "google" | "github", ip = uniqueIp(), query = "") {
  const res = await app(`/api/auth/oauth/${provider}/start${query}`, { ip });
  expect(res.status).toBe(303);
  const location = new URL(expectDefined(res.headers.get("location")));
  const stateCookie = cookieValue(res, "rc_oauth");
  expect(stateCookie).toBeTruthy();
  return {
    location,
    stateCookie: expectDefined(stateCookie),
    setCookie: expectDefined(setCookies(res).find((s) => s.startsWith("rc_oauth="))),
    ip,
  };
}

/** What the provider does: consent (or not) and redirect back to our callback. */
async function atProvider(location: URL, opts: { user?: FakeProfile; deny?: boolean } = {}) {
  const url = new URL(location);
  if (opts.user) url.searchParams.set("fake_user", JSON.stringify(opts.user));
  if (opts.deny) url.searchParams.set("fake_deny", "1");
  const res = await fetch(url, { redirect: "manual" });
  expect(res.status).toBe(302);
  return new URL(expectDefined(res.headers.get("location")));
}

/** Back at our callback with the browser's state cookie. */
function callback(back: URL, stateCookie: string | null, ip?: string) {
  return app(back.pathname + back.search, { headers: stateCookie ? { cookie: `rc_oauth=${stateCookie}` } : {}, ip });
}

async function fullSignIn(provider: "google" | "github", user: FakeProfile) {
  const s = await start(provider);
  const back = await atProvider(s.location, { user });
  return callback(back, s.stateCookie, s.ip);
}

const address = () => `oauth-${newId().toLowerCase()}@example.org`;
const exchanges = async () => (await (await fetch(`${fakeBase}/__log`)).json()) as { provider: string; ok: boolean; reason: string }[];

async function meWithCookie(res: Response) {
  const token = cookieValue(res, "rc_session");
  expect(token).toBeTruthy();
  const me = await exports.default.fetch(`${ORIGIN}/api/auth/me`, { headers: { cookie: `rc_session=${token}` } });
  expect(me.status).toBe(200);
  return {
    token: expectDefined(token),
    user: ((await me.json()) as { user: { id: string; email: string; firstName: string; lastName: string } }).user,
  };
}

describe("GET /api/auth/providers", () => {
  it("lists no provider when none is configured (the app as before)", async () => {
    const res = await exports.default.fetch(`${ORIGIN}/api/auth/providers`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ password: true, oauth: [] });
    const startRes = await exports.default.fetch(`${ORIGIN}/api/auth/oauth/google/start`, { redirect: "manual" });
    expect(startRes.status).toBe(404);
    expect(await startRes.json()).toMatchObject({ code: "provider_not_configured" });
  });

  it("lists the configured providers; a provider needs both id and secret, and https endpoints", async () => {
    const res = await app("/api/auth/providers");
    expect(await res.json()).toEqual({
      password: true,
      oauth: [
        { id: "google", name: "Google", startUrl: "/api/auth/oauth/google/start" },
        { id: "github", name: "GitHub", startUrl: "/api/auth/oauth/github/start" },
      ],
    });
    const noSecret = { ...oauthEnv, GITHUB_CLIENT_SECRET: "" } as Env;
    expect(
      ((await (await app("/api/auth/providers", { env: noSecret })).json()) as { oauth: { id: string }[] }).oauth.map((p) => p.id),
    ).toEqual(["google"]);
    // Plain http endpoints only on loopback in local testing.
    const noLoopback = { ...oauthEnv, RECIPECART_ALLOW_LOOPBACK_FETCH: "0" } as Env;
    expect(((await (await app("/api/auth/providers", { env: noLoopback })).json()) as { oauth: unknown[] }).oauth).toEqual([]);
  });
});

describe("start", () => {
  it("redirects to the provider with state and an S256 PKCE challenge, keeping both in a short-lived HttpOnly cookie", async () => {
    const s = await start("google");
    expect(s.location.origin + s.location.pathname).toBe(`${fakeBase}/google/authorize`);
    const q = s.location.searchParams;
    expect(q.get("client_id")).toBe("fake-google-client");
    expect(q.get("redirect_uri")).toBe("https://recipecart.test/api/auth/oauth/google/callback");
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("scope")).toBe("openid email profile");
    const [provider, state, verifier] = s.stateCookie.split(".");
    expect(provider).toBe("google");
    expect(q.get("state")).toBe(state);
    // The challenge is the verifier's hash; the verifier itself never leaves the cookie.
    expect(s.location.href).not.toContain(verifier);
    const challenge = btoa(
      String.fromCharCode(...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier)))),
    )
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
    expect(q.get("code_challenge")).toBe(challenge);
    expect(s.setCookie).toMatch(/^rc_oauth=[\w.-]+; Path=\/api\/auth\/oauth; HttpOnly; SameSite=Lax; Max-Age=600$/);
  });
});

describe("callback", () => {
  it("Google: a new verified user is created, signed in with the same session as a password sign-in, and lands on /dashboard", async () => {
    const email = address();
    const res = await fullSignIn("google", { id: `g-${newId()}`, email, givenName: "Gina", familyName: "Oak" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/dashboard?signed_in=google");
    expect(setCookies(res).find((c) => c.startsWith("rc_oauth="))).toMatch(/Max-Age=0/);
    expect(setCookies(res).find((c) => c.startsWith("rc_session="))).toMatch(
      /^rc_session=[\w-]+; Path=\/; HttpOnly; SameSite=Lax; Max-Age=259\d{4}$/,
    );
    const { token, user } = await meWithCookie(res);
    expect(user).toMatchObject({ email, firstName: "Gina", lastName: "Oak" });
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(expectDefined(row).passwordHash).toBe("");
    expect(expectDefined(row).emailVerifiedAt).toBeInstanceOf(Date);
    expect(
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, await sha256Hex(token))),
    ).toHaveLength(1);
    // The same token works as a bearer too, like any session.
    const bearer = await exports.default.fetch(`${ORIGIN}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(bearer.status).toBe(200);
  });

  it("sent to sign in from a page (`?next=`): lands on /dashboard, which goes on to that page; another site's address is dropped", async () => {
    const signIn = async (query: string) => {
      const s = await start("google", uniqueIp(), query);
      const back = await atProvider(s.location, { user: { id: `g-${newId()}`, email: address(), givenName: "Nina", familyName: "Next" } });
      const res = await callback(back, s.stateCookie, s.ip);
      expect(res.status).toBe(303);
      return res.headers.get("location");
    };
    expect(await signIn(`?next=${encodeURIComponent("/history?search=eggs")}`)).toBe(
      `/dashboard?signed_in=google&next=${encodeURIComponent("/history?search=eggs")}`,
    );
    for (const bad of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "/api/auth/logout"]) {
      expect(await signIn(`?next=${encodeURIComponent(bad)}`)).toBe("/dashboard?signed_in=google");
    }
  });

  it("GitHub: the verified primary address and the name; a second sign-in finds the same user by the linked id", async () => {
    const email = address();
    const id = Math.floor(Math.random() * 1e9);
    const first = await fullSignIn("github", { id, email, name: "Ada King Lovelace", login: "ada" });
    expect(first.headers.get("location")).toBe("/dashboard?signed_in=github");
    const a = await meWithCookie(first);
    expect(a.user).toMatchObject({ email, firstName: "Ada King", lastName: "Lovelace" });
    // Later the address at GitHub changed: the link by GitHub's id still finds the account.
    const again = await fullSignIn("github", { id, email: address(), name: "Ada Lovelace", login: "ada" });
    expect((await meWithCookie(again)).user.id).toBe(a.user.id);
    expect(await db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, a.user.id))).toHaveLength(1);
  });

  it("links a provider to the existing account with that verified address (any case)", async () => {
    const email = address();
    const id = newId();
    const now = new Date();
    await db.insert(users).values({
      id,
      firstName: "Pat",
      lastName: "Lee",
      email,
      passwordHash: await hashPassword("a good password"),
      emailVerifiedAt: now,
      createdAt: now,
      updatedAt: now,
    });
    const res = await fullSignIn("google", { id: `g-${newId()}`, email: email.toUpperCase() });
    expect(res.headers.get("location")).toBe("/dashboard?signed_in=google");
    expect((await meWithCookie(res)).user).toMatchObject({ id, firstName: "Pat" });
    // A proven address keeps its password.
    expect(expectDefined((await db.select().from(users).where(eq(users.id, id)))[0]).passwordHash).not.toBe("");
  });

  it("linking to an account whose address was never proven removes its password and ends its sessions", async () => {
    // Someone registered the address with a password (sign-up does not verify addresses).
    const email = address();
    const reg = await exports.default.fetch(`${ORIGIN}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
      body: JSON.stringify({ firstName: "Early", lastName: "Bird", email, password: "registered first" }),
    });
    expect(reg.status).toBe(201);
    const earlyCookie = expectDefined(reg.headers.getSetCookie().find((c) => c.startsWith("rc_session=")));
    const early = { ...((await reg.json()) as { user: { id: string } }), token: expectDefined(earlyCookie.slice(11).split(";")[0]) };
    const res = await fullSignIn("github", { id: Math.floor(Math.random() * 1e9), email, name: "Real Owner", login: "owner" });
    expect(res.headers.get("location")).toBe("/dashboard?signed_in=github&password_removed=1");
    expect((await meWithCookie(res)).user.id).toBe(early.user.id);
    // The earlier session is gone and the password no longer signs in.
    expect((await exports.default.fetch(`${ORIGIN}/api/auth/me`, { headers: { authorization: `Bearer ${early.token}` } })).status).toBe(
      401,
    );
    const login = await exports.default.fetch(`${ORIGIN}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": uniqueIp() },
      body: JSON.stringify({ email, password: "registered first" }),
    });
    expect(login.status).toBe(401);
  });

  it("refuses a wrong state, a missing state and a missing state cookie (no session, no exchange)", async () => {
    const before = (await exchanges()).length;
    const s = await start("google");
    const back = await atProvider(s.location, { user: { id: `g-${newId()}`, email: address() } });
    const wrong = new URL(back);
    wrong.searchParams.set("state", "not-the-state-we-sent");
    const missing = new URL(back);
    missing.searchParams.delete("state");
    for (const [url, cookie] of [
      [wrong, s.stateCookie],
      [missing, s.stateCookie],
      [back, null],
      // A state cookie for the other provider does not do either.
      [back, s.stateCookie.replace(/^google\./, "github.")],
    ] as const) {
      const res = await callback(url, cookie, s.ip);
      expect(res.status).toBe(303);
      expect(res.headers.get("location")).toBe("/auth?oauth_error=state_mismatch&provider=google");
      expect(setCookies(res).some((c) => c.startsWith("rc_session="))).toBe(false);
    }
    expect((await exchanges()).length).toBe(before);
    // The right state still works with this code (the refusals spent nothing).
    expect((await callback(back, s.stateCookie, s.ip)).headers.get("location")).toBe("/dashboard?signed_in=google");
  });

  it.each(["google", "github"] as const)("%s: the fake refuses a verifier that does not match the challenge", async (provider) => {
    const s = await start(provider);
    const back = await atProvider(s.location, { user: { id: 77, email: address() } });
    const [p, state, , issued] = s.stateCookie.split(".");
    const forged = `${p}.${state}.${"x".repeat(43)}.${issued}`;
    const res = await callback(back, forged, s.ip);
    expect(res.headers.get("location")).toBe(`/auth?oauth_error=provider_error&provider=${provider}`);
    expect(setCookies(res).some((c) => c.startsWith("rc_session="))).toBe(false);
    expect((await exchanges()).at(-1)).toEqual({ provider, ok: false, reason: "PKCE verifier does not match the challenge" });
  });

  it("refuses a state issued more than 10 minutes ago even when the browser still sends its cookie", async () => {
    const before = (await exchanges()).length;
    const s = await start("google");
    const [p, state, verifier, issued] = s.stateCookie.split(".");
    expect(Number(issued)).toBeGreaterThan(Date.now() / 1000 - 60);
    const back = await atProvider(s.location, { user: { id: `g-${newId()}`, email: address() } });
    const at = (secondsAgo: number) => `${p}.${state}.${verifier}.${Math.floor(Date.now() / 1000) - secondsAgo}`;
    for (const cookie of [at(OAUTH_STATE_TTL_SECONDS + 5), at(-120), `${p}.${state}.${verifier}`, `${p}.${state}.${verifier}.soon`]) {
      const res = await callback(back, cookie, s.ip);
      expect(res.headers.get("location"), cookie).toBe("/auth?oauth_error=state_mismatch&provider=google");
      expect(setCookies(res).some((c) => c.startsWith("rc_session="))).toBe(false);
    }
    expect((await exchanges()).length).toBe(before);
    // The same state inside its 10 minutes still signs in: only the age was refused.
    expect((await callback(back, at(OAUTH_STATE_TTL_SECONDS - 30), s.ip)).headers.get("location")).toBe("/dashboard?signed_in=google");
  });

  it("an unexpected failure on our side (the database refusing) lands on /auth with a message, not a JSON 500", async () => {
    const s = await start("github");
    const back = await atProvider(s.location, { user: { id: Math.floor(Math.random() * 1e9), email: address(), login: "octo" } });
    // A real D1 error: the table the sign-in reads is away for this one request (this file's own database).
    await env.DB.exec("ALTER TABLE oauth_accounts RENAME TO oauth_accounts_away");
    let res: Response;
    try {
      res = await callback(back, s.stateCookie, s.ip);
    } finally {
      await env.DB.exec("ALTER TABLE oauth_accounts_away RENAME TO oauth_accounts");
    }
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/auth?oauth_error=server_error&provider=github");
    expect(res.headers.get("content-type")).toBeNull();
    expect(setCookies(res).find((c) => c.startsWith("rc_oauth="))).toMatch(/Max-Age=0/);
    expect(setCookies(res).some((c) => c.startsWith("rc_session="))).toBe(false);
  });

  it("an unexpected failure while starting (the rate limiter failing) lands on /auth with a message too", async () => {
    const failingLimiter = {
      limit: async () => {
        throw new Error("rate limiter unavailable");
      },
    };
    const res = await app("/api/auth/oauth/google/start", { env: { ...oauthEnv, LOGIN_IP_LIMITER: failingLimiter } as unknown as Env });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/auth?oauth_error=server_error&provider=google");
    expect(setCookies(res).find((c) => c.startsWith("rc_oauth="))).toMatch(/Max-Age=0/);
  });

  it("cancelled at the provider: back on /auth with the reason, no session", async () => {
    const s = await start("google");
    const back = await atProvider(s.location, { deny: true });
    expect(back.searchParams.get("error")).toBe("access_denied");
    const res = await callback(back, s.stateCookie, s.ip);
    expect(res.headers.get("location")).toBe("/auth?oauth_error=access_denied&provider=google");
    expect(setCookies(res).some((c) => c.startsWith("rc_session="))).toBe(false);
  });

  it.each(["google", "github"] as const)("%s: an unverified address signs nobody in and links nothing", async (provider) => {
    const email = address();
    const now = new Date();
    const id = newId();
    await db.insert(users).values({ id, email, passwordHash: "", emailVerifiedAt: now, createdAt: now, updatedAt: now });
    const res = await fullSignIn(provider, { id: Math.floor(Math.random() * 1e9), email, emailVerified: false, login: "x" });
    expect(res.headers.get("location")).toBe(`/auth?oauth_error=email_unverified&provider=${provider}`);
    expect(setCookies(res).some((c) => c.startsWith("rc_session="))).toBe(false);
    expect(await db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, id))).toHaveLength(0);
    expect((await db.select({ n: users.id }).from(users).where(eq(users.email, email))).length).toBe(1);
  });

  it("counts against the per-address sign-in limit: over it, back on /auth with Retry-After", async () => {
    const ip = uniqueIp();
    let limited: Response | null = null;
    for (let i = 0; i < 30 && !limited; i++) {
      const res = await app("/api/auth/oauth/github/start", { ip });
      if (res.headers.get("location")?.startsWith("/auth?")) limited = res;
    }
    expect(limited).not.toBeNull();
    expect(expectDefined(limited).headers.get("location")).toBe("/auth?oauth_error=rate_limited&provider=github");
    expect(expectDefined(limited).headers.get("retry-after")).toBe("60");
  });
});

describe("e-mail proof follows the address", () => {
  it("a changed address is unproven again (until a provider or a reset mail proves it)", async () => {
    const email = address();
    const first = await fullSignIn("google", { id: `g-${newId()}`, email });
    const { token, user } = await meWithCookie(first);
    const newEmail = address();
    const put = await exports.default.fetch(`${ORIGIN}/api/users/me`, {
      method: "PUT",
      // The browser's own session, minutes after the Google sign-in: what an account without a password needs
      // to change its address (decision 0045).
      headers: { cookie: `rc_session=${token}`, origin: ORIGIN, "content-type": "application/json" },
      body: JSON.stringify({ firstName: "G", lastName: "O", email: newEmail }),
    });
    expect(put.status).toBe(200);
    expect(expectDefined((await db.select().from(users).where(eq(users.id, user.id)))[0]).emailVerifiedAt).toBeNull();
  });
});
