/**
 * The shopping-list endpoints of the API client (docs/product/api.md), on their own: core's full client
 * (core/api/client.ts) includes them, and the web app loads this module alone for a list call made
 * before anything needs the full client (the returning visitor's last list on the home page, decision
 * 0017), so that call evaluates zod and the list schemas only.
 */
import { ListChangesResponseSchema, ShoppingListSchema, type CreateShoppingListRequest } from "./lists.ts";
import type { ListChangesRequest } from "./shopping.ts";
import { type ApiClientOptions, type CallOptions, createTransport, enc, type Transport } from "./transport.ts";

/** The `lists` group of the client over a transport. */
export function listsGroup({ call, callVoid }: Transport) {
  return {
    create: (body: CreateShoppingListRequest, opts?: CallOptions) => call("POST", "/api/shopping-lists", ShoppingListSchema, body, opts),
    get: (id: string, opts?: CallOptions) => call("GET", `/api/shopping-lists/${enc(id)}`, ShoppingListSchema, undefined, opts),
    remove: (id: string, opts?: CallOptions) => callVoid("DELETE", `/api/shopping-lists/${enc(id)}`, undefined, opts),
    removeItem: (id: string, itemId: string, opts?: CallOptions) =>
      callVoid("DELETE", `/api/shopping-lists/${enc(id)}/items/${enc(itemId)}`, undefined, opts),
    /** Shopping-mode changes (ticks, added items, edits, moves, staples); `units` as in GET. */
    changes: (id: string, body: ListChangesRequest, opts?: CallOptions & { units?: string }) =>
      call(
        "POST",
        `/api/shopping-lists/${enc(id)}/changes${opts?.units ? `?units=${enc(opts.units)}` : ""}`,
        ListChangesResponseSchema,
        body,
        opts,
      ),
  };
}

/** The lists group alone, with the same options as core's `createApiClient`. */
export function createListsClient(options: ApiClientOptions) {
  return listsGroup(createTransport(options));
}
