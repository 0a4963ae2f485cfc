/**
 * Per-client rate limits (decisions 0012 and 0025). Each limiter is a Workers rate-limiting
 * binding declared in wrangler.toml; going over answers 429 `rate_limited` with Retry-After.
 *
 * Which client: Cloudflare's edge sets CF-Connecting-IP on every request from the internet and
 * overwrites any value the client sent, so there (and only there) the header names the client.
 * A local run (wrangler dev, `npm start`, the Vite dev server, the tests) passes the client's header
 * through unchanged, so it is not trusted: every local request shares one key. The deployed
 * Worker says it sits behind Cloudflare with the var TRUST_CF_CONNECTING_IP="1", which
 * `npm run deploy` sets and wrangler.toml does not (decision 0025).
 *
 * The e2e server alone also sets RECIPECART_TEST_CLIENT_KEYS="1": a local request with an
 * `x-test-client` header then has a local key of its own (`local:<value>`), so a spec can exhaust a
 * limit without spending every later spec's budget (decision 0004). Behind Cloudflare it does nothing.
 */
import { DomainError } from "../services/errors.ts";

/** The key every request shares when the client address is not known to come from Cloudflare. */
export const LOCAL_CLIENT_KEY = "local";

/** With RECIPECART_TEST_CLIENT_KEYS="1" in a local run (the e2e server only): names a client of its own. */
export const TEST_CLIENT_HEADER = "x-test-client";

/**
 * The rate-limit key for this request: CF-Connecting-IP where Cloudflare sets it, else one
 * shared local key. `null` behind Cloudflare without the header (a service binding): not limited.
 */
export function clientKey(request: Request, env: { TRUST_CF_CONNECTING_IP?: string; RECIPECART_TEST_CLIENT_KEYS?: string }): string | null {
  if (String(env.TRUST_CF_CONNECTING_IP ?? "") === "1") return request.headers.get("cf-connecting-ip");
  const testClient = String(env.RECIPECART_TEST_CLIENT_KEYS ?? "") === "1" ? request.headers.get(TEST_CLIENT_HEADER) : null;
  return testClient ? `${LOCAL_CLIENT_KEY}:${testClient}` : LOCAL_CLIENT_KEY;
}

