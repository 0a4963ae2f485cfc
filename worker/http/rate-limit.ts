/**
 * Per-client rate limits (decisions 0044 and 0100). Each limiter is a Workers rate-limiting
 * binding declared in wrangler.toml; going over answers 429 `rate_limited` with Retry-After.
 *
 * Which client: Cloudflare's edge sets CF-Connecting-IP on every request from the internet and
 * overwrites any value the client sent, so there (and only there) the header names the client.
 * A local run (wrangler dev, `npm start`, the Vite dev server, the tests) passes the client's header
 * through unchanged, so it is not trusted: every local request shares one key. The deployed
 * Worker says it sits behind Cloudflare with the var TRUST_CF_CONNECTING_IP="1", which
 * `npm run deploy` sets and wrangler.toml does not (decision 0100).
 */
import { DomainError } from "../services/errors.ts";

/** The key every request shares when the client address is not known to come from Cloudflare. */
export const LOCAL_CLIENT_KEY = "local";

/**
 * The rate-limit key for this request: CF-Connecting-IP where Cloudflare sets it, else one
 * shared local key. `null` behind Cloudflare without the header (a service binding): not limited.
 */
export function clientKey(request: Request, env: { TRUST_CF_CONNECTING_IP?: string }): string | null {
  if (String(env.TRUST_CF_CONNECTING_IP ?? "") !== "1") return LOCAL_CLIENT_KEY;
  return request.headers.get("cf-connecting-ip");
}

export interface RateLimit {
  /** The binding's name in wrangler.toml. */
  binding: "PARSE_LIMITER" | "RECIPE_SAVE_LIMITER" | "GROCERY_LIMITER";
  /** The binding's period, which is also what Retry-After says. */
  periodSeconds: number;
  message: string;
}

export const IMPORT_LIMIT: RateLimit = {
  binding: "PARSE_LIMITER",
  periodSeconds: 60,
  message: "Too many recipes imported in a short time. Please wait a minute and try again.",
};

/** Manual entry and recipe edits run the ingredient parser on up to 512 KB of text. */
export const SAVE_LIMIT: RateLimit = {
  binding: "RECIPE_SAVE_LIMITER",
  periodSeconds: 60,
  message: "Too many recipes saved in a short time. Please wait a minute and try again.",
};

/** Store searches and grocery orders call Instacart on our key (decision 0131). */
export const GROCERY_LIMIT: RateLimit = {
  binding: "GROCERY_LIMITER",
  periodSeconds: 60,
  message: "Too many store searches or orders in a short time. Please wait a minute and try again.",
};

/**
 * Throws a rate_limited DomainError (429 + Retry-After) when this client is over `limit`. With a
 * signed-in `caller` (the browser extension's bearer token, or the cookie) the count is per session
 * rather than per address (decision 0091), so a connected extension neither shares its budget with
 * everyone behind its address nor escapes it by changing address.
 */
export async function checkRate(
  request: Request,
  env: object,
  limit: RateLimit,
  caller?: { session: { id: string } | null },
): Promise<void> {
  const bindings = env as Partial<Record<RateLimit["binding"], Limiter>> & { TRUST_CF_CONNECTING_IP?: string };
  const limiter = bindings[limit.binding];
  const key = caller?.session ? `session:${caller.session.id}` : clientKey(request, bindings);
  if (!key || !limiter) return;
  const { success } = await limiter.limit({ key });
  if (!success) {
    throw new DomainError("rate_limited", "rate_limited", limit.message, { retryAfterSeconds: limit.periodSeconds });
  }
}

type Limiter = { limit(options: { key: string }): Promise<{ success: boolean }> };
