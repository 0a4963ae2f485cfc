/**
 * POST /api/auth/extension-session (decision 0024): the signed-in web app's connect page asks for a
 * new session for the browser extension named by its origin. Only an origin the server trusts
 * (EXTENSION_ORIGINS, worker/http/cors.ts) gets one; the extension then calls with that bearer token
 * and ends it with POST /api/auth/logout ('Disconnect'). The session shows up in the account's
 * session list like any other, labelled as the extension.
 */
import { authEndpoints } from "../../../../core/api/auth.ts";
import { isAllowedExtensionOrigin, parseExtensionOrigins } from "../../../../worker/http/cors.ts";
import { json, problem } from "../../../../worker/http/problem.ts";
import { type Route, serve } from "../../../../worker/http/router.ts";
import { toWireUser } from "./service.ts";
import { createSession } from "./sessions.ts";

/** What the session list shows for the extension's session. */
export const EXTENSION_SESSION_LABEL = "recipecart browser extension";

export const extensionAuthRoutes: Route[] = [
  serve(authEndpoints.extensionSession, "user", async (c) => {
    const body = await c.body(4 * 1024);
    const origin = body.extensionOrigin.toLowerCase();
    if (!isAllowedExtensionOrigin(origin, parseExtensionOrigins(c.env.EXTENSION_ORIGINS))) {
      return problem(403, "extension_not_allowed", "This browser extension is not allowed to connect to recipecart.");
    }
    const session = await createSession(c.db, c.user.id, { userAgent: EXTENSION_SESSION_LABEL });
    return json(
      { user: toWireUser(c.user), token: session.token, expiresAt: session.expiresAt.toISOString() },
      { status: 201, headers: { "cache-control": "no-store" } },
    );
  }),
];
