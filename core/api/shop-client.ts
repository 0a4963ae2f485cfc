/**
 * The "shop your way" endpoints of the API client (docs/product/api.md): renaming a list, stores and
 * their aisle order, the week planner. A group of its own over the shared transport, so only the pages
 * that use it load it (never the home page's first load).
 */
import { callEndpoint } from "./endpoint.ts";
import { type CreateStoreRequest, shopEndpoints as ep, type UpdateStoreRequest } from "./shop.ts";
import type { CallOptions, Transport } from "./transport.ts";

export function shopGroup(transport: Transport) {
  return {
    /** A new name (the owner, a household member, or a signed-out list's edit token). */
    renameList: (id: string, name: string, opts?: CallOptions) =>
      callEndpoint(transport, ep.renameList, { params: { id }, body: { name } }, opts),
    /** The store a list is shown for (null: the usual order). */
    chooseListStore: (id: string, storeId: string | null, opts?: CallOptions) =>
      callEndpoint(transport, ep.chooseListStore, { params: { id }, body: { storeId } }, opts),
    stores: (opts?: CallOptions) => callEndpoint(transport, ep.stores, {}, opts),
    addStore: (body: CreateStoreRequest) => callEndpoint(transport, ep.addStore, { body }),
    updateStore: (storeId: string, body: UpdateStoreRequest) => callEndpoint(transport, ep.updateStore, { params: { storeId }, body }),
    removeStore: (storeId: string) => callEndpoint(transport, ep.removeStore, { params: { storeId } }),
  };
}

export type ShopApi = ReturnType<typeof shopGroup>;
