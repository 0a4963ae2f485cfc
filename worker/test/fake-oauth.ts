/**
 * A small fake of Google's and GitHub's OAuth endpoints on loopback (decision 0022), for the
 * integration tests (vitest globalSetup: `inject("oauthBaseUrl")`) and the e2e run (e2e/global-setup.ts).
 * It checks what the real providers check:
 * - authorize: our client id, a redirect_uri, a state, and a PKCE challenge with method S256; it then
 *   "consents" at once and redirects back with `code` and the same `state`. Test-only parameters the
 *   test may add to the authorization URL: `fake_user` (JSON profile, see FakeProfile) and
 *   `fake_deny=1` (the person pressed Cancel: `error=access_denied`).
 * - token (POST, form): client credentials (HTTP Basic or body), the code (single use), the same
 *   redirect_uri, and SHA-256(code_verifier) == the challenge. Google answers a refusal with 400
 *   `invalid_grant`; GitHub with 200 and `error: bad_verification_code`, as they do.
 * - Google GET /google/userinfo; GitHub GET /github/user and /github/user/emails (bearer token).
 * - GET /__log -> every token exchange so far ({provider, ok, reason}) for assertions.
 */
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { expectDefined } from "../../core/lib/expect-defined.ts";

declare module "vitest" {
  export interface ProvidedContext {
    oauthBaseUrl: string;
  }
}

export const FAKE_OAUTH_CLIENTS = {
  google: { id: "fake-google-client", secret: "fake-google-secret" },
  github: { id: "fake-github-client", secret: "fake-github-secret" },
} as const;

export interface FakeProfile {
  /** Google `sub` / GitHub numeric id. */
  id?: string | number;
  email?: string | null;
  emailVerified?: boolean;
  givenName?: string;
  familyName?: string;
  /** GitHub's `name` (and Google's `name`). */
  name?: string;
  login?: string;
}

/** Who signs in when the test names nobody (the e2e journey). */
export const DEFAULT_PROFILES: Record<"google" | "github", Required<Omit<FakeProfile, "login">> & { login: string }> = {
  google: {
    id: "109876543210",
    email: "gina.oak@example.org",
    emailVerified: true,
    givenName: "Gina",
    familyName: "Oak",
    name: "Gina Oak",
    login: "",
  },
  github: {
    id: 4242,
    email: "octo.cat@example.org",
    emailVerified: true,
    givenName: "",
    familyName: "",
    name: "Octo Cat",
    login: "octocat",
  },
};

/** The environment that points the app's providers at this fake (wrangler vars / test env). */
export function fakeOAuthEnv(baseUrl: string): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: FAKE_OAUTH_CLIENTS.google.id,
    GOOGLE_CLIENT_SECRET: FAKE_OAUTH_CLIENTS.google.secret,
    GOOGLE_AUTHORIZATION_URL: `${baseUrl}/google/authorize`,
    GOOGLE_TOKEN_URL: `${baseUrl}/google/token`,
    GOOGLE_USERINFO_URL: `${baseUrl}/google/userinfo`,
    GITHUB_CLIENT_ID: FAKE_OAUTH_CLIENTS.github.id,
    GITHUB_CLIENT_SECRET: FAKE_OAUTH_CLIENTS.github.secret,
    GITHUB_AUTHORIZATION_URL: `${baseUrl}/github/authorize`,
    GITHUB_TOKEN_URL: `${baseUrl}/github/token`,
    GITHUB_API_URL: `${baseUrl}/github/api`,
  };
}

type Provider = "google" | "github";

interface Grant {
  provider: Provider;
  clientId: string;
  redirectUri: string;
  challenge: string;
  profile: FakeProfile;
}

const s256 = (verifier: string) => createHash("sha256").update(verifier).digest("base64url");

