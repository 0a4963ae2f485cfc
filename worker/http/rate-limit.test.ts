import { describe, expect, it } from "vitest";
import { checkRate, clientKey, IMPORT_LIMIT, LOCAL_CLIENT_KEY, TEST_CLIENT_HEADER } from "./rate-limit.ts";

const withHeader = (ip?: string) => new Request("http://localhost/api/recipes/parse", { headers: ip ? { "cf-connecting-ip": ip } : {} });

describe("clientKey", () => {
  it("trusts CF-Connecting-IP only behind Cloudflare (TRUST_CF_CONNECTING_IP=1)", () => {
    expect(clientKey(withHeader("198.51.100.4"), { TRUST_CF_CONNECTING_IP: "1" })).toBe("198.51.100.4");
    expect(clientKey(withHeader(), { TRUST_CF_CONNECTING_IP: "1" })).toBeNull();
  });

  it("ignores a client-supplied header in a local run: every request shares one key", () => {
    for (const env of [{}, { TRUST_CF_CONNECTING_IP: "0" }, { TRUST_CF_CONNECTING_IP: "true" }]) {
      expect(clientKey(withHeader("198.51.100.4"), env)).toBe(LOCAL_CLIENT_KEY);
      expect(clientKey(withHeader("203.0.113.9"), env)).toBe(LOCAL_CLIENT_KEY);
      expect(clientKey(withHeader(), env)).toBe(LOCAL_CLIENT_KEY);
    }
  });

  it("gives a local test client a key of its own only with RECIPECART_TEST_CLIENT_KEYS=1, and never behind Cloudflare", () => {
    const asTestClient = (name: string, ip?: string) =>
      new Request("http://localhost/api/recipes/parse", {
        headers: { [TEST_CLIENT_HEADER]: name, ...(ip ? { "cf-connecting-ip": ip } : {}) },
      });
    const on = { RECIPECART_TEST_CLIENT_KEYS: "1" };
    expect(clientKey(asTestClient("robustness"), on)).toBe(`${LOCAL_CLIENT_KEY}:robustness`);
    // Its own CF-Connecting-IP still changes nothing locally.
    expect(clientKey(asTestClient("robustness", "198.51.100.4"), on)).toBe(`${LOCAL_CLIENT_KEY}:robustness`);
    expect(clientKey(withHeader("198.51.100.4"), on)).toBe(LOCAL_CLIENT_KEY);
    for (const env of [{}, { RECIPECART_TEST_CLIENT_KEYS: "0" }, { RECIPECART_TEST_CLIENT_KEYS: "true" }]) {
      expect(clientKey(asTestClient("robustness"), env)).toBe(LOCAL_CLIENT_KEY);
    }
    expect(clientKey(asTestClient("robustness", "198.51.100.4"), { ...on, TRUST_CF_CONNECTING_IP: "1" })).toBe("198.51.100.4");
    expect(clientKey(asTestClient("robustness"), { ...on, TRUST_CF_CONNECTING_IP: "1" })).toBeNull();
  });
});

describe("checkRate", () => {
  it("asks the limiter with the client key and throws rate_limited with the period as retryAfterSeconds", async () => {
    const keys: string[] = [];
    const env = { PARSE_LIMITER: { limit: async ({ key }: { key: string }) => (keys.push(key), { success: keys.length < 2 }) } };
    await checkRate(withHeader("198.51.100.4"), env, IMPORT_LIMIT);
    await expect(checkRate(withHeader("198.51.100.5"), env, IMPORT_LIMIT)).rejects.toMatchObject({
      kind: "rate_limited",
      code: "rate_limited",
      details: { retryAfterSeconds: 60 },
    });
    expect(keys).toEqual([LOCAL_CLIENT_KEY, LOCAL_CLIENT_KEY]);
  });
});
