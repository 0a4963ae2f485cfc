/**
 * What route loaders may ask of the server (web/context.ts `servicesContext`, filled per request by
 * worker/index.ts): the same service functions the API calls, bound to this request's database.
 * Web code imports only the type, so no server module reaches the browser bundle. Personal data
 * is asked for with the request's Caller (web/context.ts `callerContext`) and is null signed out;
 * admin data is null for anyone but an admin (the API's 401/403 rule, kept here too).
 */
import type { AdminStats, AdminUsersResponse } from "../../core/api/admin.ts";
import type { AdminContactMessagesResponse } from "../../core/api/contact.ts";
import type { ProvidersResponse, SessionInfo } from "../../core/api/auth.ts";
import type { FavoriteList, FavoriteRecipe, HistoryResponse } from "../../core/api/favorites.ts";
import type { ShoppingList } from "../../core/api/lists.ts";
import type { SharedList } from "../../core/api/shares.ts";
import { ShareIdSchema } from "../../core/api/shares.ts";
import type { StaplesResponse } from "../../core/api/staples.ts";
import type { UnitChoice } from "../../core/combine/unit-choice.ts";
import type { Db } from "../db/client.ts";
import { isWellFormedId } from "../lib/ids.ts";
import { listUsers, siteStats } from "./admin.ts";
import { listContactMessages } from "./contact.ts";
import { callerUserId, type Caller } from "./caller.ts";
import { listFavoriteLists, listFavoriteRecipes, listHistory } from "./favorites.ts";
import { changesBySession, getShoppingList, readShoppingList } from "./lists.ts";
import { listSessions } from "./sessions.ts";
import { listHasLiveShare, readSharedList } from "./shares.ts";
import { readStaples } from "./staples.ts";
import { providerButtons } from "./oauth-providers.ts";

export interface PageServices {
  auth: {
    /** The sign-in buttons /auth shows: configured OAuth providers only (decision 0084). */
    oauthProviders(): ProvidersResponse["oauth"];
  };
  lists: {
    /** The list as GET /api/shopping-lists/{id} answers it (anyone with the id may read it), or null. */
    get(id: string): Promise<ShoppingList | null>;
    /**
     * The list for its page in the reader's unit choice, and whether the caller owns it (an owner
     * may change it by their session; a signed-out creator proves it with the edit token in the browser;
     * a household list's members change it by theirs). A household list the caller is not in
     * (decision 0163) answers `{ notInHousehold: true }`: the page says so instead of showing it.
     */
    read(id: string, caller: Caller, units: UnitChoice): Promise<{ list: ShoppingList; owned: boolean } | { notInHousehold: true } | null>;
  };
  shares: {
    /** The list behind a live share link as GET /api/shares/{id} answers it (decision 0116); null when revoked or unknown. */
    read(shareId: string, units: UnitChoice): Promise<SharedList | null>;
    /** Whether the list has a live share link (decision 0158): told to every reader of the list page; false for an unknown id. */
    listShared(listId: string): Promise<boolean>;
  };
  sessions: {
    /** The caller's live sessions as GET /api/auth/sessions answers them; null when signed out. */
    list(caller: Caller): Promise<SessionInfo[] | null>;
  };
  favorites: {
    /** GET /api/users/me/favorites/recipes; null signed out. */
    recipes(caller: Caller): Promise<FavoriteRecipe[] | null>;
    /** GET /api/users/me/favorites/lists; null signed out. */
    lists(caller: Caller): Promise<FavoriteList[] | null>;
  };
  history: {
    /** GET /api/users/me/shopping-lists?search=&limit= (search already trimmed, limit in range); null signed out. */
    list(caller: Caller, query: { search?: string; limit: number }): Promise<HistoryResponse | null>;
  };
  staples: {
    /** GET /api/users/me/staples; null signed out. */
    get(caller: Caller): Promise<StaplesResponse | null>;
  };
  admin: {
    /** GET /api/admin/stats; null unless the caller is an admin. */
    stats(caller: Caller): Promise<AdminStats | null>;
    /** GET /api/admin/users; null unless the caller is an admin. */
    users(caller: Caller, query: { search?: string; page: number; pageSize: number }): Promise<AdminUsersResponse | null>;
    /** GET /api/admin/contact-messages; null unless the caller is an admin. */
    contactMessages(caller: Caller, query: { page: number; pageSize: number }): Promise<AdminContactMessagesResponse | null>;
  };
}

export function createPageServices(db: Db, env: object): PageServices {
  return {
    auth: { oauthProviders: () => providerButtons(env) },
    lists: {
      get: async (id) => (isWellFormedId(id) ? getShoppingList(db, id) : null),
      read: async (id, caller, units) => {
        if (!isWellFormedId(id)) return null;
        const found = await readShoppingList(db, id, units, callerUserId(caller));
        if (!found) return null;
        if (found.householdId && !found.member) return { notInHousehold: true };
        return { list: found.list, owned: changesBySession(caller, found) };
      },
    },
    shares: {
      read: async (shareId, units) => (ShareIdSchema.safeParse(shareId).success ? readSharedList(db, shareId, units) : null),
      listShared: async (listId) => (isWellFormedId(listId) ? listHasLiveShare(db, listId) : false),
    },
    sessions: {
      async list(caller) {
        if (!caller.user) return null;
        const rows = await listSessions(db, caller.user.id, caller.session.id);
        return rows.map((s) => ({
          ...s,
          createdAt: s.createdAt.toISOString(),
          lastUsedAt: s.lastUsedAt.toISOString(),
          expiresAt: s.expiresAt.toISOString(),
        }));
      },
    },
    favorites: {
      recipes: async (caller) => (caller.user ? listFavoriteRecipes(db, caller.user) : null),
      lists: async (caller) => (caller.user ? listFavoriteLists(db, caller.user) : null),
    },
    history: {
      list: async (caller, query) => (caller.user ? listHistory(db, caller.user, query) : null),
    },
    staples: {
      get: async (caller) => (caller.user ? readStaples(db, caller.user.id) : null),
    },
    admin: {
      stats: async (caller) => (caller.user?.isAdmin ? siteStats(db) : null),
      users: async (caller, query) => (caller.user?.isAdmin ? listUsers(db, query) : null),
      contactMessages: async (caller, query) => (caller.user?.isAdmin ? listContactMessages(db, query) : null),
    },
  };
}
