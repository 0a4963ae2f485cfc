/**
 * The list page's live channel (decision 0037), apart from React so its rules can be tested alone:
 * - connects to GET /api/shopping-lists/{id}/live; every (re)connection starts with the server's
 *   `hello` (the whole list), so a page that slept (a closed lid, a phone in a pocket) catches up;
 * - reconnects after a drop with backoff (1 s, 2 s, 4 s ... 30 s, with jitter), at once when the
 *   browser says it is online again or the page becomes visible (with a new socket after a long time hidden); when the
 *   browser says it is offline
 *   it lets the socket go and waits for that (the HTTP queue keeps the changes meanwhile);
 * - sends "ping" every 25 s and treats 10 s without any answer as a dead connection (a socket that
 *   slept through a network change can look open for minutes);
 * - a patch whose version does not follow the one the page has asks for the list again (`sync`);
 * - sends changes only while open, and says which operation ids the server confirmed;
 * - "revoked" ends it for good (no reconnect); without WebSocket in the browser it never starts, and
 *   the page keeps its HTTP queue and reloads.
 */
import type { LiveServerMessage, ListPatch, PresencePerson, RevokeReason } from "../../../core/api/live.ts";
import type { ShoppingList } from "../../../core/api/lists.ts";
import type { ListChange } from "../../../core/api/shopping.ts";

/** The part of a WebSocket the connection uses (the browser's, or a test's). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: { code: number }) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export type LiveState = "connecting" | "open" | "closed" | "revoked" | "unavailable";

export interface LiveDeps {
  /** The ws(s):// address of the list's live channel (with the page's unit choice). */
  url(): string;
  /** Null when the browser has no WebSocket. */
  createSocket(url: string): SocketLike | null;
  setTimer(run: () => void, ms: number): () => void;
  random(): number;
  /** A signed-out creator's edit token for this list, or null. */
  editToken(): string | null;
}

export interface LiveEvents {
  hello(list: ShoppingList, editable: boolean, present: PresencePerson[]): void;
  /**
   * A patch. `follows`: its version is the next one after the page's, so its items apply; otherwise
   * (sent before the page's hello, or an answer that changed nothing) only `done` counts.
   */
  patch(patch: ListPatch, follows: boolean): void;
  presence(present: PresencePerson[]): void;
  revoked(reason: RevokeReason, message: string): void;
  error(code: string, message: string, retryAfterSeconds: number | null): void;
  state(state: LiveState): void;
}

export interface LiveConnection {
  start(): void;
  stop(): void;
  /** Sends changes when open; false when they must wait (the HTTP queue sends them meanwhile). */
  send(ops: ListChange[]): boolean;
  /**
   * Connect again now (back online, the page visible again): a dead socket is noticed at once. `fresh` (the page was
   * hidden longer than a ping interval: a phone in a pocket, a closed lid) replaces even a socket that looks open,
   * since the network may have dropped it without a word; the new one's hello brings every change missed.
   */
  wake(fresh?: boolean): void;
  /** The browser says it is offline: let the socket go and wait for `wake` (no retries meanwhile). */
  offline(): void;
  readonly state: LiveState;
}

export const PING_EVERY_MS = 25_000;
export const PONG_WITHIN_MS = 10_000;
const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;
const OPEN = 1;

