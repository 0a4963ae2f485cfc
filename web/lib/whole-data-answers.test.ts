import { afterEach, describe, expect, it, vi } from "vitest";
import { isDataRequest, readDataAnswersWhole } from "./whole-data-answers.ts";

const ORIGIN = "https://recipecart.example";

/** A body that arrives in two pieces, as a streamed answer does. */
const twoPieces = () =>
  new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode('[{"_1":2},'));
      c.enqueue(new TextEncoder().encode('"root"]\n'));
      c.close();
    },
  });

function install(answer: () => Response) {
  const network = vi.fn(async () => answer());
  vi.stubGlobal("location", new URL(`${ORIGIN}/dashboard`));
  vi.stubGlobal("window", { fetch: network });
  readDataAnswersWhole();
  return { fetch: (window as unknown as { fetch: typeof fetch }).fetch, network };
}

afterEach(() => vi.unstubAllGlobals());

describe("personal data answers read whole", () => {
  it("knows a same-origin data request", () => {
    expect(isDataRequest(new URL(`${ORIGIN}/dashboard.data?tab=history`), ORIGIN)).toBe(true);
    expect(isDataRequest(new URL(`${ORIGIN}/_root.data`), ORIGIN)).toBe(true);
    expect(isDataRequest(new URL(`${ORIGIN}/api/auth/me`), ORIGIN)).toBe(false);
    expect(isDataRequest(new URL("https://elsewhere.example/x.data"), ORIGIN)).toBe(false);
  });

  it("hands on a no-store data answer as a whole body with its status and headers", async () => {
    const { fetch } = install(
      () => new Response(twoPieces(), { status: 200, headers: { "cache-control": "private, no-store", "x-remix-response": "yes" } }),
    );
    const res = await fetch(new URL(`${ORIGIN}/dashboard.data?tab=history`));
    expect(res.status).toBe(200);
    expect(res.headers.get("x-remix-response")).toBe("yes");
    expect(await res.text()).toBe('[{"_1":2},"root"]\n');
  });

  it("leaves other answers as the network gave them, and wraps fetch once", async () => {
    const original = new Response(twoPieces(), { headers: { "cache-control": "private, no-cache" } });
    const { fetch, network } = install(() => original);
    expect(await fetch(`${ORIGIN}/dashboard.data`)).toBe(original);
    readDataAnswersWhole();
    expect((window as unknown as { fetch: typeof fetch }).fetch).toBe(fetch);
    const api = new Response("{}", { headers: { "cache-control": "no-store" } });
    network.mockImplementationOnce(async () => api);
    expect(await fetch(`${ORIGIN}/api/auth/me`)).toBe(api);
  });
});
