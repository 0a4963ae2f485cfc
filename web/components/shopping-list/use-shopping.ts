/**
 * The list page's shopping state (issue 17): the server's list, the changes not yet confirmed by the
 * server (an editor's queue, kept in local storage and sent when online) and a read-only viewer's
 * own ticks. docs/decisions/0113-shopping-mode-changes.md, 0114-offline-list.md.
 */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { ShoppingList } from "../../../core/api/lists.ts";
import type { ListChange } from "../../../core/api/shopping.ts";
import { LIST_CHANGES_MAX } from "../../../core/api/lists.ts";
import { mergeTick, type Tick } from "../../../core/shopping/ticks.ts";
import { ApiError, api, errorText } from "../../lib/api.ts";
import { keepForOffline } from "../../lib/offline.ts";
import { listEditToken } from "../../lib/recipes-store.ts";
import { applyPending, compactQueue, loadLocalTicks, loadQueue, saveLocalTicks, saveQueue, tickOf } from "../../lib/shopping-state.ts";
import { toast } from "../../lib/toast.ts";

function subscribeOnline(cb: () => void) {
  window.addEventListener("online", cb);
  window.addEventListener("offline", cb);
  return () => {
    window.removeEventListener("online", cb);
    window.removeEventListener("offline", cb);
  };
}

/** Whether the browser says it is online (true while rendering on the server). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => navigator.onLine,
    () => true,
  );
}

const noSubscribe = () => () => {};

export interface Shopping {
  /** The list as shown: server state plus pending changes (and a viewer's own ticks). */
  list: ShoppingList;
  /** May change the list on the server (owner, or the browser holding the edit token). */
  canEdit: boolean;
  online: boolean;
  /** Changes waiting to be sent. */
  pending: number;
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
  const syncing = useRef(false);

  useEffect(() => {
    setQueue(loadQueue(listId));
    setTicks(loadLocalTicks(listId));
    // Opened once, usable offline: the service worker keeps this page and what it loaded.
    if (navigator.onLine) keepForOffline();
  }, [listId]);

  const sync = useCallback(async () => {
    if (syncing.current || !canEdit) return;
    const queued = loadQueue(listId);
    if (!queued.length || !navigator.onLine) return;
    syncing.current = true;
    const batch = queued.slice(0, LIST_CHANGES_MAX);
    let again = false;
    try {
      const answer = await api.lists.changes(listId, { changes: batch }, { editToken: listEditToken(listId), units });
      const sent = new Set(batch.map((c) => JSON.stringify(c)));
      const rest = loadQueue(listId).filter((c) => !sent.has(JSON.stringify(c)));
      saveQueue(listId, rest);
      setQueue(rest);
      setServer(answer.list);
      again = rest.length > 0;
      // The saved offline copy of this page should show what the server now has.
      if (!again) keepForOffline();
    } catch (err) {
      if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429 && err.status !== 408) {
        // Refused (no longer allowed, or invalid): these changes can never go through; drop them.
        const sent = new Set(batch.map((c) => JSON.stringify(c)));
        const rest = loadQueue(listId).filter((c) => !sent.has(JSON.stringify(c)));
        saveQueue(listId, rest);
        setQueue(rest);
        toast({ title: "Your changes were not saved", description: errorText(err), variant: "destructive" });
      }
      // Anything else (offline, a dropped connection, 5xx, 429): keep the queue; the next 'online' retries.
    } finally {
      syncing.current = false;
    }
    if (again) void sync();
  }, [canEdit, listId, units]);

  // Send what an earlier visit queued, and whatever is queued when the connection returns.
  useEffect(() => {
    if (!canEdit) return;
    void sync();
    const onOnline = () => void sync();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [canEdit, sync]);

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
  return { list, canEdit, online, pending: queue.length, hydrated, change, tick };
}

export { tickOf };
