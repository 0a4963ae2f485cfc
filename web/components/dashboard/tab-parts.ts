/**
 * The dashboard's tabs, each its own chunk (decision 0034): a page shows one tab, so only that tab's code is
 * loaded. The code is fetched together with the tab's data (the route's loader on the server, its client
 * loader on a tab change) and, for the first page in the browser, before hydration (the route module, in the browser),
 * so `read()` finds it loaded and renders at once: nothing waits on the client, nothing moves.
 */
import { use } from "react";

export interface TabPart<T> {
  /** Loads the tab's code (once; a failed load is tried again on the next call). */
  load(): Promise<T>;
  /** The loaded code; suspends while it is still loading (never expected: see above). */
  read(): T;
}

export function tabPart<T>(importer: () => Promise<T>): TabPart<T> {
  let value: T | undefined;
  let pending: Promise<T> | null = null;
  const load = () => {
    if (value !== undefined) return Promise.resolve(value);
    pending ??= importer().then(
      (v) => {
        value = v;
        return v;
      },
      (err: unknown) => {
        pending = null;
        throw err;
      },
    );
    return pending;
  };
  return { load, read: () => value ?? use(load()) };
}

export const TAB_PARTS = {
  overview: tabPart(() => import("./overview-tab.tsx").then((m) => m.OverviewTab)),
  favorites: tabPart(() => import("./favorites-tab.tsx").then((m) => m.FavoritesTab)),
  history: tabPart(() => import("../history/history-view.tsx").then((m) => m.HistoryView)),
  staples: tabPart(() => import("./staples-tab.tsx").then((m) => m.StaplesTab)),
  stores: tabPart(() => import("./stores-tab.tsx").then((m) => m.StoresTab)),
  // The profile tab validates with the API's zod schemas (decision 0017): they come with it, not before.
  profile: tabPart(() => import("./profile-tab.tsx").then((m) => m.ProfileTab)),
  security: tabPart(() => import("./security-tab.tsx").then((m) => m.SecurityTab)),
  admin: tabPart(() => import("./admin-tab.tsx").then((m) => m.AdminTab)),
};
/** A tab with code of its own: every dashboard tab (web/routes/dashboard.tsx checks that each has its part). */
export type TabName = keyof typeof TAB_PARTS;

/** The tab's code, loaded or failed (a failure shows in `read()`, inside the panel). */
export function loadTab(tab: TabName): Promise<unknown> {
  return TAB_PARTS[tab].load().catch(() => undefined);
}
