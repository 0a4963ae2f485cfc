/**
 * One declaration per endpoint (core/api/endpoint.ts): the Worker's route table and the typed clients
 * are both made from the declarations in the contract modules, so neither can name a path the other lacks.
 */
import { describe, expect, it } from "vitest";
import { createApiClient } from "../../core/api/client.ts";
import { type Endpoint, isEndpoint } from "../../core/api/endpoint.ts";
import { createTransport, type FetchInit } from "../../core/api/transport.ts";
import { apiRoutes } from "./index.ts";

/** Every contract module: core's wire contracts and each feature's contract. */
const contracts = import.meta.glob<Record<string, unknown>>(
  ["../../core/api/*.ts", "!../../core/api/*.test.ts", "../../web/features/*/contract.ts"],
  {
    eager: true,
  },
);

/** Every endpoint declared in an exported group (`xEndpoints = { name: endpoint(...) }`). */
function declaredEndpoints(): Map<Endpoint, string> {
  const out = new Map<Endpoint, string>();
  for (const [file, mod] of Object.entries(contracts)) {
    for (const [name, value] of Object.entries(mod)) {
      if (typeof value !== "object" || value === null) continue;
      for (const [key, ep] of Object.entries(value)) if (isEndpoint(ep)) out.set(ep, `${file} ${name}.${key}`);
    }
  }
  return out;
}

const key = (ep: Pick<Endpoint, "method" | "path">) => `${ep.method} ${ep.path}`;

/** The declared endpoint an address a client sent matches (":name" matches one segment). */
function declarationOf(declared: Endpoint[], method: string, address: string): Endpoint | undefined {
  const path = address.split("?")[0] ?? "";
  return declared.find((ep) => {
    if (ep.method !== method) return false;
    const pattern = new RegExp(`^${ep.path.replace(/:[A-Za-z]\w*/g, "[^/]+")}$`);
    // A literal segment wins over a parameter (PUT …/staples/built-in is not …/staples/:key).
    return pattern.test(path) && !declared.some((other) => other !== ep && other.method === method && other.path === path);
  });
}

/** A fetch that records what is sent and answers as the declared schema would not: the clients' parse is not the point here. */
function recordingClient() {
  const sent: { method: string; address: string }[] = [];
  const fetch = async (address: string, init: FetchInit) => {
    sent.push({ method: init.method, address });
    return { ok: true, status: 204, statusText: "No Content", text: async () => "" };
  };
  return { sent, fetch };
}

/** Calls every method of every group with placeholder arguments; what a call answers is ignored. */
async function callEverything(groups: Record<string, Record<string, (...args: never[]) => Promise<unknown>>>): Promise<string[]> {
  const called: string[] = [];
  for (const [group, methods] of Object.entries(groups)) {
    for (const [name, fn] of Object.entries(methods)) {
      const args = ["a1", "a2", {}].slice(0, Math.max(fn.length, 1)) as never[];
      if (name === "searchStores") args.splice(1, 1, "12345" as never);
      await (fn as (...a: never[]) => Promise<unknown>)(...args).catch(() => undefined);
      called.push(`${group}.${name}`);
    }
  }
  return called;
}

describe("one declaration per endpoint", () => {
  const declared = declaredEndpoints();

  it("declares each method and path once", () => {
    const keys = [...declared.keys()].map(key);
    expect(keys.length).toBeGreaterThan(60);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("the server routes every declared endpoint, once, and nothing undeclared", () => {
    const routed = apiRoutes.map((r) => r.endpoint);
    const undeclared = routed.filter((ep) => !declared.has(ep)).map(key);
    const unrouted = [...declared.keys()].filter((ep) => !routed.includes(ep)).map((ep) => `${key(ep)} (${declared.get(ep)})`);
    expect(undeclared).toEqual([]);
    expect(unrouted).toEqual([]);
    expect(new Set(routed).size).toBe(routed.length);
  });

  it("every call of the typed clients goes to a declared endpoint", async () => {
    const list = [...declared.keys()];
    const { sent, fetch } = recordingClient();
    const api = createApiClient({ fetch });
    // Every client group outside core's client (`<name>Group(transport)`: a feature's contract, core's shop client) over the same fetch.
    const transport = createTransport({ fetch });
    const groups: Record<string, unknown> = { ...api };
    for (const mod of Object.values(contracts)) {
      for (const [name, value] of Object.entries(mod))
        if (/Group$/.test(name) && typeof value === "function") groups[name] = value(transport);
    }
    expect(Object.keys(groups)).toEqual(
      expect.arrayContaining(["adminGroup", "groceryGroup", "householdGroup", "shareGroup", "shopGroup"]),
    );
    const called = await callEverything(groups as never);
    expect(called.length).toBeGreaterThan(50);
    expect(sent.length).toBe(called.length);
    const strays = sent.filter((s) => !declarationOf(list, s.method, s.address)).map((s) => `${s.method} ${s.address}`);
    expect(strays).toEqual([]);
    // Each client-facing declaration has a client method (the rest are browser navigations and the site's own).
    const reached = new Set(sent.map((s) => declarationOf(list, s.method, s.address)));
    const notCalled = list
      .filter((ep) => ep.answer !== null || ep.request !== undefined)
      .filter((ep) => !reached.has(ep))
      .map(key);
    expect(notCalled).toEqual(["GET /api/health"]);
  });
});
