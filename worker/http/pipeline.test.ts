import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { createDb } from "../db/client.ts";
import { sessions, users } from "../db/schema.ts";
import { sha256Hex } from "../lib/crypto.ts";
import { newId, newToken } from "../lib/ids.ts";
import { ANONYMOUS, signedIn, type CallerUser } from "../services/caller.ts";
import { DomainError } from "../services/errors.ts";
import { resolveCaller } from "./caller.ts";
import { domainErrorResponse } from "./domain-errors.ts";
import { originRefusal } from "./origin-check.ts";
import { endpoint } from "../../core/api/endpoint.ts";
import { createRouter, guard, serve } from "./router.ts";
import { expectDefined } from "../../core/lib/expect-defined.ts";

const db = createDb(env.DB);
const call = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);

async function userWithSession(opts: { isAdmin?: boolean; expiresInMs?: number } = {}) {
  const id = newId();
  await db.insert(users).values({ id, email: `${id}@example.org`, passwordHash: "x", firstName: "Pat", isAdmin: opts.isAdmin ?? false });
  const token = newToken();
  await db
    .insert(sessions)
    .values({ tokenHash: await sha256Hex(token), userId: id, expiresAt: new Date(Date.now() + (opts.expiresInMs ?? 3_600_000)) });
  return { id, token };
}

const req = (headers: Record<string, string>) => new Request("http://localhost/api/x", { headers });

describe("resolveCaller", () => {
  it("accepts the bearer token and the cookie, through the same validator", async () => {
    const { id, token } = await userWithSession();
    const bearer = await resolveCaller(db, req({ authorization: `Bearer ${token}` }));
    expect(bearer).toMatchObject({ kind: "user", user: { id }, session: { via: "bearer" } });
    const cookie = await resolveCaller(db, req({ cookie: `other=1; rc_session=${token}` }));
    expect(cookie).toMatchObject({ kind: "user", user: { id }, session: { via: "cookie" } });
    expect(expectDefined(bearer.session).id).toBe(expectDefined(cookie.session).id);
  });

  it("prefers the bearer token, and falls back to the cookie when the bearer is stale", async () => {
    const a = await userWithSession();
    const b = await userWithSession();
    const both = await resolveCaller(db, req({ authorization: `Bearer ${a.token}`, cookie: `rc_session=${b.token}` }));
    expect(both.user?.id).toBe(a.id);
    const stale = await resolveCaller(db, req({ authorization: "Bearer not-a-session", cookie: `rc_session=${b.token}` }));
    expect(stale).toMatchObject({ user: { id: b.id }, session: { via: "cookie" } });
  });

  it("is anonymous without a token, with a bogus or expired one, and never exposes the password hash", async () => {
    const expired = await userWithSession({ expiresInMs: -1000 });
    const variants: Record<string, string>[] = [
      {},
      { authorization: "Bearer nope" },
      { cookie: "rc_session=%E0%A4%A" },
      { authorization: `Bearer ${expired.token}` },
    ];
    for (const headers of variants) {
      expect(await resolveCaller(db, req(headers))).toEqual(ANONYMOUS);
    }
    const { token } = await userWithSession();
    const caller = await resolveCaller(db, req({ authorization: `Bearer ${token}` }));
    expect(Object.keys(expectDefined(caller.user))).not.toContain("passwordHash");
  });
});

describe("route guards", () => {
  const user: CallerUser = {
    id: "u",
    firstName: "",
    lastName: "",
    email: "u@x.org",
    isAdmin: false,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
  const session = { id: "s", via: "cookie" as const, expiresAt: new Date() };

  it("public lets anyone in; user needs a session; admin needs an admin", async () => {
    expect(guard("public", ANONYMOUS)).toBeNull();
    expect(guard("user", ANONYMOUS)?.status).toBe(401);
    expect(guard("user", signedIn(user, session))).toBeNull();
    expect(guard("admin", ANONYMOUS)?.status).toBe(401);
    const refused = expectDefined(guard("admin", signedIn(user, session)));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "forbidden" });
    expect(guard("admin", signedIn({ ...user, isAdmin: true }, session))).toBeNull();
  });

  it("the router runs the guard before the handler", async () => {
    let ran = 0;
    const handle = createRouter([serve(endpoint("GET", "/api/admin-only"), "admin", () => (ran++, new Response("ok")))]);
    const base = { env, ctx: {} as ExecutionContext, db, requestId: "r" };
    const url = new URL("http://localhost/api/admin-only");
    const res = await handle({ ...base, request: new Request(url), url, caller: signedIn(user, session) });
    expect(res.status).toBe(403);
    expect(ran).toBe(0);
    const ok = await handle({ ...base, request: new Request(url), url, caller: signedIn({ ...user, isAdmin: true }, session) });
    expect(ok.status).toBe(200);
    expect(ran).toBe(1);
  });

  it("GET /api/auth/me answers the user for a bearer token and for the cookie", async () => {
    const { id, token } = await userWithSession();
    const variants: Record<string, string>[] = [{ authorization: `Bearer ${token}` }, { cookie: `rc_session=${token}` }];
    for (const headers of variants) {
      const res = await call("/api/auth/me", { headers });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { user: Record<string, unknown> };
      expect(body.user).toMatchObject({ id, firstName: "Pat", isAdmin: false });
      expect(body.user).not.toHaveProperty("passwordHash");
    }
  });
});

