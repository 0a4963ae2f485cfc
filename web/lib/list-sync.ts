/**
 * Sends a list page's queued changes to the server (decisions 0029, 0029, 0025), apart from React so
 * its rules can be tested on their own:
 * - one request at a time, 200 changes at most (the rest follow once it went through);
 * - sent changes leave the queue only when the server took them; a change made meanwhile stays;
 * - a 4xx refusal (other than 408 and 429) can never go through: that batch is dropped and reported;
 * - a 429 (or any answer with Retry-After) holds the whole queue for at least Retry-After (60 s when
 *   the answer names no time) and then sends it; nothing is lost and nothing is sent before then,
 *   whatever the page does meanwhile (new changes, `online`, a reload: the hold is stored);
 * - offline, a dropped connection or a 5xx keep the queue for the next change or `online` event.
 */
import { ApiError } from "../../core/api/errors.ts";
import { LIST_CHANGES_MAX } from "../../core/api/constants.ts";
import type { ShoppingList } from "../../core/api/lists.ts";
import type { ListChange } from "../../core/api/shopping.ts";

/** The wait after a 429 that named no time: the changes limiter's window (decision 0025). */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** A hold on sending: until when (ms since the epoch) and how long it was asked for. */
export interface Hold {
  until: number;
  seconds: number;
}

export interface ListSyncDeps {
  load(): ListChange[];
  save(queue: ListChange[]): void;
  send(batch: ListChange[]): Promise<ShoppingList>;
  /** Whether sending makes sense now: online, and this browser may change the list. */
  ready(): boolean;
  now(): number;
  /** Runs `run` after `ms`; returns what cancels it. */
  setTimer(run: () => void, ms: number): () => void;
  /** A hold kept across page loads (the server's limit is per client, not per page), or null. */
  loadHold(): number | null;
  saveHold(until: number | null): void;
  /** A batch went through: the server's list, and what still waits. */
  onSent(list: ShoppingList, rest: ListChange[]): void;
  /** The server refused a batch for good: it left the queue. */
  onRefused(err: ApiError, rest: ListChange[]): void;
  /** Sending is held (after a 429), or no longer (null). */
  onHold(hold: Hold | null): void;
}

export interface ListSync {
  /** Sends what is queued, unless not ready, already sending or held. */
  sync(): Promise<void>;
  dispose(): void;
}

const RETRY_FIRST_MS = 2_000;
const RETRY_MAX_MS = 60_000;

const key = (c: ListChange) => JSON.stringify(c);

/** Seconds to hold the queue after this failure, or null when it asks for no wait. */
export function holdSeconds(err: unknown): number | null {
  if (!(err instanceof ApiError)) return null;
  if (err.status === 429) return Math.max(1, err.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS);
  if (err.retryAfterSeconds !== null && err.status >= 500) return Math.max(1, err.retryAfterSeconds);
  return null;
}

/** A refusal these changes can never get past (no longer allowed, invalid, the list is full). */
function refusedForGood(err: unknown): err is ApiError {
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 408 && err.status !== 429;
}

export function createListSync(deps: ListSyncDeps): ListSync {
  let sending = false;
  let held: number | null = null;
  let cancelTimer: (() => void) | null = null;
  let disposed = false;
  // A failure with no wait named (offline, a dropped connection, a 5xx): tried again quietly after
  // 2 s, 4 s, 8 s ... up to a minute, since the network often lags the browser's 'online' event.
  let retryMs = 0;
  let cancelRetry: (() => void) | null = null;

  function retrySoon() {
    cancelRetry?.();
    retryMs = retryMs ? Math.min(retryMs * 2, RETRY_MAX_MS) : RETRY_FIRST_MS;
    cancelRetry = deps.setTimer(() => {
      cancelRetry = null;
      void sync();
    }, retryMs);
  }

  function hold(until: number) {
    held = until;
    const seconds = Math.max(1, Math.ceil((until - deps.now()) / 1000));
    deps.onHold({ until, seconds });
    cancelTimer = deps.setTimer(
      () => {
        held = null;
        cancelTimer = null;
        deps.saveHold(null);
        deps.onHold(null);
        void sync();
      },
      Math.max(0, until - deps.now()),
    );
  }

  async function sync(): Promise<void> {
    if (disposed || sending || held !== null) return;
    const queued = deps.load();
    if (!queued.length || !deps.ready()) return;
    sending = true;
    const batch = queued.slice(0, LIST_CHANGES_MAX);
    const sent = new Set(batch.map(key));
    const unsent = () => deps.load().filter((c) => !sent.has(key(c)));
    let more = false;
    try {
      const list = await deps.send(batch);
      retryMs = 0;
      const rest = unsent();
      deps.save(rest);
      deps.onSent(list, rest);
      more = rest.length > 0;
    } catch (err) {
      const wait = holdSeconds(err);
      if (wait !== null) {
        const until = deps.now() + wait * 1000;
        deps.saveHold(until);
        if (!disposed) hold(until);
      } else if (refusedForGood(err)) {
        const rest = unsent();
        deps.save(rest);
        deps.onRefused(err, rest);
      } else if (!disposed) {
        // Anything else (offline, a dropped connection, 5xx): the queue stays for the next change, the
        // next 'online', or the quiet retry.
        retrySoon();
      }
    } finally {
      sending = false;
    }
    if (more) await sync();
  }

  // A hold from an earlier page (or another list page) still running.
  const stored = deps.loadHold();
  if (stored !== null && stored > deps.now()) hold(stored);
  else if (stored !== null) deps.saveHold(null);

  return {
    sync,
    dispose() {
      disposed = true;
      cancelTimer?.();
      cancelTimer = null;
      cancelRetry?.();
      cancelRetry = null;
    },
  };
}