export interface RateLimit {
  /** The binding's name in wrangler.toml. */
  binding:
    | "PARSE_LIMITER"
    | "RECIPE_SAVE_LIMITER"
    | "GROCERY_LIMITER"
    | "LIST_CHANGES_LIMITER"
    | "STAPLES_LIMITER"
    | "CONTACT_IP_LIMITER"
    | "CONTACT_EMAIL_LIMITER"
    | "LOGIN_IP_LIMITER"
    | "LOGIN_EMAIL_LIMITER"
    | "LOGIN_DEVICE_LIMITER"
    | "PASSWORD_CHECK_LIMITER"
    | "REGISTER_IP_LIMITER"
    | "FORGOT_IP_LIMITER"
    | "FORGOT_EMAIL_LIMITER"
    | "HOUSEHOLD_INVITE_LIMITER";
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

/** Store searches and grocery orders call Instacart on our key (decision 0035). */
export const GROCERY_LIMIT: RateLimit = {
  binding: "GROCERY_LIMITER",
  periodSeconds: 60,
  message: "Too many store searches or orders in a short time. Please wait a minute and try again.",
};

/** Shopping-mode changes: an 'add' runs the parser, a request carries up to 200 changes (decision 0025). */
export const LIST_CHANGES_LIMIT: RateLimit = {
  binding: "LIST_CHANGES_LIMITER",
  periodSeconds: 60,
  message: "Too many changes to shopping lists in a short time. Please wait a minute and try again.",
};

/** A user's own staples: an add runs the parser; 60 changes a minute per session (decision 0028). */
export const STAPLES_LIMIT: RateLimit = {
  binding: "STAPLES_LIMITER",
  periodSeconds: 60,
  message: "Too many changes to your staples in a short time. Please wait a minute and try again.",
};

/** Household invitations: made, previewed and accepted (decision 0036); 10 a minute per session. */
export const HOUSEHOLD_INVITE_LIMIT: RateLimit = {
  binding: "HOUSEHOLD_INVITE_LIMITER",
  periodSeconds: 60,
  message: "Too many invitations in a short time. Please wait a minute and try again.",
};

const CONTACT_MESSAGE = "Too many messages sent in a short time. Please wait a minute and try again.";

/** The contact form (decision 0021): each message is stored and mailed to support; per client address and per sender e-mail. */
export const CONTACT_IP_LIMIT: RateLimit = { binding: "CONTACT_IP_LIMITER", periodSeconds: 60, message: CONTACT_MESSAGE };
export const CONTACT_EMAIL_LIMIT: RateLimit = { binding: "CONTACT_EMAIL_LIMITER", periodSeconds: 60, message: CONTACT_MESSAGE };

const SIGN_IN_MESSAGE = "Too many sign-in attempts. Please wait a minute and try again.";
const RESET_MESSAGE = "Too many reset requests. Please wait a minute and try again.";

/** Accounts (decision 0020): sign-in per client and per e-mail. */
export const LOGIN_IP_LIMIT: RateLimit = { binding: "LOGIN_IP_LIMITER", periodSeconds: 60, message: SIGN_IN_MESSAGE };
export const LOGIN_EMAIL_LIMIT: RateLimit = { binding: "LOGIN_EMAIL_LIMITER", periodSeconds: 60, message: SIGN_IN_MESSAGE };
/**
 * A browser that signed in to the account before (known device, decision 0020) is counted per device instead
 * of per e-mail, so strangers' wrong guesses never lock the owner out; its own wrong guesses still count.
 */
export const LOGIN_DEVICE_LIMIT: RateLimit = { binding: "LOGIN_DEVICE_LIMITER", periodSeconds: 60, message: SIGN_IN_MESSAGE };
/**
 * Guesses of a signed-in account's current password (changing the password or the e-mail address), per
 * account, on top of the per-client sign-in limit: a stolen session cannot try passwords without end.
 */
export const PASSWORD_CHECK_LIMIT: RateLimit = {
  binding: "PASSWORD_CHECK_LIMITER",
  periodSeconds: 60,
  message: "Too many password attempts. Please wait a minute and try again.",
};
export const REGISTER_IP_LIMIT: RateLimit = {
  binding: "REGISTER_IP_LIMITER",
  periodSeconds: 60,
  message: "Too many accounts created from your network. Please wait a minute and try again.",
};
export const FORGOT_IP_LIMIT: RateLimit = { binding: "FORGOT_IP_LIMITER", periodSeconds: 60, message: RESET_MESSAGE };
export const FORGOT_EMAIL_LIMIT: RateLimit = { binding: "FORGOT_EMAIL_LIMITER", periodSeconds: 60, message: RESET_MESSAGE };

/**
 * Throws a rate_limited DomainError (429 + Retry-After) when this client is over `limit`.
 * - With a signed-in `caller` (the browser extension's bearer token, or the cookie) the count is per
 *   session rather than per address (decision 0024), so a connected extension neither shares its
 *   budget with everyone behind its address nor escapes it by changing address.
 * - With a string (an e-mail address, lower-cased here) the count is per that key (decision 0020).
 */
export async function checkRate(
  request: Request,
  env: object,
  limit: RateLimit,
  by?: { session: { id: string } | null } | string,
): Promise<void> {
  const bindings = env as Partial<Record<RateLimit["binding"], Limiter>> & Parameters<typeof clientKey>[1];
  const limiter = bindings[limit.binding];
  const client =
    typeof by === "string" ? `k:${by.trim().toLowerCase()}` : by?.session ? `session:${by.session.id}` : clientKey(request, bindings);
  if (!client || !limiter) return;
  const { success } = await limiter.limit({ key: client });
  if (!success) {
    throw new DomainError("rate_limited", "rate_limited", limit.message, { retryAfterSeconds: limit.periodSeconds });
  }
}

type Limiter = { limit(options: { key: string }): Promise<{ success: boolean }> };
