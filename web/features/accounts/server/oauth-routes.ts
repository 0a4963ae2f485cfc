/**
 * Sign-in with Google and GitHub (decision 0022):
 * - GET /api/auth/providers: which buttons /auth shows (only configured providers).
 * - GET /api/auth/oauth/:provider/start: a fresh state and PKCE verifier go into a short-lived
 *   HttpOnly cookie (Path=/api/auth/oauth, 10 minutes), then a redirect to the provider.
 * - GET /api/auth/oauth/:provider/callback: the state must equal the cookie's (else refused), the
 *   code is exchanged with the verifier, the identity signs in (web/features/accounts/server/oauth-accounts.ts)
 *   and the session cookie is set exactly as for a password sign-in; then on to /dashboard (which goes
 *   on to the page that sent the visitor to sign in, `?next=` on the start, decision 0042).
 * Every failure of the callback (cancelled at the provider, wrong, missing or expired state,
 * unverified e-mail, provider error, rate limit, and any unexpected error on our side) lands on
 * /auth?oauth_error=CODE&provider=ID, which shows the message (core/api/auth.ts oauthErrorMessage):
 * the callback is a browser navigation, never answered with JSON. The state cookie is cleared on
 * every callback. The cookie carries its issue time, so the server refuses a state older than
 * OAUTH_STATE_TTL_SECONDS even from a browser that kept the cookie past its Max-Age.
 */
import { authEndpoints } from "../../../../core/api/auth.ts";
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { generateCodeVerifier, generateState } from "arctic";
import type { OAuthErrorCode, OAuthProvider } from "../../../../core/api/auth.ts";
import { RETURN_PARAM, safeReturnPath } from "../../../../core/lib/return-path.ts";
import { appOrigin } from "../../../../worker/http/app-origin.ts";
import { readCookie } from "../../../../worker/http/caller.ts";
import { json, problem } from "../../../../worker/http/problem.ts";
import { checkRate, LOGIN_IP_LIMIT } from "../../../../worker/http/rate-limit.ts";
import { type ApiContext, type Route, serve } from "../../../../worker/http/router.ts";
import { isLocalhost, sessionCookie } from "../../../../worker/http/session-cookie.ts";
import { constantTimeEqual } from "../../../../worker/lib/crypto.ts";
import { DomainError } from "../../../../worker/services/errors.ts";
import { signInWithOAuth } from "./oauth-accounts.ts";
import { authorizationUrl, findProvider, identify, type OAuthProviderConfig, providerButtons } from "./oauth-providers.ts";
import { accountDeps, knownDeviceCookie } from "./routes.ts";

export const OAUTH_COOKIE = "rc_oauth";
/** The cookie goes to the start and callback paths only: the declared paths' common folder (/api/auth/oauth). */
const OAUTH_COOKIE_PATH = authEndpoints.oauthStart.path.replace(/\/:provider\/start$/, "");
/** How long a started sign-in may take at the provider. */
export const OAUTH_STATE_TTL_SECONDS = 10 * 60;
/** Where a successful sign-in lands. */
export const OAUTH_LANDING = "/dashboard";

/** Registered with the provider: always on APP_ORIGIN, never on the request's Host. */
const redirectUri = (c: ApiContext, id: OAuthProvider) => `${appOrigin(c.env)}/api/auth/oauth/${id}/callback`;

function stateCookie(url: URL, value: string, maxAge: number): string {
  return [
    `${OAUTH_COOKIE}=${value}`,
    `Path=${OAUTH_COOKIE_PATH}`,
    "HttpOnly",
    // Lax: the callback is a top-level GET navigation coming back from the provider's site.
    "SameSite=Lax",
    `Max-Age=${maxAge}`,
    ...(isLocalhost(url) ? [] : ["Secure"]),
  ].join("; ");
}

function redirect(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ location, "cache-control": "no-store", "referrer-policy": "no-referrer" });
  for (const c of cookies) headers.append("set-cookie", c);
  return new Response(null, { status: 303, headers });
}

function toAuthPage(c: ApiContext, provider: OAuthProvider, code: OAuthErrorCode): Response {
  const params = new URLSearchParams({ oauth_error: code, provider });
  return redirect(`/auth?${params}`, [stateCookie(c.url, "", 0)]);
}

function notConfigured(c: ApiContext): Response {
  return problem(404, "provider_not_configured", `Sign-in with ${c.params.provider ?? "this provider"} is not set up on this server.`);
}

/**
 * The state cookie's value: provider.state.verifier.issuedAt (base64url, base64url, base64url, Unix
 * seconds), then .next (base64url of the page to return to, decision 0042) when there is one.
 */
export function stateCookieValue(provider: string, state: string, verifier: string, issuedAt: Date, next: string | null = null): string {
  const value = `${provider}.${state}.${verifier}.${Math.floor(issuedAt.getTime() / 1000)}`;
  return next ? `${value}.${encodeBase64urlNoPadding(new TextEncoder().encode(next))}` : value;
}

/** The page to return to from the cookie's last part, or null (absent, or not a safe path). */
function readNext(part: string | undefined): string | null {
  if (!part) return null;
  try {
    return safeReturnPath(new TextDecoder("utf-8", { fatal: true }).decode(decodeBase64urlIgnorePadding(part)));
  } catch {
    return null;
  }
}

/**
 * The state cookie's parts, or null when it is missing, malformed, or issued more than
 * OAUTH_STATE_TTL_SECONDS ago (or in the future).
 */
