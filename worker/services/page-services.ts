/**
 * The public reads the list pages need beyond the JSON API's answers (web/context.ts `servicesContext`,
 * filled per request by worker/index.ts): a list with whether this caller may change it, and whether it
 * has a live share link. Everything personal (favorites, history, staples, sessions, admin) is read
 * through the API in process instead (web/lib/page-api.server.ts), under the endpoints' own guards.
 * Web code imports only the type, so no server module reaches the browser bundle.
 */
import type { ShoppingList } from "../../core/api/lists.ts";
import type { SharedList } from "../../web/features/share/contract.ts";
import { ShareIdSchema } from "../../web/features/share/contract.ts";
import type { UnitChoice } from "../../core/combine/unit-choice.ts";
import type { Db } from "../db/client.ts";
import { isWellFormedId } from "../lib/ids.ts";
import { callerUserId, type Caller } from "./caller.ts";
import { getShoppingList, readShoppingList } from "../../web/features/shopping-list/server/service.ts";
import { may, mayReadList } from "./policy.ts";
import { listHasLiveShare, readSharedList } from "../../web/features/share/server/service.ts";

export interface PageServices {
  lists: {
    /** The list as GET /api/shopping-lists/{id} answers it (anyone with the id may read it), or null. */
    get(id: string): Promise<ShoppingList | null>;
    /**
     * The list for its page in the reader's unit choice, and whether the caller owns it (an owner
     * may change it by their session; a signed-out creator proves it with the edit token in the browser;
     * a household list's members change it by theirs). A household list the caller is not in
     * (decision 0036) answers `{ notInHousehold: true }`: the page says so instead of showing it.
     */
    read(
      id: string,
      caller: Caller,
      units: UnitChoice,
    ): Promise<{ list: ShoppingList; owned: boolean; mine: boolean } | { notInHousehold: true } | null>;
  };
  shares: {
    /** The list behind a live share link as GET /api/shares/{id} answers it (decision 0031); null when revoked or unknown. */
    read(shareId: string, units: UnitChoice): Promise<SharedList | null>;
    /** Whether the list has a live share link (decision 0014): told to every reader of the list page; false for an unknown id. */
    listShared(listId: string): Promise<boolean>;
  };
}

export function createPageServices(db: Db): PageServices {
  return {
    lists: {
      get: async (id) => (isWellFormedId(id) ? getShoppingList(db, id) : null),
      read: async (id, caller, units) => {
        if (!isWellFormedId(id)) return null;
        const found = await readShoppingList(db, id, units, callerUserId(caller));
        if (!found) return null;
        if (!mayReadList(found)) return { notInHousehold: true };
        return {
          list: found.list,
          // Changed by this caller's session alone (a signed-out creator proves the edit token in the browser).
          owned: may(caller, "change", found),
          // Made by this caller: theirs to move in or out of their household (decision 0036).
          mine: found.userId !== null && found.userId === caller.user?.id,
        };
      },
    },
    shares: {
      read: async (shareId, units) => (ShareIdSchema.safeParse(shareId).success ? readSharedList(db, shareId, units) : null),
      listShared: async (listId) => (isWellFormedId(listId) ? listHasLiveShare(db, listId) : false),
    },
  };
}
