import { describe, expect, it } from "vitest";
import type { LiveServerMessage } from "../../../core/api/live.ts";
import type { ShoppingList } from "../../../core/api/lists.ts";
import { createLiveConnection, type LiveState, PING_EVERY_MS, PONG_WITHIN_MS, type SocketLike } from "./live-connection.ts";

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(m: LiveServerMessage | "pong") {
    this.onmessage?.({ data: m === "pong" ? m : JSON.stringify(m) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
}

const LIST = (version: number): ShoppingList => ({ id: "L", name: "List", createdAt: "", recipes: [], ingredients: {}, version });

function setup(opts: { noSocket?: boolean; editToken?: string } = {}) {
  const sockets: FakeSocket[] = [];
  const timers: { at: number; run: () => void; live: boolean }[] = [];
  let now = 0;
  const log: string[] = [];
  const states: LiveState[] = [];
  const conn = createLiveConnection(
    {
      url: () => "ws://x/api/shopping-lists/L/live",
      createSocket: (url) => {
        if (opts.noSocket) return null;
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      setTimer: (run, ms) => {
        const t = { at: now + ms, run, live: true };
        timers.push(t);
        return () => {
          t.live = false;
        };
      },
      random: () => 0.5,
      editToken: () => opts.editToken ?? null,
    },
    {
      hello: (list, editable, present) => log.push(`hello v${list.version} ${editable} ${present.length}`),
      patch: (p, follows) => log.push(`patch v${p.version} ${follows} done=${p.done.join(",")}`),
      presence: (p) => log.push(`presence ${p.map((x) => x.name).join(",")}`),
      revoked: (reason) => log.push(`revoked ${reason}`),
      error: (code) => log.push(`error ${code}`),
      state: (s) => states.push(s),
    },
  );
  /** Moves the clock, running timers that fall due. */
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((t) => t.live && t.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      now = due.at;
      due.live = false;
      due.run();
    }
    now = until;
  };
  const last = () => sockets[sockets.length - 1] as FakeSocket;
  return { conn, sockets, last, advance, log, states };
}

const patch = (version: number, done: string[] = []): LiveServerMessage => ({
  t: "patch",
  version,
  items: [],
  removed: [],
  aliases: [],
  done,
  missing: [],
});

describe("the live connection", () => {
  it("starts with the server's list, sends changes only while open, and says which patches follow", () => {
    const { conn, last, log, states } = setup({ editToken: "tok" });
    conn.start();
    expect(conn.send([{ op: "remove", itemId: "aaaaaaaaaaaaaaaa" }])).toBe(false);
    last().open();
    // A signed-out creator proves the edit token first.
    expect(last().sent).toEqual([JSON.stringify({ t: "auth", editToken: "tok" })]);
    last().receive({ t: "hello", list: LIST(4), editable: true, present: [{ name: "Mina" }] });
    expect(conn.state).toBe("open");
    expect(conn.send([{ op: "remove", itemId: "aaaaaaaaaaaaaaaa", opId: "o1o1o1o1o1o1o1o1" }])).toBe(true);
    last().receive(patch(5, ["o1o1o1o1o1o1o1o1"]));
    // An answer that changed nothing carries the same version: only its done counts.
    last().receive(patch(5, ["o2o2o2o2o2o2o2o2"]));
    expect(log).toEqual(["hello v4 true 1", "patch v5 true done=o1o1o1o1o1o1o1o1", "patch v5 false done=o2o2o2o2o2o2o2o2"]);
    expect(states).toEqual(["connecting", "open"]);
  });

  it("asks for the list again when a patch skips a version", () => {
    const { conn, last, log } = setup();
    conn.start();
    last().open();
    last().receive({ t: "hello", list: LIST(1), editable: true, present: [] });
    last().receive(patch(3));
    expect(last().sent).toContain(JSON.stringify({ t: "sync" }));
    expect(log[1]).toBe("patch v3 false done=");
    last().receive({ t: "hello", list: LIST(3), editable: true, present: [] });
    last().receive(patch(4));
    expect(log[3]).toBe("patch v4 true done=");
  });

  it("reconnects after a drop with growing waits, and at once when woken; each reconnection starts with hello", () => {
    const { conn, sockets, last, advance, states } = setup();
    conn.start();
    last().open();
    last().receive({ t: "hello", list: LIST(1), editable: true, present: [] });
    last().drop();
    expect(states.at(-1)).toBe("closed");
    advance(999);
    expect(sockets).toHaveLength(1);
    advance(1);
    expect(sockets).toHaveLength(2);
    last().drop();
    advance(1999);
    expect(sockets).toHaveLength(2);
    advance(1);
    expect(sockets).toHaveLength(3);
    last().drop();
    // Back online (or the page visible again): no waiting for the backoff.
    conn.wake();
    expect(sockets).toHaveLength(4);
    last().open();
    last().receive({ t: "hello", list: LIST(9), editable: true, present: [] });
    expect(conn.state).toBe("open");
  });

  it("notices a dead connection (no answer to a ping) and replaces it", () => {
    const { conn, sockets, last, advance } = setup();
    conn.start();
    last().open();
    last().receive({ t: "hello", list: LIST(1), editable: true, present: [] });
    advance(PING_EVERY_MS);
    expect(last().sent.at(-1)).toBe("ping");
    last().receive("pong");
    advance(PING_EVERY_MS);
    expect(last().sent.filter((m) => m === "ping")).toHaveLength(2);
    // No answer this time (the laptop slept, the network changed).
    advance(PONG_WITHIN_MS);
    expect(sockets[0]?.closed).toBe(true);
    advance(1_000);
    expect(sockets).toHaveLength(2);
    // Woken while it looks open: a ping at once, and a new socket if nothing answers.
    last().open();
    last().receive({ t: "hello", list: LIST(2), editable: true, present: [] });
    conn.wake();
    expect(last().sent.at(-1)).toBe("ping");
    advance(PONG_WITHIN_MS);
    advance(1_000);
    expect(sockets).toHaveLength(3);
  });

  it("shown again after a long time hidden, replaces even a socket that looks open, and catches up from its hello", () => {
    const { conn, sockets, last, log } = setup();
    conn.start();
    last().open();
    last().receive({ t: "hello", list: LIST(1), editable: true, present: [] });
    conn.wake(true);
    expect(sockets[0]?.closed).toBe(true);
    expect(sockets).toHaveLength(2);
    expect(conn.state).toBe("connecting");
    // The old socket's late events change nothing.
    sockets[0]?.drop();
    expect(sockets).toHaveLength(2);
    last().open();
    last().receive({ t: "hello", list: LIST(5), editable: true, present: [] });
    expect(conn.state).toBe("open");
    expect(log.at(-1)).toBe("hello v5 true 0");
  });

  it("lets the socket go while the browser says offline, and comes back at once when woken", () => {
    const { conn, sockets, last, advance } = setup();
    conn.start();
    last().open();
    last().receive({ t: "hello", list: LIST(1), editable: true, present: [] });
    conn.offline();
    expect(sockets[0]?.closed).toBe(true);
    expect(conn.state).toBe("closed");
    expect(conn.send([{ op: "remove", itemId: "aaaaaaaaaaaaaaaa" }])).toBe(false);
    advance(120_000);
    expect(sockets).toHaveLength(1);
    conn.wake();
    expect(sockets).toHaveLength(2);
  });

  it("stops for good when access ends, and never starts without WebSocket", () => {
    const { conn, sockets, last, advance, log } = setup();
    conn.start();
    last().open();
    last().receive({ t: "revoked", reason: "access", message: "gone" });
    expect(conn.state).toBe("revoked");
    advance(120_000);
    conn.wake();
    expect(sockets).toHaveLength(1);
    expect(log).toEqual(["revoked access"]);

    const none = setup({ noSocket: true });
    none.conn.start();
    expect(none.conn.state).toBe("unavailable");
    expect(none.conn.send([{ op: "remove", itemId: "aaaaaaaaaaaaaaaa" }])).toBe(false);
  });
});
