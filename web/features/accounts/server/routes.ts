/**
 * Accounts API (docs/product/api.md): register, login, logout, current user, password reset, sessions.
 * Rules live in web/features/accounts/server/service.ts and sessions.ts; this layer validates bodies, applies
 * rate limits and sets or clears the session cookie.
 */
import { authEndpoints } from "../../../../core/api/auth.ts";
import { appOrigin } from "../../../../worker/http/app-origin.ts";
import { json, problem } from "../../../../worker/http/problem.ts";
import {
  checkRate,
  FORGOT_EMAIL_LIMIT,
  FORGOT_IP_LIMIT,
  LOGIN_DEVICE_LIMIT,
  LOGIN_EMAIL_LIMIT,
  LOGIN_IP_LIMIT,
  REGISTER_IP_LIMIT,
} from "../../../../worker/http/rate-limit.ts";
import { param, type ApiContext, type Route, serve } from "../../../../worker/http/router.ts";
import { readCookie } from "../../../../worker/http/caller.ts";
import { clearSessionCookie, DEVICE_COOKIE, deviceCookie, sessionCookie } from "../../../../worker/http/session-cookie.ts";
import {
  FORGOT_PASSWORD_MESSAGE,
  forgotPassword,
  login,
  register,
  resetPassword,
  toWireUser,
  verifyResetToken,
  type AccountDeps,
  type SignedInResult,
} from "./service.ts";
import { queueVerificationMail, verificationLinkValid, verifyEmail } from "./email-verification.ts";
import { knownDeviceFor, rememberDevice } from "./known-devices.ts";
import { listSessions, revokeOtherSessions, revokeSession } from "./sessions.ts";
import { deliverInBackground, deliverNow } from "../../../../worker/api/mail.ts";

const AUTH_BODY_MAX_BYTES = 64 * 1024;

export function accountDeps(c: ApiContext): AccountDeps {
  return {
    db: c.db,
    get appOrigin() {
      return appOrigin(c.env);
    },
  };
}

const noStore = { "cache-control": "no-store" };

/**
 * A password sign-in or registration: the session lives only in the HttpOnly cookie. The token is never in
 * the answer's body, so no script on the page (an injected one included) can read or keep it; the extension
 * gets a session of its own through /api/auth/extension-session (docs/product/security.md).
 */
async function signedInResponse(c: ApiContext, result: SignedInResult, status: number): Promise<Response> {
  const res = json(
    {
      user: toWireUser(result.user),
      expiresAt: result.session.expiresAt.toISOString(),
      claimed: result.claimed,
    },
    { status, headers: noStore },
  );
  res.headers.append("set-cookie", sessionCookie(c.url, result.session.token, result.session.expiresAt));
  res.headers.append("set-cookie", await knownDeviceCookie(c, result.user.id));
  return res;
}

/** The known-device cookie for this browser after a sign-in to `userId` (decision 0020). */
export async function knownDeviceCookie(c: ApiContext, userId: string): Promise<string> {
  return deviceCookie(c.url, await rememberDevice(c.db, userId, readCookie(c.request, DEVICE_COOKIE)));
}

/**
 * Sign-in limits (decision 0020): per client always; then per e-mail address, except for a browser
 * that signed in to that account before, which is counted on its own so others' guesses cannot lock it out.
 */
async function checkSignInRate(c: ApiContext, email: string): Promise<void> {
  const device = await knownDeviceFor(c.db, readCookie(c.request, DEVICE_COOKIE), email);
  if (device) await checkRate(c.request, c.env, LOGIN_DEVICE_LIMIT, `d:${device}`);
  else await checkRate(c.request, c.env, LOGIN_EMAIL_LIMIT, email);
}

