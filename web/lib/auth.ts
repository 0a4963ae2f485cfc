/**
 * Client auth state (docs/product/behaviour.md, api.md, constants.md): who is signed in, from GET /api/auth/me. One small
 * store shared by every component through `useAuth()`:
 * - the answer is cached for 5 minutes; no retry, no refetch on focus, no polling;
 * - 401 means signed out (user null); any other failure also leaves the user signed out and
 *   records the error, so a flaky API never traps the page behind a spinner;
 * - `status` is "loading" until the first answer: a page that waits for it in the browser shows
 *   <FullPageSpinner>; public pages render at once (docs/decisions/0020-sign-in-and-sessions.md).
 * - when the server already knew the user while rendering (session cookie, root loader's `user`),
 *   the store starts from that user: the server HTML and the first client render show the
 *   signed-in header, and no /api/auth/me call is made for 5 minutes (decision 0020).
 */
import { useCallback, useEffect, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import type { User } from "../../core/api/auth.ts";
import { api, ApiError, forgetLegacySessionToken } from "./api-client.ts";
import { forgetEditTokens, visitorClaim } from "./recipes-store.ts";
import { forgetOfflinePages } from "./offline.ts";

/** docs/product/constants.md: the current user is fresh for 5 minutes. */
export const CURRENT_USER_TTL_MS = 5 * 60 * 1000;

/** The user as GET /api/auth/me answers it (dates arrive as ISO strings). */
export type AuthUser = User;

export type AuthStatus = "loading" | "authenticated" | "unauthenticated";

export interface AuthSnapshot {
  status: AuthStatus;
  user: AuthUser | null;
  /** Set when the last check failed for a reason other than 401. */
  error: Error | null;
}

const LOADING: AuthSnapshot = { status: "loading", user: null, error: null };

let snapshot: AuthSnapshot = LOADING;
let fetchedAt = 0;
let inFlight: Promise<AuthSnapshot> | null = null;
/** Bumped by signOut so an answer to an older request cannot sign the user back in. */
let generation = 0;
const listeners = new Set<() => void>();

function publish(next: AuthSnapshot) {
  snapshot = next;
  for (const fn of listeners) fn();
  if (next.status === "authenticated") void claimLeftovers();
}

let claiming: Promise<void> | null = null;
/**
 * Hands the account what this browser made while signed out (its recipes and lists, proved by their
 * edit tokens; decision 0013). Runs after a password sign-in, and whenever the app finds itself
 * signed in with tokens left over: a Google/GitHub sign-in comes back through a full page load, so
 * the tokens cannot travel with it (decision 0013). A failed claim keeps the tokens for a later try.
 */
export function claimLeftovers(): Promise<void> {
  if (claiming) return claiming;
  const claim = visitorClaim();
  if (!claim.recipes.length && !claim.lists.length) return Promise.resolve();
  claiming = api.users
    .claim(claim)
    .then(
      () => forgetEditTokens(),
      () => {},
    )
    .finally(() => {
      claiming = null;
    });
  return claiming;
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The current auth snapshot without subscribing (for event handlers). */
export function getAuthSnapshot(): AuthSnapshot {
  return snapshot;
}

/**
 * Fetches the current user unless a fresh answer (under 5 minutes old) is cached or a request
 * is already running. `force` skips the cache (after sign-in, sign-out, profile edits).
 */
export function fetchCurrentUser(opts: { force?: boolean } = {}): Promise<AuthSnapshot> {
  if (inFlight) return inFlight;
  const fresh = snapshot.status !== "loading" && Date.now() - fetchedAt < CURRENT_USER_TTL_MS;
  if (fresh && !opts.force) return Promise.resolve(snapshot);
  const gen = generation;
  inFlight = api.auth
    .me()
    .then(
      (user): AuthSnapshot => (user ? { status: "authenticated", user, error: null } : { ...LOADING, status: "unauthenticated" }),
      (err: unknown): AuthSnapshot => ({
        status: "unauthenticated",
        user: null,
        error: err instanceof ApiError && err.status === 401 ? null : err instanceof Error ? err : new Error(String(err)),
      }),
    )
    .then((next: AuthSnapshot) => {
      if (gen !== generation) return snapshot;
      fetchedAt = Date.now();
      inFlight = null;
      publish(next);
      return next;
    });
  return inFlight;
}

/**
 * After a sign-in (the server set the session cookie; no token reaches the page): hands the account what this
 * browser made while signed out (its recipes and lists, proved by their edit tokens; decision 0013), and reloads
 * the current user. A failed claim never blocks signing in: the tokens are kept for a later try.
 */
export async function signIn(): Promise<AuthSnapshot> {
  await claimLeftovers();
  return fetchCurrentUser({ force: true });
}

/**
 * Starts the client store from what the server knew while rendering this page (root loader): its
 * user, or none. Only the first call counts, and only while nothing is known yet; on the server it
 * does nothing (module state there is shared by every request).
 * - With a user: signed in, cached for 5 minutes (decision 0020).
 * - Without one: signed out, cached the same way. The server saw no session cookie, the only thing
 *   that could make /api/auth/me say otherwise, so the page neither asks nor loads the API client to
 *   ask (decision 0017).
 * A session token an older version of the app kept in local storage is removed here (never sent again).
 */
let primed = false;
export function primeAuth(user: AuthUser | null | undefined): void {
  if (typeof document === "undefined" || primed) return;
  primed = true;
  forgetLegacySessionToken();
  if (snapshot.status !== "loading" || inFlight) return;
  if (!user) {
    snapshot = { status: "unauthenticated", user: null, error: null };
    fetchedAt = Date.now();
    return;
  }
  snapshot = { status: "authenticated", user, error: null };
  fetchedAt = Date.now();
  // After the first render (this runs while rendering): the server's user may own nothing yet.
  setTimeout(() => void claimLeftovers(), 0);
}

/**
 * docs/product/behaviour.md: ends the server session (POST /api/auth/logout, which also clears the cookie),
 * forgets the cached user, then refreshes the current user. The caller navigates to /.
 */
export async function signOut(): Promise<AuthSnapshot> {
  // Best effort: even if the server cannot be reached, this page forgets the user.
  const loggedOut = api.auth.logout().catch(() => {});
  generation++;
  inFlight = null;
  publish({ status: "unauthenticated", user: null, error: null });
  await Promise.all([loggedOut, forgetOfflinePages()]);
  return fetchCurrentUser({ force: true });
}

/**
 * The auth state for components. The first use in the browser starts the /api/auth/me call
 * (unless the server's user primed the store); during server render the status is the server's
 * user, or "loading" when the server knew of none (a bearer-only session is only known to the browser).
 */
export function useAuth() {
  const serverUser = useServerUser();
  const state = useSyncExternalStore(subscribe, getAuthSnapshot, () => serverAuthSnapshot(serverUser));
  useEffect(() => {
    void fetchCurrentUser();
  }, []);
  const refresh = useCallback(() => fetchCurrentUser({ force: true }), []);
  return {
    ...state,
    isLoading: state.status === "loading",
    isAuthenticated: state.status === "authenticated",
    refresh,
    signOut,
  };
}

/**
 * What the server rendered with. In the browser, once primeAuth() started the store from this same user, that is
 * the store's own snapshot: hydration then finds the store unchanged. (A new object here, equal but not the same,
 * made React re-render every useAuth() caller synchronously right after hydrating, the whole dashboard among
 * them, in one long task: decision 0034.)
 */
export function serverAuthSnapshot(serverUser: AuthUser | null): AuthSnapshot {
  if (!serverUser) return LOADING;
  if (snapshot.status === "authenticated" && snapshot.user === serverUser) return snapshot;
  return { status: "authenticated", user: serverUser, error: null };
}

/** The user the root loader resolved from the session cookie for this page, if any. */
function useServerUser(): AuthUser | null {
  const data = useRouteLoaderData("root") as { user?: AuthUser | null } | undefined;
  return data?.user ?? null;
}

/** Test hook: forget everything so each test starts signed out and loading. */
export function resetAuthForTests(): void {
  snapshot = LOADING;
  fetchedAt = 0;
  inFlight = null;
  generation++;
  primed = false;
  listeners.clear();
}
