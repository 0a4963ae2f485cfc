/**
 * The list page's shopping state: the server's list, the changes not yet confirmed by the
 * server (an editor's queue, kept in local storage and sent when online) and a read-only viewer's
 * own ticks. docs/decisions/0029-list-page.md.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { ShoppingList } from "../../../core/api/lists.ts";
import type { ListChange } from "../../../core/api/shopping.ts";
import { mergeTick, type Tick } from "../../../core/shopping/ticks.ts";
import { api, ApiError, errorText } from "../../lib/api.ts";
import { keepForOffline } from "../../lib/offline.ts";
import { networkSeen, useOnline } from "../../lib/online.ts";
import { listEditToken } from "../../lib/recipes-store.ts";
import { createListSync, type Hold, type ListSync } from "../../lib/list-sync.ts";
import {
  applyPatch,
  applyPending,
  compactQueue,
  followAliases,
  loadLocalTicks,
  loadQueue,
  loadSyncHold,
  saveLocalTicks,
  saveQueue,
  newItemId,
  saveSyncHold,
  tickOf,
} from "../../lib/shopping-state.ts";
import { toast } from "../../lib/toast.ts";
import type { PresencePerson, RevokeReason } from "../../../core/api/live.ts";
import type { LiveState } from "./live-connection.ts";
import { useLiveList } from "./use-live-list.ts";

const noSubscribe = () => () => {};

export interface Shopping {
  /** The list as shown: server state plus pending changes (and a viewer's own ticks). */
  list: ShoppingList;
  /** May change the list on the server (owner, or the browser holding the edit token). */
  canEdit: boolean;
  /** Online as the app has seen it (web/lib/online.ts), not only as the browser claims. */
  online: boolean;
  /** Changes waiting to be sent. */
  pending: number;
  /** Seconds the server asked the page to wait before sending again (after a 429), while it waits; else null. */
  holdSeconds: number | null;
  /** The page has hydrated (local storage has been read). */
  hydrated: boolean;
  change(c: ListChange): void;
  tick(itemId: string, checked: boolean): void;
  /** The live channel (decision 0037): its state, who else is in the store, and why it ended for good. */
  live: LiveState;
  present: PresencePerson[];
  revoked: { reason: RevokeReason; message: string } | null;
  /** Items with changes still waiting to be sent. */
  pendingIds: ReadonlySet<string>;
  /** The server's list as another call answered it (a recipe added): kept unless a newer one is already here. */
  received(list: ShoppingList): void;
}

/** Every waiting change carries an operation id (queues saved before ids existed get one now). */
function withOpIds(queue: ListChange[]): ListChange[] {
  return queue.some((c) => !c.opId) ? queue.map((c) => (c.opId ? c : { ...c, opId: newItemId() })) : queue;
}

const versionOf = (l: ShoppingList) => l.version ?? 0;