export async function startFakeOAuth(): Promise<{ baseUrl: string; close: () => Promise<void> }> {
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, { provider: Provider; profile: FakeProfile }>();
  const log: { provider: Provider; ok: boolean; reason: string }[] = [];

  function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: string): void {
    const url = new URL(req.url ?? "/", "http://fake");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/__log") return send(200, log);
    const m = /^\/(google|github)\/(authorize|token|userinfo|api\/user|api\/user\/emails)$/.exec(url.pathname);
    if (!m) return send(404, { error: "not_found" });
    const provider = m[1] as Provider;
    const endpoint = expectDefined(m[2]);
    const client = FAKE_OAUTH_CLIENTS[provider];

    if (endpoint === "authorize" && req.method === "GET") {
      const q = url.searchParams;
      const redirectUri = q.get("redirect_uri") ?? "";
      const state = q.get("state") ?? "";
      if (q.get("client_id") !== client.id || q.get("response_type") !== "code" || !redirectUri) {
        return send(400, { error: "invalid_request", error_description: "client_id, response_type=code and redirect_uri are required" });
      }
      if (q.get("code_challenge_method") !== "S256" || !q.get("code_challenge")) {
        return send(400, { error: "invalid_request", error_description: "PKCE with S256 is required" });
      }
      const back = new URL(redirectUri);
      back.searchParams.set("state", state);
      if (q.get("fake_deny") === "1") {
        back.searchParams.set("error", "access_denied");
      } else {
        const code = randomBytes(16).toString("hex");
        const profile = {
          ...DEFAULT_PROFILES[provider],
          ...(q.get("fake_user") ? (JSON.parse(expectDefined(q.get("fake_user"))) as FakeProfile) : {}),
        };
        grants.set(code, { provider, clientId: client.id, redirectUri, challenge: expectDefined(q.get("code_challenge")), profile });
        back.searchParams.set("code", code);
      }
      res.writeHead(302, { location: back.href });
      res.end();
      return;
    }

    if (endpoint === "token" && req.method === "POST") {
      const body = new URLSearchParams(raw);
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
      const [id, secret] = basic
        ? Buffer.from(expectDefined(basic[1]), "base64").toString("utf8").split(":")
        : [body.get("client_id"), body.get("client_secret")];
      const refuse = (reason: string) => {
        log.push({ provider, ok: false, reason });
        return provider === "github"
          ? send(200, { error: "bad_verification_code", error_description: reason })
          : send(400, { error: "invalid_grant", error_description: reason });
      };
      if (id !== client.id || secret !== client.secret) return refuse("client credentials");
      if (body.get("grant_type") !== "authorization_code") return refuse("grant_type");
      const grant = grants.get(body.get("code") ?? "");
      if (!grant || grant.provider !== provider) return refuse("unknown or used code");
      grants.delete(expectDefined(body.get("code")));
      if (grant.redirectUri !== body.get("redirect_uri")) return refuse("redirect_uri differs");
      const verifier = body.get("code_verifier") ?? "";
      if (!verifier || s256(verifier) !== grant.challenge) return refuse("PKCE verifier does not match the challenge");
      const accessToken = randomBytes(16).toString("hex");
      tokens.set(accessToken, { provider, profile: grant.profile });
      log.push({ provider, ok: true, reason: "" });
      return send(200, { access_token: accessToken, token_type: "Bearer", expires_in: 3599, scope: "openid email profile" });
    }

    if (req.method === "GET") {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "";
      const found = tokens.get(token);
      if (!found || found.provider !== provider) return send(401, { error: "invalid_token" });
      const p = found.profile;
      if (endpoint === "userinfo") {
        return send(200, {
          sub: String(p.id),
          email: p.email,
          email_verified: p.emailVerified,
          given_name: p.givenName,
          family_name: p.familyName,
          name: p.name,
        });
      }
      if (!req.headers["user-agent"])
        return send(403, { message: "Request forbidden by administrative rules. Please make sure your request has a User-Agent header" });
      if (endpoint === "api/user") return send(200, { id: Number(p.id), login: p.login, name: p.name || null, email: null });
      if (endpoint === "api/user/emails") {
        return send(
          200,
          p.email
            ? [
                { email: p.email, primary: true, verified: p.emailVerified, visibility: "private" },
                { email: `${p.login}@users.noreply.github.com`, primary: false, verified: true, visibility: null },
              ]
            : [],
        );
      }
    }
    return send(405, { error: "method_not_allowed" });
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      try {
        handle(req, res, Buffer.concat(chunks).toString("utf8"));
      } catch (err) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "server_error", error_description: String(err) }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const fake = await startFakeOAuth();
  project.provide("oauthBaseUrl", fake.baseUrl);
  return fake.close;
}
