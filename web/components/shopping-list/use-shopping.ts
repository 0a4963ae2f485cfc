/**
 * The list page's shopping state: the server's list, the changes not yet confirmed by the
 * server (an editor's queue, kept in local storage and sent when online) and a read-only viewer's
 * own ticks. docs/decisions/0029-shopping-mode-and-offline.md.
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
  applyPending,
  compactQueue,
  loadLocalTicks,
  loadQueue,
  loadSyncHold,
  saveLocalTicks,
  saveQueue,
  saveSyncHold,
  tickOf,
} from "../../lib/shopping-state.ts";
import { toast } from "../../lib/toast.ts";

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
}

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
  const canEdit = owned || (hydrated && !!listEditToken(listId));
  const [queue, setQueue] = useState<ListChange[]>([]);
  const [ticks, setTicks] = useState<Map<string, Tick>>(() => new Map());
  const online = useOnline();

  useEffect(() => {
    setQueue(loadQueue(listId));
    setTicks(loadLocalTicks(listId));
  }, [listId]);
  // Opened once, usable offline: the service worker keeps this page and what it loaded (again once
  // back online, so the saved copy is fresh).
  // biome-ignore lint/correctness/useExhaustiveDependencies: another list's page is the trigger, not an input
  useEffect(() => {
    if (online) keepForOffline();
  }, [listId, online]);

  // The sender for this list (web/lib/list-sync.ts); it reads the latest edit right and units when it sends.
  const [hold, setHold] = useState<Hold | null>(null);
  const sender = useRef<ListSync | null>(null);
  const latest = useRef({ units, canEdit });
  latest.current = { units, canEdit };
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
      ready: () => navigator.onLine && latest.current.canEdit,
      now: () => Date.now(),
      setTimer: (run, ms) => {
        const t = window.setTimeout(run, ms);
        return () => window.clearTimeout(t);
      },
      loadHold: loadSyncHold,
      saveHold: saveSyncHold,
      onSent: (list, rest) => {
        setQueue(rest);
        setServer(list);
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
      const next = compactQueue([...loadQueue(listId), c]);
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

  const list = useMemo(() => applyPending(server, queue, canEdit ? undefined : ticks), [server, queue, ticks, canEdit]);
  return { list, canEdit, online, pending: queue.length, holdSeconds: hold?.seconds ?? null, hydrated, change, tick };
}

export { tickOf };