export function useShopping(serverList: ShoppingList, owned: boolean, units: string): Shopping {
  const listId = serverList.id;
  // The loader's list (after a revalidation) replaces ours in the same render; a sync's answer in between.
  const [server, setServer] = useState(serverList);
  const [fromLoader, setFromLoader] = useState(serverList);
  if (fromLoader !== serverList) {
    setFromLoader(serverList);
    setServer(serverList);
  }
  const hydrated = useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
  const [revokedLocally, setRevokedLocally] = useState(false);
  const canEdit = (owned || (hydrated && !!listEditToken(listId))) && !revokedLocally;
  const [queue, setQueue] = useState<ListChange[]>([]);
  const [ticks, setTicks] = useState<Map<string, Tick>>(() => new Map());
  const online = useOnline();

  useEffect(() => {
    const q = withOpIds(loadQueue(listId));
    saveQueue(listId, q);
    setQueue(q);
    setTicks(loadLocalTicks(listId));
  }, [listId]);
  // Opened once, usable offline: the service worker keeps this page and what it loaded (again once
  // back online, so the saved copy is fresh).
  // biome-ignore lint/correctness/useExhaustiveDependencies: another list's page is the trigger, not an input
  useEffect(() => {
    if (online) keepForOffline();
  }, [listId, online]);

  // The live channel (decision 0037): the server's list on every (re)connection, each change made
  // anywhere as a patch, and the waiting changes sent on the socket while it is open.
  const [liveHold, setLiveHold] = useState<number | null>(null);
  /** The socket refused a batch: this connection sends nothing more; the HTTP queue decides what to drop. */
  const [liveSendOff, setLiveSendOff] = useState(false);
  const live = useLiveList(listId, units, hydrated, () => listEditToken(listId) ?? null, {
    hello: (list) => {
      networkSeen(true);
      setLiveSendOff(false);
      setServer(list);
    },
    patch: (p, follows) => {
      if (follows) setServer((prev) => applyPatch(prev, p));
      const before = loadQueue(listId);
      const done = new Set(p.done);
      const next = followAliases(
        before.filter((c) => !c.opId || !done.has(c.opId)),
        p.aliases,
      );
      if (next.length !== before.length || p.aliases.length) {
        saveQueue(listId, next);
        setQueue(next);
        if (!next.length) keepForOffline();
      }
    },
    refused: () => setLiveSendOff(true),
    pause: (seconds) => setLiveHold(Date.now() + seconds * 1000),
  });
  const liveSends = live.state === "open" && !liveSendOff;
  useEffect(() => {
    if (live.revoked) {
      // Access ended: what waits can never be sent, and the page stops offering changes.
      saveQueue(listId, []);
      setQueue([]);
      setRevokedLocally(true);
    }
  }, [live.revoked, listId]);
  useEffect(() => {
    if (liveHold === null) return;
    const t = window.setTimeout(() => setLiveHold(null), Math.max(0, liveHold - Date.now()));
    return () => window.clearTimeout(t);
  }, [liveHold]);
  useEffect(() => {
    if (canEdit && liveSends && liveHold === null && queue.length) live.flush(queue);
  }, [canEdit, liveSends, liveHold, queue, live]);

  // The sender for this list (web/lib/list-sync.ts); it reads the latest edit right and units when it sends.
  const [hold, setHold] = useState<Hold | null>(null);
  const sender = useRef<ListSync | null>(null);
  const latest = useRef({ units, canEdit, liveSends });
  latest.current = { units, canEdit, liveSends };
  useEffect(() => {
    setHold(null);
    const s = createListSync({
      load: () => loadQueue(listId),
      save: (q) => saveQueue(listId, q),
      send: async (changes) => {
        try {
          const { list } = await api.lists.changes(listId, { changes }, { editToken: listEditToken(listId), units: latest.current.units });
          networkSeen(true);
          return list;
        } catch (err) {
          // An answer (even a refusal) came from the server; anything else is the network failing.
          networkSeen(err instanceof ApiError);
          throw err;
        }
      },
      // While the live channel is open the changes go on its socket; this queue sends them otherwise.
      ready: () => navigator.onLine && latest.current.canEdit && !latest.current.liveSends,
      now: () => Date.now(),
      setTimer: (run, ms) => {
        const t = window.setTimeout(run, ms);
        return () => window.clearTimeout(t);
      },
      loadHold: loadSyncHold,
      saveHold: saveSyncHold,
      onSent: (list, rest) => {
        setQueue(rest);
        // A patch that arrived meanwhile may be newer than this answer.
        setServer((prev) => (versionOf(list) >= versionOf(prev) ? list : prev));
        // The saved offline copy of this page should show what the server now has.
        if (!rest.length) keepForOffline();
      },
      onRefused: (err, rest) => {
        setQueue(rest);
        toast({ title: "Your changes were not saved", description: errorText(err), variant: "destructive" });
      },
      onHold: setHold,
    });
    sender.current = s;
    return () => {
      s.dispose();
      if (sender.current === s) sender.current = null;
    };
  }, [listId]);

  const sync = useCallback(async () => {
    if (canEdit) await sender.current?.sync();
  }, [canEdit]);

  // Send what an earlier visit queued, and whatever is queued when the connection returns (the
  // browser's 'online' event, or the app seeing a request go through again).
  useEffect(() => {
    if (!canEdit) return;
    if (online) void sync();
    const onOnline = () => void sync();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [canEdit, online, sync]);

  const change = useCallback(
    (c: ListChange) => {
      if (!canEdit) return;
      const next = compactQueue([...loadQueue(listId), c.opId ? c : { ...c, opId: newItemId() }]);
      saveQueue(listId, next);
      setQueue(next);
      void sync();
    },
    [canEdit, listId, sync],
  );

  const tick = useCallback(
    (itemId: string, checked: boolean) => {
      const at = Date.now();
      if (canEdit) {
        change({ op: "tick", itemId, checked, at });
        return;
      }
      const next = new Map(loadLocalTicks(listId));
      next.set(itemId, mergeTick(next.get(itemId), { checked, at }));
      saveLocalTicks(listId, next);
      setTicks(next);
    },
    [canEdit, change, listId],
  );

  // Once the live channel sends again, the HTTP queue's own sending resumes when the socket closes.
  useEffect(() => {
    if (!liveSends && canEdit && online) void sync();
  }, [liveSends, canEdit, online, sync]);

  const received = useCallback((answer: ShoppingList) => {
    setServer((prev) => (versionOf(answer) >= versionOf(prev) ? answer : prev));
  }, []);

  const list = useMemo(() => applyPending(server, queue, canEdit ? undefined : ticks), [server, queue, ticks, canEdit]);
  const pendingIds = useMemo(() => new Set(queue.map((c) => c.itemId)), [queue]);
  const holdSeconds = hold?.seconds ?? (liveHold !== null ? Math.max(1, Math.ceil((liveHold - Date.now()) / 1000)) : null);
  return {
    list,
    // The render that hears 'revoked' already offers no change (the effect above follows).
    canEdit: canEdit && !live.revoked,
    online,
    pending: queue.length,
    holdSeconds,
    hydrated,
    change,
    tick,
    live: live.state,
    present: live.present,
    revoked: live.revoked,
    pendingIds,
    received,
  };
}

export { tickOf };
