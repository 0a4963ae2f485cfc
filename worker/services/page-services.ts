/**
 * What route loaders may ask of the server (web/context.ts `servicesContext`, filled per request by
 * worker/index.ts): the same service functions the API calls, bound to this request's database.
 * Web code imports only the type, so no server module reaches the browser bundle.
 */
import type { ShoppingList } from "../../core/api/lists.ts";
import type { Db } from "../db/client.ts";
import { isWellFormedId } from "../lib/ids.ts";
import { getShoppingList } from "./lists.ts";

export interface PageServices {
  lists: {
    /** The list as GET /api/shopping-lists/{id} answers it (anyone with the id may read it), or null. */
    get(id: string): Promise<ShoppingList | null>;
  };
}

export function createPageServices(db: Db): PageServices {
  return {
    lists: {
      get: async (id) => (isWellFormedId(id) ? getShoppingList(db, id) : null),
    },
  };
}