export function readState(
  request: Request,
  now = new Date(),
): { provider: string; state: string; verifier: string; next: string | null } | null {
  const raw = readCookie(request, OAUTH_COOKIE);
  const [provider, state, verifier, issued, next, ...rest] = raw?.split(".") ?? [];
  if (provider === undefined || state === undefined || verifier === undefined || issued === undefined || rest.length > 0) return null;
  if (next !== undefined && !/^[\w-]{1,1024}$/.test(next)) return null;
  if (![provider, state, verifier].every((p) => /^[\w-]{1,128}$/.test(p)) || !/^\d{1,12}$/.test(issued)) return null;
  const age = Math.floor(now.getTime() / 1000) - Number(issued);
  if (age < 0 || age > OAUTH_STATE_TTL_SECONDS) return null;
  return { provider, state, verifier, next: readNext(next) };
}

const sameText = (a: string, b: string) => {
  const enc = new TextEncoder();
  const x = enc.encode(a);
  const y = enc.encode(b);
  return x.length === y.length && constantTimeEqual(x, y);
};

/**
 * OAuth sign-ins count against the per-address sign-in limit (decision 0020). These are page
 * navigations, so going over lands on /auth with the message rather than on a JSON 429.
 */
async function overLimit(c: ApiContext, p: OAuthProviderConfig): Promise<Response | null> {
  try {
    await checkRate(c.request, c.env, LOGIN_IP_LIMIT);
    return null;
  } catch (err) {
    if (err instanceof DomainError && err.kind === "rate_limited") {
      const res = toAuthPage(c, p.id, "rate_limited");
      res.headers.set("retry-after", String(LOGIN_IP_LIMIT.periodSeconds));
      return res;
    }
    throw err;
  }
}

/** The callback; whatever goes wrong lands on /auth with a message (never a JSON 500 to a page navigation). */
async function callback(c: ApiContext, p: OAuthProviderConfig): Promise<Response> {
  try {
    return await completeSignIn(c, p);
  } catch (err) {
    console.error(`[${c.requestId}] oauth ${p.id} callback failed`, err);
    return toAuthPage(c, p.id, "server_error");
  }
}

async function completeSignIn(c: ApiContext, p: OAuthProviderConfig): Promise<Response> {
  const limited = await overLimit(c, p);
  if (limited) return limited;
  const q = c.url.searchParams;
  const saved = readState(c.request);
  const state = q.get("state") ?? "";
  // Refused first of all: an answer we did not ask for in this browser (CSRF, replay, other browser).
  if (!saved || saved.provider !== p.id || !state || !sameText(state, saved.state)) return toAuthPage(c, p.id, "state_mismatch");
  // The person said no (or the provider refused): the standard OAuth error answer, `error=access_denied` when cancelled.
  if (q.get("error")) return toAuthPage(c, p.id, q.get("error") === "access_denied" ? "access_denied" : "provider_error");
  const code = q.get("code");
  if (!code || code.length > 2048) return toAuthPage(c, p.id, "provider_error");
  try {
    const identity = await identify(p, redirectUri(c, p.id), code, saved.verifier);
    const result = await signInWithOAuth(accountDeps(c), identity, { userAgent: c.request.headers.get("user-agent") });
    const landing = new URLSearchParams({ signed_in: p.id });
    if (result.passwordRemoved) landing.set("password_removed", "1");
    // The dashboard says who signed in, then goes on to the page that sent the visitor to sign in.
    if (saved.next) landing.set(RETURN_PARAM, saved.next);
    return redirect(`${OAUTH_LANDING}?${landing}`, [
      stateCookie(c.url, "", 0),
      sessionCookie(c.url, result.session.token, result.session.expiresAt),
      await knownDeviceCookie(c, result.user.id),
    ]);
  } catch (err) {
    if (err instanceof DomainError && err.code === "email_unverified") return toAuthPage(c, p.id, "email_unverified");
    if (err instanceof DomainError && err.code === "provider_error") {
      console.warn(`[${c.requestId}] oauth ${p.id}: ${err.message}`);
      return toAuthPage(c, p.id, "provider_error");
    }
    throw err;
  }
}

export const oauthRoutes: Route[] = [
  serve(authEndpoints.providers, "public", (c) =>
    json({
      password: true,
      oauth: providerButtons(c.env),
    }),
  ),
  serve(authEndpoints.oauthStart, "public", async (c) => {
    const p = findProvider(c.env, c.params.provider ?? "");
    if (!p) return notConfigured(c);
    // A page navigation too: an unexpected failure lands on /auth with a message, like the callback's.
    try {
      const limited = await overLimit(c, p);
      if (limited) return limited;
      const state = generateState();
      const verifier = generateCodeVerifier();
      const url = authorizationUrl(p, redirectUri(c, p.id), state, verifier);
      const next = safeReturnPath(c.url.searchParams.get(RETURN_PARAM));
      return redirect(url.href, [stateCookie(c.url, stateCookieValue(p.id, state, verifier, new Date(), next), OAUTH_STATE_TTL_SECONDS)]);
    } catch (err) {
      console.error(`[${c.requestId}] oauth ${p.id} start failed`, err);
      return toAuthPage(c, p.id, "server_error");
    }
  }),
  serve(authEndpoints.oauthCallback, "public", (c) => {
    const p = findProvider(c.env, c.params.provider ?? "");
    return p ? callback(c, p) : notConfigured(c);
  }),
];