export function createLiveConnection(deps: LiveDeps, events: LiveEvents): LiveConnection {
  let socket: SocketLike | null = null;
  let state: LiveState = "closed";
  let stopped = true;
  let retryMs = 0;
  let version = -1;
  let cancelRetry: (() => void) | null = null;
  let cancelPing: (() => void) | null = null;
  let cancelDeadline: (() => void) | null = null;

  const setState = (next: LiveState) => {
    if (state === next) return;
    state = next;
    events.state(next);
  };

  function clearTimers() {
    cancelPing?.();
    cancelDeadline?.();
    cancelPing = cancelDeadline = null;
  }

  /** Any message proves the connection alive: the next ping is due in PING_EVERY_MS. */
  function alive() {
    clearTimers();
    cancelPing = deps.setTimer(() => {
      cancelPing = null;
      if (!socket || socket.readyState !== OPEN) return;
      try {
        socket.send("ping");
      } catch {
        drop();
        return;
      }
      cancelDeadline = deps.setTimer(() => {
        cancelDeadline = null;
        drop();
      }, PONG_WITHIN_MS);
    }, PING_EVERY_MS);
  }

  /** Forget the socket and try again after the backoff. */
  function drop() {
    const s = socket;
    socket = null;
    clearTimers();
    if (s) {
      s.onopen = s.onmessage = s.onclose = s.onerror = null;
      try {
        s.close(1000, "reconnecting");
      } catch {
        // already closed
      }
    }
    if (stopped || state === "revoked") return;
    setState("closed");
    scheduleRetry();
  }

  function scheduleRetry() {
    cancelRetry?.();
    retryMs = retryMs ? Math.min(retryMs * 2, RETRY_MAX_MS) : RETRY_FIRST_MS;
    const wait = Math.round(retryMs * (0.8 + 0.4 * deps.random()));
    cancelRetry = deps.setTimer(() => {
      cancelRetry = null;
      connect();
    }, wait);
  }

  function handle(raw: unknown) {
    alive();
    if (raw === "pong") return;
    let m: LiveServerMessage;
    try {
      m = JSON.parse(String(raw)) as LiveServerMessage;
    } catch {
      return;
    }
    switch (m.t) {
      case "hello":
        retryMs = 0;
        version = m.list.version ?? 0;
        setState("open");
        events.hello(m.list, m.editable, m.present);
        break;
      case "patch": {
        const follows = m.version === version + 1;
        if (follows) version = m.version;
        else if (m.version > version + 1) {
          // A batch this page missed: ask for the whole list again (its hello follows).
          socket?.send(JSON.stringify({ t: "sync" }));
        }
        events.patch(m, follows);
        break;
      }
      case "presence":
        events.presence(m.present);
        break;
      case "revoked":
        setState("revoked");
        events.revoked(m.reason, m.message);
        stop();
        break;
      case "error":
        events.error(m.code, m.message, m.retryAfterSeconds ?? null);
        break;
    }
  }

  function connect() {
    if (stopped || socket || state === "revoked") return;
    const s = deps.createSocket(deps.url());
    if (!s) {
      setState("unavailable");
      return;
    }
    socket = s;
    setState("connecting");
    s.onopen = () => {
      alive();
      const token = deps.editToken();
      if (token) s.send(JSON.stringify({ t: "auth", editToken: token }));
    };
    s.onmessage = (ev) => handle(ev.data);
    s.onclose = () => {
      if (socket === s) drop();
    };
    s.onerror = () => {
      if (socket === s) drop();
    };
  }

  function stop() {
    stopped = true;
    cancelRetry?.();
    cancelRetry = null;
    const s = socket;
    socket = null;
    clearTimers();
    if (s) {
      s.onopen = s.onmessage = s.onclose = s.onerror = null;
      try {
        s.close(1000, "page closed");
      } catch {
        // already closed
      }
    }
    if (state !== "revoked" && state !== "unavailable") setState("closed");
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      connect();
    },
    stop,
    send(ops) {
      if (!socket || state !== "open" || socket.readyState !== OPEN || ops.length === 0) return false;
      try {
        socket.send(JSON.stringify({ t: "ops", ops }));
        return true;
      } catch {
        drop();
        return false;
      }
    },
    wake(fresh = false) {
      if (stopped || state === "revoked") return;
      // Someone is looking (or the network is back): should this attempt fail, the next one comes after the first step.
      retryMs = 0;
      if (socket && fresh) {
        const s = socket;
        socket = null;
        clearTimers();
        s.onopen = s.onmessage = s.onclose = s.onerror = null;
        try {
          s.close(1000, "reconnecting");
        } catch {
          // already closed
        }
      }
      if (!socket) {
        cancelRetry?.();
        cancelRetry = null;
        retryMs = 0;
        connect();
        return;
      }
      // Maybe dead after a sleep: ping now and expect an answer soon.
      if (socket.readyState === OPEN) {
        clearTimers();
        try {
          socket.send("ping");
        } catch {
          drop();
          return;
        }
        cancelDeadline = deps.setTimer(() => {
          cancelDeadline = null;
          drop();
        }, PONG_WITHIN_MS);
      }
    },
    offline() {
      if (stopped || state === "revoked") return;
      cancelRetry?.();
      cancelRetry = null;
      const s = socket;
      socket = null;
      clearTimers();
      if (s) {
        s.onopen = s.onmessage = s.onclose = s.onerror = null;
        try {
          s.close(1000, "offline");
        } catch {
          // already closed
        }
      }
      setState("closed");
    },
    get state() {
      return state;
    },
  };
}
