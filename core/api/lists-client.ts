/**
 * The shopping-list endpoints of the API client (docs/product/api.md), on their own: core's full client
 * (core/api/client.ts) includes them, and the web app loads this module alone for a list call made
 * before anything needs the full client (the returning visitor's last list on the home page, decision
 * 0017), so that call evaluates zod and the list schemas only (core/api/list-endpoints.ts).
 */
import { callEndpoint } from "./endpoint.ts";
import { listEndpoints } from "./list-endpoints.ts";
import type { AddListRecipeRequest, CreateShoppingListRequest } from "./lists.ts";
import type { ListChangesRequest } from "./shopping.ts";
import { type ApiClientOptions, type CallOptions, createTransport, type Transport } from "./transport.ts";

/** The `lists` group of the client over a transport. */
export function listsGroup(transport: Transport) {
  const ep = listEndpoints;
  return {
    create: (body: CreateShoppingListRequest, opts?: CallOptions) => callEndpoint(transport, ep.create, { body }, opts),
    get: (id: string, opts?: CallOptions) => callEndpoint(transport, ep.get, { params: { id } }, opts),
    remove: (id: string, opts?: CallOptions) => callEndpoint(transport, ep.remove, { params: { id } }, opts),
    removeItem: (id: string, itemId: string, opts?: CallOptions) =>
      callEndpoint(transport, ep.removeItem, { params: { id, itemId } }, opts),
    /** Adds a recipe to the list; answers the list in `units`. */
    addRecipe: (id: string, body: AddListRecipeRequest, opts?: CallOptions & { units?: string }) =>
      callEndpoint(transport, ep.addRecipe, { params: { id }, query: { units: opts?.units }, body }, opts),
    /** Shopping-mode changes (ticks, added items, edits, moves, staples); `units` as in GET. */
    changes: (id: string, body: ListChangesRequest, opts?: CallOptions & { units?: string }) =>
      callEndpoint(transport, ep.changes, { params: { id }, query: { units: opts?.units }, body }, opts),
  };
}

/** The lists group alone, with the same options as core's `createApiClient`. */
export function createListsClient(options: ApiClientOptions) {
  return listsGroup(createTransport(options));
}
