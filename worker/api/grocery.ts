/** Ordering for delivery (docs/product/api.md): store search, preferences, grocery orders. Rules in worker/services/grocery/orders.ts. */
import { CreateGroceryOrderRequestSchema } from "../../core/api/grocery.ts";
import { appOrigin } from "../http/app-origin.ts";
import { json, problem, readJson } from "../http/problem.ts";
import { checkRate, GROCERY_LIMIT } from "../http/rate-limit.ts";
import { param, type Route } from "../http/router.ts";
import { isWellFormedId } from "../lib/ids.ts";
import {
  createGroceryOrder,
  getDemoOrder,
  getPreferences,
  providerFor,
  searchStores,
  type GroceryConfig,
} from "../services/grocery/orders.ts";

const config = (env: Env) => env as unknown as GroceryConfig;

export const groceryRoutes: Route[] = [
  {
    method: "GET",
    access: "public",
    // The demo's checkout page reads this; order ids are unguessable, and only demo orders answer.
    path: "/api/grocery/demo-orders/:id",
    async handler(c) {
      const order = isWellFormedId(param(c.params, "id")) ? await getDemoOrder(c.db, param(c.params, "id")) : null;
      return order ? json(order) : problem(404, "order_not_found", "Order not found.");
    },
  },
  {
    method: "GET",
    access: "public",
    path: "/api/grocery/:provider/stores/search",
    async handler(c) {
      const provider = providerFor(param(c.params, "provider"), config(c.env), () => appOrigin(c.env));
      await checkRate(c.request, c.env, GROCERY_LIMIT, c.caller);
      const result = await searchStores(c.db, provider, c.url.searchParams.get("zip"));
      return json(result);
    },
  },
  {
    method: "GET",
    access: "user",
    path: "/api/grocery/:provider/preferences",
    async handler(c) {
      const provider = providerFor(param(c.params, "provider"), config(c.env), () => appOrigin(c.env));
      return json(await getPreferences(c.db, c.user.id, provider));
    },
  },
  {
    method: "POST",
    access: "public",
    path: "/api/shopping-lists/:id/grocery-order",
    async handler(c) {
      if (!isWellFormedId(param(c.params, "id"))) return problem(404, "list_not_found", "Shopping list not found.");
      const body = await readJson(c.request, CreateGroceryOrderRequestSchema, 10_000);
      const origin = appOrigin(c.env);
      const provider = providerFor(body.provider, config(c.env), () => origin);
      await checkRate(c.request, c.env, GROCERY_LIMIT, c.caller);
      const result = await createGroceryOrder(c.db, c.caller, param(c.params, "id"), body, provider, origin);
      return json(result, { status: 201 });
    },
  },
];