describe("domain errors become problems only in the HTTP layer", () => {
  it("maps each kind to its status, keeps code, message and details", async () => {
    const res = domainErrorResponse(new DomainError("conflict", "email_taken", "That e-mail is in use.", { errors: { email: ["taken"] } }));
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toMatchObject({ code: "email_taken", message: "That e-mail is in use.", errors: { email: ["taken"] } });
  });

  it("a rate-limited error carries Retry-After", () => {
    const res = domainErrorResponse(new DomainError("rate_limited", "rate_limited", "Slow down.", { retryAfterSeconds: 42.2 }));
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("43");
  });

  it("a service's domain error reaches the client as a problem (unknown recipe -> 404)", async () => {
    const res = await call(`/api/recipes/${newId()}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: "not_found" });
  });
});

describe("Strict-Transport-Security", () => {
  it("is sent on every https answer (API, problem, service worker) and never over plain http", async () => {
    for (const path of ["/api/health", "/api/no-such-endpoint", "/sw.js"]) {
      const https = await exports.default.fetch(`https://recipecart.example${path}`);
      await https.arrayBuffer();
      expect(https.headers.get("strict-transport-security"), path).toBe("max-age=31536000; includeSubDomains");
      const http = await call(path);
      await http.arrayBuffer();
      expect(http.headers.get("strict-transport-security"), path).toBeNull();
    }
  });
});

describe("origin check", () => {
  const user: CallerUser = {
    id: "u",
    firstName: "",
    lastName: "",
    email: "u@x.org",
    isAdmin: false,
    createdAt: new Date(),
    updatedAt: new Date(),
  };
  const byCookie = signedIn(user, { id: "s", via: "cookie" as const, expiresAt: new Date() });
  const byBearer = signedIn(user, { id: "s", via: "bearer" as const, expiresAt: new Date() });
  const url = new URL("http://localhost/");
  const post = (origin?: string) => new Request(url, { method: "POST", headers: origin ? { origin } : {} });
  const status = (request: Request, caller: typeof ANONYMOUS, form: boolean) =>
    originRefusal(request, url, caller, "https://app.example", form)?.status ?? "passes";

  it("a page form: ours or APP_ORIGIN passes, another site or null is refused, none passes only without a session cookie", () => {
    expect(status(post("http://localhost"), ANONYMOUS, true)).toBe("passes");
    expect(status(post("https://app.example"), ANONYMOUS, true)).toBe("passes");
    expect(status(post("https://evil.example"), ANONYMOUS, true)).toBe(403);
    expect(status(post("null"), ANONYMOUS, true)).toBe(403);
    expect(status(post("https://evil.example"), byBearer, true)).toBe(403);
    expect(status(post(), ANONYMOUS, true)).toBe("passes");
    expect(status(post(), byBearer, true)).toBe("passes");
    expect(status(post(), byCookie, true)).toBe(403);
    expect(status(post("http://localhost"), byCookie, true)).toBe("passes");
  });

  it("the API: a cookie change needs our Origin; bearer and anonymous calls are not checked; reads never", () => {
    expect(status(post(), byCookie, false)).toBe(403);
    expect(status(post("https://evil.example"), byCookie, false)).toBe(403);
    expect(status(post("http://localhost"), byCookie, false)).toBe("passes");
    expect(status(post("https://evil.example"), byBearer, false)).toBe("passes");
    expect(status(post("https://evil.example"), ANONYMOUS, false)).toBe("passes");
    expect(status(new Request(url, { headers: { origin: "https://evil.example" } }), byCookie, true)).toBe("passes");
  });
});
