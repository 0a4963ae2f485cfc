/** Ordering for delivery (docs/product/api.md): store search, preferences, grocery orders. Rules in web/features/grocery/server/service.ts. */
import { groceryEndpoints } from "../contract.ts";
import { appOrigin } from "../../../../worker/http/app-origin.ts";
import { json, problem } from "../../../../worker/http/problem.ts";
import { checkRate, GROCERY_LIMIT } from "../../../../worker/http/rate-limit.ts";
import { param, type Route, serve } from "../../../../worker/http/router.ts";
import { isWellFormedId } from "../../../../worker/lib/ids.ts";
import { createGroceryOrder, getDemoOrder, getPreferences, providerFor, searchStores, type GroceryConfig } from "./service.ts";

const config = (env: Env) => env as unknown as GroceryConfig;

export const groceryRoutes: Route[] = [
  // The demo's checkout page reads this; order ids are unguessable, and only demo orders answer.
  serve(groceryEndpoints.demoOrder, "public", async (c) => {
    const order = isWellFormedId(param(c.params, "id")) ? await getDemoOrder(c.db, param(c.params, "id")) : null;
    return order ? json(order) : problem(404, "order_not_found", "Order not found.");
  }),
  serve(groceryEndpoints.searchStores, "public", async (c) => {
    const provider = providerFor(param(c.params, "provider"), config(c.env), () => appOrigin(c.env));
    await checkRate(c.request, c.env, GROCERY_LIMIT, c.caller);
    const result = await searchStores(c.db, provider, c.url.searchParams.get("zip"));
    return json(result);
  }),
  serve(groceryEndpoints.preferences, "user", async (c) => {
    const provider = providerFor(param(c.params, "provider"), config(c.env), () => appOrigin(c.env));
    return json(await getPreferences(c.db, c.user.id, provider));
  }),
  serve(groceryEndpoints.order, "public", async (c) => {
    if (!isWellFormedId(param(c.params, "id"))) return problem(404, "list_not_found", "Shopping list not found.");
    const body = await c.body(10_000);
    const origin = appOrigin(c.env);
    const provider = providerFor(body.provider, config(c.env), () => origin);
    await checkRate(c.request, c.env, GROCERY_LIMIT, c.caller);
    const result = await createGroceryOrder(c.db, c.caller, param(c.params, "id"), body, provider, origin);
    return json(result, { status: 201 });
  }),
];
