/** A shopper's stores and the store a list is shown for (docs/product/api.md, decision 0048); rules in worker/services/stores.ts. */
import { shopEndpoints as ep } from "../../core/api/shop.ts";
import { readEditToken } from "../http/edit-token.ts";
import { json, problem } from "../http/problem.ts";
import { checkRate, LIST_CHANGES_LIMIT, type RateLimit } from "../http/rate-limit.ts";
import { param, type Route, serve } from "../http/router.ts";
import { isWellFormedId } from "../lib/ids.ts";
import { listChangedOutsideRoom } from "../live/rooms.ts";
import { chooseListStore, createStore, deleteStore, listStores, updateStore } from "../services/stores.ts";

/** Store changes share the list changes' limiter (120 a minute per session), with their own words. */
const STORE_CHANGES_LIMIT: RateLimit = {
  ...LIST_CHANGES_LIMIT,
  message: "Too many changes to your stores in a short time. Please wait a minute and try again.",
};

const storeNotFound = () => problem(404, "store_not_found", "That store was not found.");

export const storeRoutes: Route[] = [
  serve(ep.stores, "user", async (c) => json(await listStores(c.db, c.user))),
  serve(ep.addStore, "user", async (c) => {
    await checkRate(c.request, c.env, STORE_CHANGES_LIMIT, c.caller);
    const body = await c.body();
    return json(await createStore(c.db, c.user, body), { status: 201 });
  }),
  serve(ep.updateStore, "user", async (c) => {
    if (!isWellFormedId(param(c.params, "storeId"))) return storeNotFound();
    await checkRate(c.request, c.env, STORE_CHANGES_LIMIT, c.caller);
    const body = await c.body();
    return json(await updateStore(c.db, c.user, param(c.params, "storeId"), body));
  }),
  serve(ep.removeStore, "user", async (c) => {
    if (!isWellFormedId(param(c.params, "storeId"))) return storeNotFound();
    await deleteStore(c.db, c.user, param(c.params, "storeId"));
    return new Response(null, { status: 204 });
  }),
  // The store a list is shown for: whoever may change the list, with a store of their own (or null).
  serve(ep.chooseListStore, "public", async (c) => {
    if (!isWellFormedId(param(c.params, "id"))) return problem(404, "list_not_found", "Shopping list not found.");
    await checkRate(c.request, c.env, LIST_CHANGES_LIMIT, c.caller);
    const body = await c.body();
    const chosen = await chooseListStore(c.db, c.caller, param(c.params, "id"), readEditToken(c.request), body.storeId);
    // Other open pages of the list regroup in the store's order at once (decision 0037).
    await listChangedOutsideRoom(c.env, chosen.id);
    return json(chosen);
  }),
];
