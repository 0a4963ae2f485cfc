/**
 * Worker entry (wrangler "main"). /api/* is the JSON API (worker/api); every other path is
 * React Router's server render. Both get security headers. See docs/decisions/0002-worker-entry.md
 * for why this uses react-router's own request handler.
 */
import { createRequestHandler, RouterContextProvider } from "react-router";
import { handleApi } from "./api/index.ts";
import { cloudflareContext } from "./context.ts";
import { createDb } from "./db/client.ts";
import { drainUnreadBody } from "./http/drain-body.ts";
import { API_CSP, pageCsp, withSecurityHeaders } from "./http/security-headers.ts";
import { newToken } from "./lib/ids.ts";

const requestHandler = createRequestHandler(
  () => import("virtual:react-router/server-build"),
  import.meta.env?.MODE ?? "production",
);

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    const requestId = request.headers.get("cf-ray") ?? crypto.randomUUID();
    if (url.pathname === "/api" || url.pathname.startsWith("/api/")) {
      const res = await handleApi({ request, url, env, ctx, db: createDb(env.DB), requestId });
      await drainUnreadBody(request);
      return withSecurityHeaders(res, API_CSP);
    }
    const nonce = newToken();
    const context = new RouterContextProvider();
    context.set(cloudflareContext, { env, ctx, nonce });
    // React Router reads a body only for an action; a POST to a page without one leaves it unread.
    const res = await requestHandler(request, context);
    await drainUnreadBody(request);
    return withSecurityHeaders(res, pageCsp(nonce, import.meta.env?.DEV === true));
  },
} satisfies ExportedHandler<Env>;
