/**
 * OAuth identity providers (Google, GitHub) through arctic's generic `OAuth2Client` (decision 0022).
 * The endpoints come from configuration, defaulting to the real ones, so tests and the e2e run talk
 * to a fake provider on loopback. Both providers use the authorization-code flow with PKCE (S256):
 * Google requires it and GitHub accepts it.
 *
 * Identity is taken from the provider's user-info calls over HTTPS with the access token (never from
 * an unverified ID token): Google's OpenID Connect userinfo (`sub`, `email`, `email_verified`, names),
 * GitHub's `/user` plus `/user/emails` (the primary address and whether GitHub verified it).
 */
import { authEndpoints } from "../../../../core/api/auth.ts";
import { pathOf } from "../../../../core/api/endpoint.ts";
import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError } from "arctic";
import { z } from "zod";
import { EMAIL_MAX, OAUTH_PROVIDER_NAMES, OAUTH_PROVIDERS, type OAuthProvider } from "../../../../core/api/auth.ts";
import { DomainError } from "../../../../worker/services/errors.ts";

/** What a provider tells us about the person who signed in. */
export interface OAuthIdentity {
  provider: OAuthProvider;
  /** The provider's stable user id (Google `sub`, GitHub numeric id). */
  providerUserId: string;
  /** The address the provider holds, or null when it has none it could give. */
  email: string | null;
  /** True only when the provider says it verified `email`. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

export interface OAuthProviderConfig {
  id: OAuthProvider;
  name: string;
  clientId: string;
  clientSecret: string;
  authorizationUrl: string;
  tokenUrl: string;
  /** Google: the userinfo endpoint. GitHub: the REST API root (/user and /user/emails below it). */
  userInfoUrl: string;
  scopes: string[];
}

const DEFAULTS: Record<OAuthProvider, Pick<OAuthProviderConfig, "authorizationUrl" | "tokenUrl" | "userInfoUrl" | "scopes">> = {
  google: {
    authorizationUrl: "https://accounts.google.com/o/oauth2/v2/auth",
    tokenUrl: "https://oauth2.googleapis.com/token",
    userInfoUrl: "https://openidconnect.googleapis.com/v1/userinfo",
    scopes: ["openid", "email", "profile"],
  },
  github: {
    authorizationUrl: "https://github.com/login/oauth/authorize",
    tokenUrl: "https://github.com/login/oauth/access_token",
    userInfoUrl: "https://api.github.com",
    scopes: ["read:user", "user:email"],
  },
};

/** The env names of one provider's settings: GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, GOOGLE_TOKEN_URL, ... */
const PREFIX: Record<OAuthProvider, string> = { google: "GOOGLE", github: "GITHUB" };

/**
 * The configured providers, in display order. A provider counts as configured only with both a
 * client id and a client secret; an endpoint override must be https (http only on loopback with
 * RECIPECART_ALLOW_LOOPBACK_FETCH="1", i.e. local tests), else the provider is left out.
 */
export function configuredProviders(env: object): OAuthProviderConfig[] {
  const vars = env as Record<string, unknown>;
  const read = (name: string) => (typeof vars[name] === "string" ? (vars[name] as string).trim() : "");
  const allowLoopback = read("RECIPECART_ALLOW_LOOPBACK_FETCH") === "1";
  const out: OAuthProviderConfig[] = [];
  for (const id of OAUTH_PROVIDERS) {
    const p = PREFIX[id];
    const clientId = read(`${p}_CLIENT_ID`);
    const clientSecret = read(`${p}_CLIENT_SECRET`);
    if (!clientId || !clientSecret) continue;
    const d = DEFAULTS[id];
    const urls = {
      authorizationUrl: read(`${p}_AUTHORIZATION_URL`) || d.authorizationUrl,
      tokenUrl: read(`${p}_TOKEN_URL`) || d.tokenUrl,
      userInfoUrl: read(id === "google" ? `${p}_USERINFO_URL` : `${p}_API_URL`) || d.userInfoUrl,
    };
    const bad = Object.values(urls).find((u) => !acceptableEndpoint(u, allowLoopback));
    if (bad) {
      console.warn(`[oauth] ${id} left out: endpoint ${bad} must be https`);
      continue;
    }
    out.push({ id, name: OAUTH_PROVIDER_NAMES[id], clientId, clientSecret, ...urls, scopes: d.scopes });
  }
  return out;
}

function acceptableEndpoint(raw: string, allowLoopback: boolean): boolean {
  try {
    const u = new URL(raw);
    if (u.protocol === "https:") return true;
    return allowLoopback && u.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(u.hostname);
  } catch {
    return false;
  }
}

/** What /auth shows and GET /api/auth/providers answers: the configured providers and where each starts. */
export function providerButtons(env: object): { id: OAuthProvider; name: string; startUrl: string }[] {
  return configuredProviders(env).map((p) => ({
    id: p.id,
    name: p.name,
    startUrl: pathOf(authEndpoints.oauthStart.path, { provider: p.id }),
  }));
}