export const authRoutes: Route[] = [
  serve(authEndpoints.me, "user", ({ user }) => json({ user: toWireUser(user) })),
  serve(authEndpoints.register, "public", async (c) => {
    await checkRate(c.request, c.env, REGISTER_IP_LIMIT);
    const body = await c.body(AUTH_BODY_MAX_BYTES);
    const result = await register(accountDeps(c), body, { userAgent: c.request.headers.get("user-agent") });
    // The new address is unproven: its link goes out now (decision 0044).
    const mailId = await queueVerificationMail(c.db, result.user.id, appOrigin(c.env), { limit: false });
    if (mailId) deliverInBackground(c, [mailId]);
    return await signedInResponse(c, result, 201);
  }),
  serve(authEndpoints.login, "public", async (c) => {
    await checkRate(c.request, c.env, LOGIN_IP_LIMIT);
    const body = await c.body(AUTH_BODY_MAX_BYTES);
    await checkSignInRate(c, body.email);
    const result = await login(accountDeps(c), body, { userAgent: c.request.headers.get("user-agent") });
    return await signedInResponse(c, result, 200);
  }),
  serve(authEndpoints.logout, "public", async (c) => {
    if (c.caller.user && c.caller.session) await revokeSession(c.db, c.caller.user.id, c.caller.session.id);
    return new Response(null, { status: 204, headers: { ...noStore, "set-cookie": clearSessionCookie(c.url) } });
  }),
  serve(authEndpoints.forgotPassword, "public", async (c) => {
    await checkRate(c.request, c.env, FORGOT_IP_LIMIT);
    const body = await c.body(AUTH_BODY_MAX_BYTES);
    await checkRate(c.request, c.env, FORGOT_EMAIL_LIMIT, body.email);
    // One answer in one time, account or not: nothing on the way to it depends on the address. Looking the
    // address up, writing the token and its mail and sending it all happen after the answer (waitUntil).
    const deps = { db: c.db, appOrigin: appOrigin(c.env) };
    c.ctx.waitUntil(
      forgotPassword(deps, body)
        .then(({ mailId }) => (mailId ? deliverNow(c, [mailId]) : undefined))
        .catch((err: unknown) => console.error(`[${c.requestId}] forgot-password: the work after the answer failed`, err)),
    );
    return json({ message: FORGOT_PASSWORD_MESSAGE });
  }),
  serve(authEndpoints.verifyResetToken, "public", async (c) => {
    const token = c.url.searchParams.get("token") ?? "";
    return json({ valid: await verifyResetToken(accountDeps(c), token) });
  }),
  serve(authEndpoints.resetPassword, "public", async (c) => {
    const body = await c.body(AUTH_BODY_MAX_BYTES);
    await resetPassword(accountDeps(c), body);
    return json({ success: true, message: "Your password has been reset. Please sign in with your new password." });
  }),
  serve(authEndpoints.verifyEmailLink, "public", async (c) => {
    return json({ valid: await verificationLinkValid(c.db, c.query().token) }, { headers: noStore });
  }),
  serve(authEndpoints.verifyEmail, "public", async (c) => {
    const body = await c.body(AUTH_BODY_MAX_BYTES);
    await verifyEmail(c.db, body.token);
    return json({ verified: true, message: "Your e-mail address is confirmed." }, { headers: noStore });
  }),
  serve(authEndpoints.sessions, "user", async ({ db, user, caller }) => {
    const list = await listSessions(db, user.id, caller.session?.id ?? null);
    return json({
      sessions: list.map((s) => ({
        ...s,
        createdAt: s.createdAt.toISOString(),
        lastUsedAt: s.lastUsedAt.toISOString(),
        expiresAt: s.expiresAt.toISOString(),
      })),
    });
  }),
  serve(authEndpoints.revokeOtherSessions, "user", async ({ db, user, caller }) => {
    await revokeOtherSessions(db, user.id, caller.session?.id ?? null);
    return new Response(null, { status: 204, headers: noStore });
  }),
  serve(authEndpoints.revokeSession, "user", async ({ db, user, params }) => {
    if (!(await revokeSession(db, user.id, param(params, "id")))) return problem(404, "session_not_found", "There is no such session.");
    return new Response(null, { status: 204, headers: noStore });
  }),
];
