import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const call = (path: string, init?: RequestInit) => exports.default.fetch(`http://localhost${path}`, init);

describe("API conventions", () => {
  it("health reads D1", async () => {
    const res = await call("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("an unknown /api path answers a JSON 404 problem", async () => {
    const res = await call("/api/does-not-exist");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const body = (await res.json()) as { code: string; message: string; status: number };
    expect(body).toMatchObject({ code: "not_found", status: 404 });
    expect(body.message).toBeTruthy();
  });

  it("a wrong method answers 405 with Allow", async () => {
    const res = await call("/api/health", { method: "DELETE" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET");
  });

  it("the current-user call answers 401 when signed out, also with a bogus token", async () => {
    const variants: Record<string, string>[] = [{}, { authorization: "Bearer nope" }, { cookie: "rc_session=nope" }];
    for (const headers of variants) {
      const res = await call("/api/auth/me", { headers });
      expect(res.status).toBe(401);
      expect(((await res.json()) as { code: string }).code).toBe("unauthenticated");
    }
  });

  it("every API response carries the security headers", async () => {
    const res = await call("/api/health");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});