export function findProvider(env: object, id: string): OAuthProviderConfig | null {
  return configuredProviders(env).find((p) => p.id === id) ?? null;
}

const client = (p: OAuthProviderConfig, redirectUri: string) => new OAuth2Client(p.clientId, p.clientSecret, redirectUri);

/** The provider's authorization URL for this state and PKCE verifier (S256 challenge). */
export function authorizationUrl(p: OAuthProviderConfig, redirectUri: string, state: string, codeVerifier: string): URL {
  return client(p, redirectUri).createAuthorizationURLWithPKCE(p.authorizationUrl, state, CodeChallengeMethod.S256, codeVerifier, p.scopes);
}

const PROVIDER_FAILED = (p: OAuthProviderConfig, why: string) =>
  new DomainError("upstream", "provider_error", `${p.name} did not confirm the sign-in (${why}).`);

/** Exchanges the code (with the PKCE verifier) for an access token, then asks who signed in. */
export async function identify(p: OAuthProviderConfig, redirectUri: string, code: string, codeVerifier: string): Promise<OAuthIdentity> {
  let accessToken: string;
  try {
    const tokens = await client(p, redirectUri).validateAuthorizationCode(p.tokenUrl, code, codeVerifier);
    // GitHub answers a refused exchange with 200 and an `error` field.
    const data = tokens.data as { error?: unknown };
    if (typeof data.error === "string") throw PROVIDER_FAILED(p, data.error);
    accessToken = tokens.accessToken();
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw PROVIDER_FAILED(p, err instanceof OAuth2RequestError ? err.code : "token exchange failed");
  }
  return p.id === "google" ? googleIdentity(p, accessToken) : githubIdentity(p, accessToken);
}

async function getJson<T>(p: OAuthProviderConfig, url: string, accessToken: string, schema: z.ZodType<T>): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      headers: {
        authorization: `Bearer ${accessToken}`,
        accept: "application/json",
        // GitHub's API refuses requests without a User-Agent.
        "user-agent": "recipecart",
      },
      // workerd has no "error" mode: a redirect is simply not followed, and not ok below.
      redirect: "manual",
    });
  } catch {
    throw PROVIDER_FAILED(p, "user info unreachable");
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw PROVIDER_FAILED(p, `user info answered ${res.status}`);
  }
  const parsed = schema.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw PROVIDER_FAILED(p, "unexpected user info");
  return parsed.data;
}

const text = (max: number) =>
  z
    .string()
    .nullish()
    .transform((s) => (s ?? "").trim().slice(0, max));

const GoogleUserInfo = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().max(EMAIL_MAX).nullish(),
  // Google sends a boolean; some OIDC servers send "true".
  email_verified: z.union([z.boolean(), z.literal("true"), z.literal("false")]).nullish(),
  given_name: text(100),
  family_name: text(100),
  name: text(200),
});

async function googleIdentity(p: OAuthProviderConfig, accessToken: string): Promise<OAuthIdentity> {
  const u = await getJson(p, p.userInfoUrl, accessToken, GoogleUserInfo);
  const [first, last] = u.given_name || u.family_name ? [u.given_name, u.family_name] : splitName(u.name);
  return {
    provider: "google",
    providerUserId: u.sub,
    email: u.email?.trim() || null,
    emailVerified: u.email_verified === true || u.email_verified === "true",
    firstName: first,
    lastName: last,
  };
}

const GitHubUser = z.object({ id: z.number().int().nonnegative(), login: z.string().max(100), name: text(200) });
const GitHubEmails = z.array(
  z.object({ email: z.string().max(EMAIL_MAX), primary: z.boolean().nullish(), verified: z.boolean().nullish() }),
);

async function githubIdentity(p: OAuthProviderConfig, accessToken: string): Promise<OAuthIdentity> {
  const api = p.userInfoUrl.replace(/\/+$/, "");
  const [user, emails] = await Promise.all([
    getJson(p, `${api}/user`, accessToken, GitHubUser),
    getJson(p, `${api}/user/emails`, accessToken, GitHubEmails),
  ]);
  // The primary address, and only if GitHub verified it (a verified secondary is not who they say they are).
  const primary = emails.find((e) => e.primary === true) ?? null;
  const [first, last] = user.name ? splitName(user.name) : [user.login, ""];
  return {
    provider: "github",
    providerUserId: String(user.id),
    email: primary?.email.trim() || null,
    emailVerified: primary?.verified === true,
    firstName: first.slice(0, 100),
    lastName: last.slice(0, 100),
  };
}

/** "Ada King Lovelace" -> ["Ada King", "Lovelace"]; one word -> [word, ""]. */
function splitName(name: string): [string, string] {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const last = parts.pop() ?? "";
  if (parts.length === 0) return [last, ""];
  return [parts.join(" ").slice(0, 100), last.slice(0, 100)];
}
