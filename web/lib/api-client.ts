/**
 * The browser's API client: core's typed client (core/api/client.ts) with the global fetch. The session
 * is the HttpOnly cookie alone: the app never holds a session token (docs/product/security.md). Components call `api.recipes.parse(...)`
 * and get zod-checked answers; failures are ApiError ("status: text", docs/product/messages.md).
 *
 * The client and its schemas (zod) are not part of the first load (decision 0017): `api` has the
 * client's exact shape, and its first call loads the client with `import()`. The chunk is fetched
 * ahead at the visitor's first interaction (`preloadApiClient`, decision 0017), so a call normally
 * finds it loaded. A list call made before that (the returning visitor's last list on the home page)
 * loads only the lists group and its schemas (core/api/lists-client.ts, decision 0017) instead of
 * every schema module. A failed chunk load rejects that call (its caller shows the error as for any
 * failed request) and the next call tries again.
 */
import type { ApiClient as CoreClient } from "../../core/api/client.ts";
import type { adminGroup } from "../features/admin/contract.ts";
import type { groceryGroup } from "../features/grocery/contract.ts";
import type { shareGroup } from "../features/share/contract.ts";

export { ApiError, type Problem } from "../../core/api/errors.ts";

/**
 * Where older versions of the app kept a copy of the session token (docs/product/constants.md). The app no
 * longer reads or sends it; `forgetLegacySessionToken` removes a copy left in this browser.
 */
export const LEGACY_AUTH_TOKEN_KEY = "auth_token";

/** Removes a session token an older version of the app left in local storage (it is never sent again). */
export function forgetLegacySessionToken(): void {
  try {
    if (typeof localStorage !== "undefined") localStorage.removeItem(LEGACY_AUTH_TOKEN_KEY);
  } catch {
    // Storage blocked (private mode, policy): nothing was kept there either.
  }
}

/**
 * What loaders get (`serverApi`): core's groups and each feature's group (its contract's `<name>Group`). The
 * browser's `api` has core's groups; a feature's page part makes its own group from its contract (the admin tab).
 */
export type ApiClient = CoreClient & {
  admin: ReturnType<typeof adminGroup>;
  grocery: ReturnType<typeof groceryGroup>;
  shares: ReturnType<typeof shareGroup>;
};
type Group = keyof CoreClient;

type CoreModule = typeof import("../../core/api/client.ts");
let loading: Promise<CoreModule> | null = null;
let loaded: CoreModule | null = null;

/** core's client module, loaded once; a failed load is tried again on the next call. */
function loadClientModule(): Promise<CoreModule> {
  loading ??= import("../../core/api/client.ts").then(
    (mod) => (loaded = mod),
    (err: unknown) => {
      loading = null; // a network blip or a deploy: the next call tries again
      throw err;
    },
  );
  return loading;
}

type ListsModule = typeof import("../../core/api/lists-client.ts");
let loadingLists: Promise<ListsModule> | null = null;

/** The lists group alone (decision 0017), for a list call made while the full client is not in yet. */
function loadListsModule(): Promise<ListsModule> {
  loadingLists ??= import("../../core/api/lists-client.ts").catch((err: unknown) => {
    loadingLists = null;
    throw err;
  });
  return loadingLists;
}

/** Starts loading the client without waiting for it (idle time, first interaction). */
export function preloadApiClient(): void {
  loadClientModule().catch(() => {});
}

/**
 * Every method of core's client, by group. Typed so that tsc fails when core's client gains or
 * loses a method this list does not name (no Proxy: the groups are plain objects).
 */
const METHODS: { [G in Group]: Record<keyof CoreClient[G], true> } = {
  auth: {
    me: true,
    login: true,
    register: true,
    logout: true,
    extensionSession: true,
    forgotPassword: true,
    verifyResetToken: true,
    resetPassword: true,
    verifyEmailLink: true,
    verifyEmail: true,
    undoEmailChange: true,
    providers: true,
    sessions: true,
    revokeSession: true,
    revokeOtherSessions: true,
  },
  users: { updateMe: true, changePassword: true, claim: true, shoppingLists: true, emailVerification: true, sendEmailVerification: true },
  favorites: { recipes: true, lists: true, addRecipe: true, removeRecipe: true, addList: true, removeList: true },
  staples: { list: true, add: true, remove: true, setBuiltIn: true },
  recipes: { parse: true, manual: true, get: true, update: true, remove: true, refresh: true },
  lists: { create: true, get: true, remove: true, removeItem: true, changes: true, addRecipe: true },
  email: { list: true, optOutState: true, optOut: true, optBackIn: true },
  contact: { send: true },
};

function lazyGroup<G extends Group>(group: G): CoreClient[G] {
  const methods: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const method of Object.keys(METHODS[group])) {
    methods[method] = async (...args: unknown[]) => {
      // `fetch` is looked up per call so tests can stub the global. No bearer token: the cookie is the session.
      const options = { fetch: (input: string, init: unknown) => fetch(input, init as RequestInit) };
      let groupApi: CoreClient[G];
      if (group === "lists" && !loaded) {
        // Only the lists' schemas: the full client may never be needed on this page (decision 0017).
        groupApi = (await loadListsModule()).createListsClient(options) as CoreClient[G];
      } else {
        groupApi = (await loadClientModule()).createApiClient(options)[group];
      }
      const fn = groupApi[method as keyof CoreClient[G]] as (...a: unknown[]) => Promise<unknown>;
      return fn(...args);
    };
  }
  return methods as CoreClient[G];
}

/** The app's one API client (same shape as core's; every method loads the client on first use). */
export const api: CoreClient = {
  auth: lazyGroup("auth"),
  users: lazyGroup("users"),
  favorites: lazyGroup("favorites"),
  staples: lazyGroup("staples"),
  recipes: lazyGroup("recipes"),
  lists: lazyGroup("lists"),
  email: lazyGroup("email"),
  contact: lazyGroup("contact"),
};
