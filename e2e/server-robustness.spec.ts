/**
 * The local server must survive requests whose body the Worker never reads and uploads that stop
 * halfway (issue 16; decision 0007). With wrangler 4.124 these answered a plain-text 500 naming a
 * runtime file and then killed `wrangler dev` within a few requests. Each kind is sent repeatedly;
 * every answer must be the API's own status and the server must still answer afterwards.
 */
import net from "node:net";
import { describe, expect, it } from "vitest";
import { baseURL } from "./browser.ts";

const pad = "x".repeat(200_000);
const ROUNDS = 8;

async function healthy(): Promise<boolean> {
  try {
    return (await fetch(`${baseURL()}/api/health`, { signal: AbortSignal.timeout(5000) })).ok;
  } catch {
    return false;
  }
}

function post(path: string, type: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${baseURL()}${path}`, { method: "POST", headers: { "content-type": type, ...headers }, body });
}

/** Opens a raw connection, promises 100 kB of JSON, sends a few bytes and hangs up. */
function halfUpload(): Promise<void> {
  const u = new URL(baseURL());
  return new Promise((resolve) => {
    const s = net.connect(Number(u.port), u.hostname, () => {
      s.write(
        `POST /api/recipes/manual HTTP/1.1\r\nHost: ${u.host}\r\nContent-Type: application/json\r\n` +
          `Content-Length: 100000\r\n\r\n{"title":"Half`,
      );
      setTimeout(() => {
        s.destroy();
        resolve();
      }, 100);
    });
    s.on("error", () => resolve());
  });
}

const cases: [string, () => Promise<Response>, number][] = [
  ["a text/plain body (415)", () => post("/api/recipes/manual", "text/plain", pad), 415],
  ["a POST to an unknown API path (404)", () => post("/api/no-such-endpoint", "application/json", JSON.stringify({ pad })), 404],
  ["a POST to a GET-only API path (405)", () => post("/api/health", "application/json", JSON.stringify({ pad })), 405],
  ["a form POST to a page without an action (405)", () => post("/", "application/x-www-form-urlencoded", `a=${pad}`), 405],
  [
    "a JSON body over the size limit (413)",
    () => post("/api/recipes/manual", "application/json", JSON.stringify({ title: "t", ingredients: ["x".repeat(1_200_000)] })),
    413,
  ],
];

describe("the local server survives unread and broken request bodies", () => {
  for (const [name, send, status] of cases) {
    it(`answers ${name} every time and stays up`, async () => {
      for (let i = 0; i < ROUNDS; i++) {
        const res = await send();
        expect(res.status).toBe(status);
        // Our own problem body, never the runtime's plain-text error page.
        expect(res.headers.get("content-type") ?? "").not.toMatch(/^text\/plain/);
        await res.arrayBuffer();
      }
      expect(await healthy()).toBe(true);
    });
  }

  it("stays up when uploads stop halfway", async () => {
    for (let i = 0; i < ROUNDS; i++) await halfUpload();
    expect(await healthy()).toBe(true);
    const res = await post("/api/recipes/manual", "application/json", JSON.stringify({ title: "Toast", ingredients: ["2 slices bread"] }));
    expect(res.status).toBe(201);
  });

});
