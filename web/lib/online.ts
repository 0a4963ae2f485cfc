/**
 * Whether the app is online, as it has seen it (decision 0029), not only as the browser claims: weak
 * signal, a captive portal or a browser build can leave `navigator.onLine` true while every request
 * fails. The app is offline when
 * - the browser says so (`navigator.onLine` false; once it says online again, a request must succeed),
 * - the page or its data was answered from the service worker's saved copy (the worker marks it with a
 *   Server-Timing entry, read from the page's performance entries), or
 * - the last request that tells (a list sync, a probe) failed at the network level;
 * and online again after the next request that reaches the server. While offline and the browser says
 * online, a cheap probe asks the server now and then (2 s, 4 s ... up to a minute apart).
 *
 * The list page and the shared page show their offline line with `useOnline` (decision 0029, 0029);
 * its own small module: the shared page needs it without the list page's sync code. The rules are in
 * `createConnectivity`, apart from the browser, so they can be tested on their own.
 */
import { useSyncExternalStore } from "react";
import { SAVED_COPY_TIMING } from "../../core/api/saved-copy.ts";

export interface ConnectivityDeps {
  /** What the browser claims (`navigator.onLine`). */
  browserOnline(): boolean;
  /** Asks the server something cheap: true when it answered (any status), false when the network failed. */
  probe(): Promise<boolean>;
  /** Runs `run` after `ms`; returns what cancels it. */
  setTimer(run: () => void, ms: number): () => void;
}

export interface Connectivity {
  /** Online as far as the app has seen. */
  online(): boolean;
  subscribe(listener: () => void): () => void;
  /** A request reached the server (true) or failed at the network level (false). */
  seen(reached: boolean): void;
  /** The browser's 'online' or 'offline' event. */
  browserChanged(): void;
  /** The page came back into view: ask again now if offline. */
  wake(): void;
  dispose(): void;
}

const PROBE_FIRST_MS = 2_000;
const PROBE_MAX_MS = 60_000;

export function createConnectivity(deps: ConnectivityDeps): Connectivity {
  // A request failed at the network level (or the browser said offline) and none has reached the server since.
  let failed = false;
  let probeMs = 0;
  let cancelProbe: (() => void) | null = null;
  let probing = false;
  let disposed = false;
  const listeners = new Set<() => void>();
  let last = deps.browserOnline();

  const online = () => deps.browserOnline() && !failed;
  function notify() {
    const now = online();
    if (now === last) return;
    last = now;
    for (const l of [...listeners]) l();
  }

  function stopProbing() {
    cancelProbe?.();
    cancelProbe = null;
  }

  function probeNow() {
    stopProbing();
    if (disposed || probing || !failed || !deps.browserOnline()) return;
    probing = true;
    deps.probe().then(
      (reached) => {
        probing = false;
        seen(reached);
      },
      () => {
        probing = false;
        seen(false);
      },
    );
  }

  function probeLater() {
    stopProbing();
    if (disposed || !failed || !deps.browserOnline()) return;
    probeMs = probeMs ? Math.min(probeMs * 2, PROBE_MAX_MS) : PROBE_FIRST_MS;
    cancelProbe = deps.setTimer(() => {
      cancelProbe = null;
      probeNow();
    }, probeMs);
  }

  function seen(reached: boolean) {
    if (disposed) return;
    if (reached) {
      failed = false;
      probeMs = 0;
      stopProbing();
    } else {
      failed = true;
      if (!probing) probeLater();
    }
    notify();
  }

  return {
    online,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    seen,
    browserChanged() {
      if (!deps.browserOnline()) {
        // Back online later, the app waits for a request to go through: the network often lags the event.
        failed = true;
        stopProbing();
      } else {
        probeMs = 0;
        probeNow();
      }
      notify();
    },
    wake() {
      probeMs = 0;
      probeNow();
    },
    dispose() {
      disposed = true;
      stopProbing();
      listeners.clear();
    },
  };
}

/** What a page's performance entry says about the network: answered by it, by the saved copy, or nothing. */
export function entryOutcome(
  entry: { name: string; entryType: string; serverTiming?: readonly { name: string }[]; responseStatus?: number },
  origin: string,
): "network" | "saved" | null {
  let url: URL;
  try {
    url = new URL(entry.name);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  // Only pages and their data go through the worker's network-first rule; scripts come from its cache.
  if (entry.entryType !== "navigation" && !url.pathname.endsWith(".data")) return null;
  if (entry.serverTiming?.some((t) => t.name === SAVED_COPY_TIMING)) return "saved";
  return (entry.responseStatus ?? 0) > 0 ? "network" : null;
}

let store: Connectivity | null = null;

/** The page's one connectivity store, bound to the browser on first use. */
export function connectivity(): Connectivity {
  if (store) return store;
  const s = createConnectivity({
    browserOnline: () => navigator.onLine,
    // A static file the service worker leaves alone, never from the HTTP cache: any answer means the server is there.
    probe: () =>
      fetch("/manifest.webmanifest", { method: "HEAD", cache: "no-store" }).then(
        () => true,
        () => false,
      ),
    setTimer: (run, ms) => {
      const t = window.setTimeout(run, ms);
      return () => window.clearTimeout(t);
    },
  });
  store = s;
  const changed = () => s.browserChanged();
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") s.wake();
  });
  if (typeof PerformanceObserver !== "undefined") {
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const outcome = entryOutcome(entry as PerformanceResourceTiming, location.origin);
        if (outcome) s.seen(outcome === "network");
      }
    });
    for (const type of ["navigation", "resource"]) {
      try {
        observer.observe({ type, buffered: true });
      } catch {
        // An entry type this browser does not report.
      }
    }
  }
  return s;
}

/** Reports a request's outcome: `reached` when the server answered (any status), false when the network failed. */
export function networkSeen(reached: boolean): void {
  if (typeof window !== "undefined") connectivity().seen(reached);
}

const subscribe = (cb: () => void) => connectivity().subscribe(cb);

/** Whether the app is online as far as it has seen (true while rendering on the server). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => connectivity().online(),
    () => true,
  );
}
