import { describe, expect, it } from "vitest";
import { SAVED_COPY_TIMING } from "../../core/api/saved-copy.ts";
import { createConnectivity, entryOutcome } from "./online.ts";

/**
 * The connectivity rules against a browser flag the test sets, a probe whose answers the test lines
 * up (true: the server answered; false: the network failed) and a clock the test moves.
 */
function harness(opts: { browserOnline?: boolean; probes?: boolean[] } = {}) {
  const state = {
    browserOnline: opts.browserOnline ?? true,
    probes: [...(opts.probes ?? [])],
    probed: [] as number[],
    now: 0,
    timers: [] as { at: number; run: () => void; cancelled: boolean }[],
    changes: 0,
  };
  const c = createConnectivity({
    browserOnline: () => state.browserOnline,
    probe: async () => {
      state.probed.push(state.now);
      return state.probes.shift() ?? true;
    },
    setTimer: (run, ms) => {
      const timer = { at: state.now + ms, run, cancelled: false };
      state.timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  });
  c.subscribe(() => state.changes++);
  async function advance(ms: number) {
    const end = state.now + ms;
    for (;;) {
      const due = state.timers.filter((t) => !t.cancelled && t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      state.now = due.at;
      due.cancelled = true;
      due.run();
      await settle();
    }
    state.now = end;
  }
  return { state, c, advance };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const pendingTimers = (state: { timers: { cancelled: boolean }[] }) => state.timers.filter((t) => !t.cancelled).length;

describe("connectivity as the app has seen it", () => {
  it("is online when the browser says so and nothing failed", () => {
    const { c } = harness();
    expect(c.online()).toBe(true);
  });

  it("is offline whenever the browser says it is offline", () => {
    const { c, state } = harness({ browserOnline: false });
    expect(c.online()).toBe(false);
    c.seen(true);
    expect(c.online()).toBe(false);
    expect(state.probed).toEqual([]);
  });

  it("a network failure makes it offline while the browser still says online; the next request that reaches the server makes it online", () => {
    const { c, state } = harness();
    c.seen(false);
    expect(c.online()).toBe(false);
    expect(state.changes).toBe(1);
    c.seen(false);
    expect(state.changes).toBe(1);
    c.seen(true);
    expect(c.online()).toBe(true);
    expect(state.changes).toBe(2);
    expect(pendingTimers(state)).toBe(0);
  });

  it("while offline and the browser says online, probes 2 s, 4 s, 8 s ... apart, at most a minute, until one gets through", async () => {
    const { c, state, advance } = harness({ probes: [false, false, false, false, false, false, false, true] });
    c.seen(false);
    await advance(1_999);
    expect(state.probed).toEqual([]);
    await advance(1);
    expect(state.probed).toEqual([2_000]);
    await advance(400_000);
    const gaps = state.probed.map((at, i) => at - (state.probed[i - 1] ?? 0));
    expect(gaps).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(c.online()).toBe(true);
    // Online again: no more probes, and the next failure starts at 2 s again.
    expect(pendingTimers(state)).toBe(0);
    c.seen(false);
    await advance(2_000);
    expect(state.probed.at(-1)).toBe(state.now);
  });

  it("a request that gets through meanwhile stops the probes", async () => {
    const { c, state, advance } = harness();
    c.seen(false);
    c.seen(true);
    await advance(120_000);
    expect(state.probed).toEqual([]);
  });

  it("after the browser's 'offline' event, its 'online' event is not enough: a request must get through", async () => {
    const { c, state, advance } = harness({ probes: [false, true] });
    state.browserOnline = false;
    c.browserChanged();
    expect(c.online()).toBe(false);
    state.browserOnline = true;
    c.browserChanged();
    // Asked at once; the network lags the event, so that first probe fails.
    expect(state.probed).toEqual([0]);
    await settle();
    expect(c.online()).toBe(false);
    await advance(2_000);
    expect(state.probed).toEqual([0, 2_000]);
    expect(c.online()).toBe(true);
  });

  it("no probe while the browser says offline; coming back into view asks at once", async () => {
    const { c, state, advance } = harness({ browserOnline: false });
    c.seen(false);
    await advance(120_000);
    expect(state.probed).toEqual([]);
    state.browserOnline = true;
    c.wake();
    await settle();
    expect(state.probed).toEqual([120_000]);
    expect(c.online()).toBe(true);
  });

  it("a probe that throws counts as a failed network", async () => {
    const timers: (() => void)[] = [];
    const c = createConnectivity({
      browserOnline: () => true,
      probe: () => Promise.reject(new TypeError("Failed to fetch")),
      setTimer: (run) => {
        timers.push(run);
        return () => {};
      },
    });
    c.seen(false);
    timers.shift()?.();
    await settle();
    expect(c.online()).toBe(false);
    expect(timers).toHaveLength(1);
  });

  it("after dispose it reports nothing and probes no more", async () => {
    const { c, state, advance } = harness();
    c.seen(false);
    c.dispose();
    await advance(120_000);
    expect(state.probed).toEqual([]);
  });
});

describe("what a performance entry says", () => {
  const origin = "https://recipecart.example";
  const entry = (name: string, entryType: string, extra: { serverTiming?: { name: string }[]; responseStatus?: number } = {}) => ({
    name,
    entryType,
    ...extra,
  });

  it("a page or its data from the worker's saved copy: saved", () => {
    expect(
      entryOutcome(
        entry(`${origin}/shopping-list/abc`, "navigation", { serverTiming: [{ name: SAVED_COPY_TIMING }], responseStatus: 200 }),
        origin,
      ),
    ).toBe("saved");
    expect(entryOutcome(entry(`${origin}/s/xyz.data?_routes=x`, "resource", { serverTiming: [{ name: SAVED_COPY_TIMING }] }), origin)).toBe(
      "saved",
    );
  });

  it("a page or its data the server answered (any status): network", () => {
    expect(
      entryOutcome(entry(`${origin}/shopping-list/abc`, "navigation", { serverTiming: [{ name: "app" }], responseStatus: 200 }), origin),
    ).toBe("network");
    expect(entryOutcome(entry(`${origin}/shopping-list/abc.data`, "resource", { responseStatus: 404 }), origin)).toBe("network");
  });

  it("scripts, other sites and entries without a status say nothing", () => {
    expect(entryOutcome(entry(`${origin}/assets/app-1.js`, "resource", { responseStatus: 200 }), origin)).toBeNull();
    expect(entryOutcome(entry("https://other.example/x.data", "resource", { responseStatus: 200 }), origin)).toBeNull();
    expect(entryOutcome(entry(`${origin}/shopping-list/abc.data`, "resource", { responseStatus: 0 }), origin)).toBeNull();
    expect(entryOutcome(entry(`${origin}/shopping-list/abc`, "navigation"), origin)).toBeNull();
    expect(entryOutcome(entry("not a url", "navigation"), origin)).toBeNull();
  });
});
