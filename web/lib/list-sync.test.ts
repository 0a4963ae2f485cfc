import { describe, expect, it } from "vitest";
import { ApiError } from "../../core/api/errors.ts";
import type { ShoppingList } from "../../core/api/lists.ts";
import type { ListChange } from "../../core/api/shopping.ts";
import { createListSync, type Hold } from "./list-sync.ts";

const tick = (itemId: string, at = 1): ListChange => ({ op: "tick", itemId, checked: true, at });
const listAfter = (n: number): ShoppingList => ({
  id: "L",
  name: `after ${n}`,
  createdAt: "2026-11-27T00:00:00.000Z",
  recipes: [],
  ingredients: {},
});
const limited = (retryAfter: number | null) =>
  new ApiError(429, "429: rate limited", { status: 429, code: "rate_limited", message: "Too many requests" }, retryAfter);

type Answer = "ok" | ApiError | Error;

/**
 * The sender against an in-memory queue, a clock the test moves, and a server whose answers the
 * test lines up (one per request; "ok" takes the batch).
 */
function harness(opts: { answers?: Answer[]; storedHold?: number | null; ready?: boolean } = {}) {
  const state = {
    queue: [] as ListChange[],
    now: 1_000_000,
    ready: opts.ready ?? true,
    storedHold: opts.storedHold ?? null,
    answers: [...(opts.answers ?? [])],
    sent: [] as ListChange[][],
    holds: [] as (Hold | null)[],
    refused: [] as ApiError[],
    timers: [] as { at: number; run: () => void; cancelled: boolean }[],
    /** Runs while a request is in flight (the user taps meanwhile). */
    duringSend: null as null | (() => void),
  };
  const sync = createListSync({
    load: () => [...state.queue],
    save: (q) => {
      state.queue = [...q];
    },
    send: async (batch) => {
      state.sent.push(batch);
      state.duringSend?.();
      state.duringSend = null;
      const answer = state.answers.shift() ?? "ok";
      if (answer !== "ok") throw answer;
      return listAfter(state.sent.length);
    },
    ready: () => state.ready,
    now: () => state.now,
    setTimer: (run, ms) => {
      const timer = { at: state.now + ms, run, cancelled: false };
      state.timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    loadHold: () => state.storedHold,
    saveHold: (until) => {
      state.storedHold = until;
    },
    onSent: () => {},
    onRefused: (err) => state.refused.push(err),
    onHold: (h) => state.holds.push(h),
  });
  /** Moves the clock and runs the timers that are due, then lets their sends settle. */
  async function advance(ms: number) {
    state.now += ms;
    for (const t of state.timers.filter((t) => !t.cancelled && t.at <= state.now)) {
      t.cancelled = true;
      t.run();
    }
    await settle();
  }
  return { state, sync, advance };
}

/** Lets pending promise callbacks (a send started by a timer) finish. */
const settle = () => new Promise((r) => setImmediate(r));

describe("list page's change queue (createListSync)", () => {
  it("after a 429 keeps every change and sends nothing until Retry-After has passed, then sends them all", async () => {
    const { state, sync, advance } = harness({ answers: [limited(30)] });
    state.queue = [tick("a"), tick("b")];
    await sync.sync();
    expect(state.sent).toHaveLength(1);
    expect(state.queue).toEqual([tick("a"), tick("b")]);
    expect(state.holds).toEqual([{ until: state.now + 30_000, seconds: 30 }]);
    expect(state.storedHold).toBe(state.now + 30_000);

    // New changes and an 'online' event while held: queued, not sent.
    state.queue.push(tick("c"));
    await sync.sync();
    await sync.sync();
    await advance(29_999);
    expect(state.sent).toHaveLength(1);
    expect(state.queue).toHaveLength(3);

    await advance(1);
    expect(state.sent).toHaveLength(2);
    expect(state.sent[1]).toEqual([tick("a"), tick("b"), tick("c")]);
    expect(state.queue).toEqual([]);
    expect(state.holds.at(-1)).toBeNull();
    expect(state.storedHold).toBeNull();
  });

  it("holds for the limiter's 60 s window when a 429 names no time, and at least a second for 'Retry-After: 0'", async () => {
    const noTime = harness({ answers: [limited(null)] });
    noTime.state.queue = [tick("a")];
    await noTime.sync.sync();
    expect(noTime.state.holds).toEqual([{ until: noTime.state.now + 60_000, seconds: 60 }]);
    await noTime.advance(59_000);
    expect(noTime.state.sent).toHaveLength(1);
    await noTime.advance(1_000);
    expect(noTime.state.sent).toHaveLength(2);

    const zero = harness({ answers: [limited(0)] });
    zero.state.queue = [tick("a")];
    await zero.sync.sync();
    await zero.sync.sync();
    expect(zero.state.sent).toHaveLength(1);
    expect(zero.state.holds).toEqual([{ until: zero.state.now + 1_000, seconds: 1 }]);
  });

  it("a 429 again after the wait holds again, still losing nothing", async () => {
    const { state, sync, advance } = harness({ answers: [limited(10), limited(20)] });
    state.queue = [tick("a")];
    await sync.sync();
    await advance(10_000);
    expect(state.sent).toHaveLength(2);
    expect(state.queue).toEqual([tick("a")]);
    expect(state.holds.filter(Boolean).map((h) => h?.seconds)).toEqual([10, 20]);
    await advance(20_000);
    expect(state.sent).toHaveLength(3);
    expect(state.queue).toEqual([]);
  });

  it("a hold stored by an earlier page is kept: a reload does not resend early", async () => {
    const now = 1_000_000;
    const { state, sync, advance } = harness({ storedHold: now + 15_000 });
    state.queue = [tick("a")];
    expect(state.holds).toEqual([{ until: now + 15_000, seconds: 15 }]);
    await sync.sync();
    expect(state.sent).toHaveLength(0);
    await advance(15_000);
    expect(state.sent).toEqual([[tick("a")]]);
  });

  it("a stored hold that has run out is cleared and sending starts at once", async () => {
    const { state, sync } = harness({ storedHold: 999_000 });
    expect(state.storedHold).toBeNull();
    state.queue = [tick("a")];
    await sync.sync();
    expect(state.sent).toHaveLength(1);
  });

  it("after the wait, an offline page keeps the queue for the next 'online'", async () => {
    const { state, sync, advance } = harness({ answers: [limited(5)] });
    state.queue = [tick("a")];
    await sync.sync();
    state.ready = false;
    await advance(5_000);
    expect(state.sent).toHaveLength(1);
    expect(state.queue).toEqual([tick("a")]);
    state.ready = true;
    await sync.sync();
    expect(state.sent).toHaveLength(2);
    expect(state.queue).toEqual([]);
  });

  it("a change made while a batch is in flight stays queued and goes next", async () => {
    const { state, sync } = harness();
    state.queue = [tick("a")];
    state.duringSend = () => state.queue.push(tick("b"));
    await sync.sync();
    expect(state.sent).toEqual([[tick("a")], [tick("b")]]);
    expect(state.queue).toEqual([]);
  });

  it("sends at most 200 changes a request", async () => {
    const { state, sync } = harness();
    state.queue = Array.from({ length: 450 }, (_, i) => tick(`i${i}`));
    await sync.sync();
    expect(state.sent.map((b) => b.length)).toEqual([200, 200, 50]);
    expect(state.queue).toEqual([]);
  });

  it("a refusal for good (403) drops that batch and reports it, but not a change made meanwhile", async () => {
    const forbidden = new ApiError(403, "403: forbidden", { status: 403, code: "forbidden" });
    const { state, sync } = harness({ answers: [forbidden] });
    state.queue = [tick("a")];
    state.duringSend = () => state.queue.push(tick("b"));
    await sync.sync();
    expect(state.refused).toEqual([forbidden]);
    expect(state.queue).toEqual([tick("b")]);
    expect(state.holds).toEqual([]);
  });

  it("a 5xx or a dropped connection keeps the queue without a hold; the next change sends it", async () => {
    const { state, sync } = harness({ answers: [new ApiError(502, "502: Bad Gateway", null), new TypeError("Failed to fetch")] });
    state.queue = [tick("a")];
    await sync.sync();
    await sync.sync();
    expect(state.queue).toEqual([tick("a")]);
    expect(state.holds).toEqual([]);
    await sync.sync();
    expect(state.sent).toHaveLength(3);
    expect(state.queue).toEqual([]);
  });

  it("after a dropped connection or a 5xx it tries again by itself, 2 s, then 4 s later, and stops once sent", async () => {
    const { state, sync, advance } = harness({ answers: [new TypeError("Failed to fetch"), new ApiError(502, "502: Bad Gateway", null)] });
    state.queue = [tick("a")];
    await sync.sync();
    await advance(1_999);
    expect(state.sent).toHaveLength(1);
    await advance(1);
    expect(state.sent).toHaveLength(2);
    await advance(3_999);
    expect(state.sent).toHaveLength(2);
    await advance(1);
    expect(state.sent).toHaveLength(3);
    expect(state.queue).toEqual([]);
    expect(state.holds).toEqual([]);
    await advance(120_000);
    expect(state.sent).toHaveLength(3);
  });

  it("a quiet retry while offline sends nothing and sets no further timer; a page that went away stops it", async () => {
    const { state, sync, advance } = harness({ answers: [new TypeError("Failed to fetch")] });
    state.queue = [tick("a")];
    await sync.sync();
    state.ready = false;
    await advance(2_000);
    expect(state.sent).toHaveLength(1);
    expect(state.timers.filter((t) => !t.cancelled)).toEqual([]);
    state.ready = true;
    state.answers = [new TypeError("Failed to fetch")];
    await sync.sync();
    sync.dispose();
    await advance(60_000);
    expect(state.sent).toHaveLength(2);
  });

  it("a 503 with Retry-After holds like a 429", async () => {
    const { state, sync } = harness({ answers: [new ApiError(503, "503: busy", null, 8)] });
    state.queue = [tick("a")];
    await sync.sync();
    await sync.sync();
    expect(state.sent).toHaveLength(1);
    expect(state.holds).toEqual([{ until: state.now + 8_000, seconds: 8 }]);
  });

  it("a page that went away stops its timer", async () => {
    const { state, sync, advance } = harness({ answers: [limited(5)] });
    state.queue = [tick("a")];
    await sync.sync();
    sync.dispose();
    await advance(5_000);
    expect(state.sent).toHaveLength(1);
    // The stored hold stays for the next page, which sends once it has run out.
    expect(state.storedHold).not.toBeNull();
  });
});
