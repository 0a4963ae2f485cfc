/** The signed-in user's own account (docs/product/api.md): profile (an e-mail change: decision 0045) and password. */
import { authEndpoints, userEndpoints } from "../../../../core/api/auth.ts";
import { json } from "../../../../worker/http/problem.ts";
import { clearSessionCookie } from "../../../../worker/http/session-cookie.ts";
import { checkRate, FORGOT_IP_LIMIT, LOGIN_IP_LIMIT, PASSWORD_CHECK_LIMIT } from "../../../../worker/http/rate-limit.ts";
import { type Route, serve } from "../../../../worker/http/router.ts";
import { changePassword, toWireUser, updateProfile } from "./service.ts";
import { claimVisitorData } from "./claim.ts";
import { queueVerificationMail, verificationState } from "./email-verification.ts";
import { appOrigin } from "../../../../worker/http/app-origin.ts";
import { undoEmailChange } from "./email-change.ts";
import { accountDeps } from "./routes.ts";
import { deliverInBackground } from "../../../../worker/api/mail.ts";

const BODY_MAX_BYTES = 64 * 1024;

export const userRoutes: Route[] = [
  serve(userEndpoints.updateMe, "user", async (c) => {
    const body = await c.body(BODY_MAX_BYTES);
    if (body.email.toLowerCase() !== c.user.email.toLowerCase()) {
      // A new address checks the current password: each call is a guess, limited like a password change.
      await checkRate(c.request, c.env, LOGIN_IP_LIMIT);
      await checkRate(c.request, c.env, PASSWORD_CHECK_LIMIT, `u:${c.user.id}`);
    }
    const { user, mailId } = await updateProfile(accountDeps(c), c.user, c.caller.session, body);
    // The notice to the old address goes after the answer; what fails is retried by the scheduled job.
    if (mailId) deliverInBackground(c, [mailId]);
    return json({ user: toWireUser(user) });
  }),
  serve(userEndpoints.changePassword, "user", async (c) => {
    // Each call is a guess at the current password: limited like sign-in (per client, and per account).
    await checkRate(c.request, c.env, LOGIN_IP_LIMIT);
    await checkRate(c.request, c.env, PASSWORD_CHECK_LIMIT, `u:${c.user.id}`);
    const body = await c.body(BODY_MAX_BYTES);
    await changePassword(accountDeps(c), c.user, c.caller.session?.id ?? null, body);
    return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
  }),
  serve(authEndpoints.undoEmailChange, "public", async (c) => {
    // The token is the right (256 bits); the limit keeps anyone from hammering the lookup.
    await checkRate(c.request, c.env, FORGOT_IP_LIMIT);
    const body = await c.body(BODY_MAX_BYTES);
    const { email, userId } = await undoEmailChange(c.db, body.token);
    // Every session of the account ended; this browser's cookie too, when it held one of them.
    const headers = c.caller.user?.id === userId ? { "set-cookie": clearSessionCookie(c.url) } : undefined;
    return json({ email }, { headers });
  }),
  serve(userEndpoints.claim, "user", async (c) => {
    const body = await c.body(BODY_MAX_BYTES);
    return json(await claimVisitorData(c.db, c.user.id, body));
  }),
  serve(userEndpoints.emailVerification, "user", async (c) =>
    json(await verificationState(c.db, c.user.id), { headers: { "cache-control": "no-store" } }),
  ),
  // A new link to the account's address (decision 0044): at most one a minute, 5 a day.
  serve(userEndpoints.sendEmailVerification, "user", async (c) => {
    const mailId = await queueVerificationMail(c.db, c.user.id, appOrigin(c.env));
    if (mailId) deliverInBackground(c, [mailId]);
    return json({ ...(await verificationState(c.db, c.user.id)), sent: mailId !== null }, { status: mailId ? 202 : 200 });
  }),
];
