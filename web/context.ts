/**
 * React Router context keys the Worker entry fills for every page request (worker/index.ts).
 * Web code takes only types from worker/; the Worker reaches web only through this module.
 */
import { createContext } from "react-router";
import type { Caller } from "../worker/services/caller.ts";
import type { PageApiFetch } from "../worker/http/page-api.ts";
import type { PageServices } from "../worker/services/page-services.ts";

/** Per-request platform values for loaders and entry.server. */
export interface CloudflareContext {
  env: Env;
  ctx: ExecutionContext;
  /** CSP nonce for this response's inline scripts. */
  nonce: string;
  /** The site's public origin (APP_ORIGIN), null when the server has none configured; never the request's Host. */
  appOrigin: string | null;
}

export const cloudflareContext = createContext<CloudflareContext>();

/**
 * Who is calling, resolved once per request from the bearer token or the session cookie (the
 * same answer the API sees). Loaders of personal pages read it to render signed-in data on the server.
 */
export const callerContext = createContext<Caller>();

/**
 * Server use cases for loaders (worker/services/page-services.ts), bound to this request's D1:
 * `await context.get(servicesContext).lists.get(id)`. The caller comes from `callerContext`.
 */
export const servicesContext = createContext<PageServices>();

/**
 * The JSON API in process, as this request's caller (worker/http/page-api.ts): loaders and actions use
 * it through web/lib/page-api.server.ts, so they meet the endpoints' own guard, schema and rate limit.
 */
export const pageApiContext = createContext<PageApiFetch>();

export type { PageServices } from "../worker/services/page-services.ts";
export type { Caller, CallerUser } from "../worker/services/caller.ts";
