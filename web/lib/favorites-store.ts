/**
 * Which recipes and lists the signed-in user has favourited, for the toggles on the home page and
 * the list page (docs/product/behaviour.md: visible only when signed in, filled when favourited,
 * toggling adds or removes and refreshes). Read once per page life when a toggle first shows (the
 * favourites calls run only when signed in), then kept up to date by the toggles themselves.
 * Pages rendered from loaders (dashboard, /favorites, /history) use their loader data instead.
 */
import { useEffect, useSyncExternalStore } from "react";
import { api } from "./api.ts";

type Kind = "recipes" | "lists";
interface State {
  /** Whose favourites these are: another user signing in starts afresh. */
  userId: string | null;
  recipes: ReadonlySet<string> | null;
  lists: ReadonlySet<string> | null;
}

let state: State = { userId: null, recipes: null, lists: null };
const loading: Partial<Record<Kind, Promise<void>>> = {};
const listeners = new Set<() => void>();

function set(next: Partial<State>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** (Re)reads one kind of favourites. A failure leaves what was known. */
export function refreshFavorites(kind: Kind): Promise<void> {
  return (loading[kind] ??= (
    kind === "recipes"
      ? api.favorites.recipes().then((r) => r.recipes.map((x) => x.id))
      : api.favorites.lists().then((r) => r.lists.map((x) => x.id))
  )
    .then((ids) => set({ [kind]: new Set(ids) }))
    .catch(() => {})
    .finally(() => {
      delete loading[kind];
    }));
}

/** Marks an id in or out, as the server's answer says. */
export function markFavorite(kind: Kind, id: string, favorite: boolean): void {
  const next = new Set(state[kind] ?? []);
  if (favorite) next.add(id);
  else next.delete(id);
  set({ [kind]: next });
}

/**
 * The signed-in user's favourite ids of one kind (null until known, and while signed out); reads
 * them once for this user.
 */
export function useFavoriteIds(kind: Kind, userId: string | null): ReadonlySet<string> | null {
  const current = useSyncExternalStore(
    subscribe,
    () => state,
    () => null,
  );
  const ids = current && current.userId === userId ? current[kind] : null;
  const known = ids !== null;
  useEffect(() => {
    if (!userId || known) return;
    if (state.userId !== userId) set({ userId, recipes: null, lists: null });
    void refreshFavorites(kind);
  }, [userId, known, kind]);
  return userId ? ids : null;
}
