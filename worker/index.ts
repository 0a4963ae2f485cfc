/**
 * Worker entry (wrangler "main"). The caller is resolved here once per request (bearer token,
 * then session cookie) and handed both to the JSON API (/api/*, worker/api) and to React Router's
 * server render (web/context.ts), so pages and API agree on who is signed in. Both get security
 * headers. See docs/decisions/0002-worker-entry.md and 0080-request-pipeline.md.
 */
import { createRequestHandler, RouterContextProvider } from "react-router";
import { callerContext, cloudflareContext, servicesContext } from "../web/context.ts";
import { handleApi } from "./api/index.ts";
import { createDb } from "./db/client.ts";
import { drainUnreadBody } from "./http/drain-body.ts";
import { resolveCaller } from "./http/caller.ts";
import { parseExtensionOrigins, preflightResponse, withCors } from "./http/cors.ts";
import { API_CSP, pageCsp, withSecurityHeaders } from "./http/security-headers.ts";
import { newToken } from "./lib/ids.ts";
import { createPageServices } from "./services/page-services.ts";

const requestHandler = createRequestHandler(() => import("virtual:react-router/server-build"), import.meta.env?.MODE ?? "production");

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    const requestId = request.headers.get("cf-ray") ?? crypto.randomUUID();
    const isApi = url.pathname === "/api" || url.pathname.startsWith("/api/");
    // The browser extension's preflights (worker/http/cors.ts) are answered before anything else.
    const extensionOrigins = isApi ? parseExtensionOrigins(env.EXTENSION_ORIGINS) : null;
    const preflight = extensionOrigins && preflightResponse(request, extensionOrigins);
    if (preflight) return withSecurityHeaders(preflight, API_CSP);
    const db = createDb(env.DB);
    const caller = await resolveCaller(db, request);
    if (extensionOrigins) {
      const res = await handleApi({ request, url, env, ctx, db, requestId, caller });
      await drainUnreadBody(request);
      return withSecurityHeaders(withCors(res, request, extensionOrigins), API_CSP);
    }
    const nonce = newToken();
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx, nonce });
    context.set(callerContext, caller);
    context.set(servicesContext, createPageServices(db));
    // React Router reads a body only for an action; a POST to a page without one leaves it unread.
    const res = await requestHandler(request, context);
    await drainUnreadBody(request);
    return withSecurityHeaders(res, pageCsp(nonce, import.meta.env?.DEV === true));
  },
} satisfies ExportedHandler<Env>;
