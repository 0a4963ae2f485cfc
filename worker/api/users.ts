/** The signed-in user's own account (docs/product/api.md): profile and password. */
import { ChangePasswordRequestSchema, ClaimSchema, UpdateProfileRequestSchema } from "../../core/api/auth.ts";
import { json, readJson } from "../http/problem.ts";
import { checkRate, LOGIN_IP_LIMIT, PASSWORD_CHECK_LIMIT } from "../http/rate-limit.ts";
import type { Route } from "../http/router.ts";
import { changePassword, toWireUser, updateProfile } from "../services/accounts.ts";
import { claimVisitorData } from "../services/claim.ts";
import { queueVerificationMail, verificationState } from "../services/email-verification.ts";
import { appOrigin } from "../http/app-origin.ts";
import { deliverInBackground } from "./mail.ts";
import { accountDeps } from "./auth.ts";

const BODY_MAX_BYTES = 64 * 1024;

export const userRoutes: Route[] = [
  {
    method: "PUT",
    path: "/api/users/me",
    access: "user",
    async handler(c) {
      const body = await readJson(c.request, UpdateProfileRequestSchema, BODY_MAX_BYTES);
      return json({ user: toWireUser(await updateProfile(accountDeps(c), c.user, body)) });
    },
  },
  {
    method: "PUT",
    path: "/api/users/me/password",
    access: "user",
    async handler(c) {
      // Each call is a guess at the current password: limited like sign-in (per client, and per account).
      await checkRate(c.request, c.env, LOGIN_IP_LIMIT);
      await checkRate(c.request, c.env, PASSWORD_CHECK_LIMIT, `u:${c.user.id}`);
      const body = await readJson(c.request, ChangePasswordRequestSchema, BODY_MAX_BYTES);
      await changePassword(accountDeps(c), c.user, c.caller.session?.id ?? null, body);
      return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
    },
  },
  {
    method: "POST",
    path: "/api/users/me/claim",
    access: "user",
    async handler(c) {
      const body = await readJson(c.request, ClaimSchema, BODY_MAX_BYTES);
      return json(await claimVisitorData(c.db, c.user.id, body));
    },
  },
  {
    method: "GET",
    path: "/api/users/me/email-verification",
    access: "user",
    async handler(c) {
      return json(await verificationState(c.db, c.user.id), { headers: { "cache-control": "no-store" } });
    },
  },
  {
    // A new link to the account's address (decision 0044): at most one a minute, 5 a day.
    method: "POST",
    path: "/api/users/me/email-verification",
    access: "user",
    async handler(c) {
      const mailId = await queueVerificationMail(c.db, c.user.id, appOrigin(c.env));
      if (mailId) deliverInBackground(c, [mailId]);
      return json({ ...(await verificationState(c.db, c.user.id)), sent: mailId !== null }, { status: mailId ? 202 : 200 });
    },
  },
];
