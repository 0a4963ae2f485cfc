/**
 * The list page's live channel as a React hook (decision 0037): opens the connection
 * (./live-connection.ts) once the page has hydrated, hands the server's list and patches to the page,
 * sends the waiting changes while open, and wakes the connection when the browser is back online or
 * the page is shown again (a laptop opened, a phone taken out of a pocket).
 */
import { useEffect, useRef, useState } from "react";
import type { ListPatch, PresencePerson, RevokeReason } from "../../../core/api/live.ts";
import type { ShoppingList } from "../../../core/api/lists.ts";
import { LIST_CHANGES_MAX } from "../../../core/api/constants.ts";
import type { ListChange } from "../../../core/api/shopping.ts";
import { createLiveConnection, type LiveConnection, type LiveState, PING_EVERY_MS, type SocketLike } from "./live-connection.ts";

export interface LiveHandlers {
  hello(list: ShoppingList, editable: boolean): void;
  patch(patch: ListPatch, follows: boolean): void;
  /** The server refused a batch sent on the socket for a reason a resend cannot fix (not a pause). */
  refused(code: string, message: string): void;
  /** The server asked the page to wait before sending again. */
  pause(seconds: number): void;
}

export interface Live {
  state: LiveState;
  present: PresencePerson[];
  /** Why this page stopped updating, once access ended (left or removed from the household, the list deleted or no longer shared). */
  revoked: { reason: RevokeReason; message: string } | null;
  /** Sends the waiting changes not already on their way on this connection; false when not open. */
  flush(queue: readonly ListChange[]): boolean;
}

export function useLiveList(listId: string, units: string, enabled: boolean, editToken: () => string | null, handlers: LiveHandlers): Live {
  const [state, setState] = useState<LiveState>("closed");
  const [present, setPresent] = useState<PresencePerson[]>([]);
  const [revoked, setRevoked] = useState<Live["revoked"]>(null);
  const conn = useRef<LiveConnection | null>(null);
  /** Operation ids sent on the current connection and not yet confirmed. */
  const inFlight = useRef(new Set<string>());
  const latest = useRef({ handlers, editToken });
  latest.current = { handlers, editToken };

  useEffect(() => {
    if (!enabled) return;
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const c = createLiveConnection(
      {
        url: () => `${scheme}://${location.host}/api/shopping-lists/${encodeURIComponent(listId)}/live?units=${encodeURIComponent(units)}`,
        // The browser socket's handler types are narrower than SocketLike's; it is one at run time.
        createSocket: (url) => (typeof WebSocket === "undefined" ? null : (new WebSocket(url) as unknown as SocketLike)),
        setTimer: (run, ms) => {
          const t = window.setTimeout(run, ms);
          return () => window.clearTimeout(t);
        },
        random: Math.random,
        editToken: () => latest.current.editToken(),
      },
      {
        hello: (list, editable, here) => {
          inFlight.current.clear();
          setPresent(here);
          latest.current.handlers.hello(list, editable);
        },
        patch: (p, follows) => {
          for (const id of p.done) inFlight.current.delete(id);
          latest.current.handlers.patch(p, follows);
        },
        presence: setPresent,
        revoked: (reason, message) => setRevoked({ reason, message }),
        error: (code, message, retryAfter) => {
          // Whatever was on its way on this connection is sent again (the same ids: applied once).
          inFlight.current.clear();
          if (code === "rate_limited") latest.current.handlers.pause(retryAfter ?? 60);
          else if (code !== "internal") latest.current.handlers.refused(code, message);
        },
        state: (s) => {
          if (s !== "open") inFlight.current.clear();
          setState(s);
        },
      },
    );
    conn.current = c;
    c.start();
    const wake = () => c.wake();
    // Hidden longer than a ping interval, the socket may have died unseen: a new one on return.
    let hiddenAt: number | null = document.visibilityState === "hidden" ? Date.now() : null;
    const onVisible = () => {
      if (document.visibilityState === "hidden") {
        hiddenAt ??= Date.now();
        return;
      }
      const long = hiddenAt !== null && Date.now() - hiddenAt >= PING_EVERY_MS;
      hiddenAt = null;
      c.wake(long);
    };
    const offline = () => c.offline();
    window.addEventListener("online", wake);
    window.addEventListener("offline", offline);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      window.removeEventListener("online", wake);
      window.removeEventListener("offline", offline);
      document.removeEventListener("visibilitychange", onVisible);
      c.stop();
      if (conn.current === c) conn.current = null;
      setPresent([]);
    };
  }, [enabled, listId, units]);

  return {
    state,
    present,
    revoked,
    flush(queue) {
      const c = conn.current;
      if (!c || c.state !== "open") return false;
      const unsent = queue.filter((op) => !op.opId || !inFlight.current.has(op.opId)).slice(0, LIST_CHANGES_MAX);
      if (!unsent.length) return true;
      if (!c.send(unsent)) return false;
      for (const op of unsent) if (op.opId) inFlight.current.add(op.opId);
      return true;
    },
  };
}
