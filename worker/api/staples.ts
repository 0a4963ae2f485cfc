/** A signed-in user's own pantry staples (docs/product/api.md, decision 0028); rules in worker/services/staples.ts. */
import { stapleEndpoints } from "../../core/api/staples.ts";
import { json } from "../http/problem.ts";
import { checkRate, STAPLES_LIMIT } from "../http/rate-limit.ts";
import { param, type Route, serve } from "../http/router.ts";
import { addStaple, readStaples, removeStaple, setBuiltInStaples } from "../services/staples.ts";

const BODY_MAX_BYTES = 4 * 1024;

export const stapleRoutes: Route[] = [
  serve(stapleEndpoints.list, "user", async (c) => json(await readStaples(c.db, c.user.id))),
  serve(stapleEndpoints.add, "user", async (c) => {
    await checkRate(c.request, c.env, STAPLES_LIMIT, c.caller);
    const body = await c.body(BODY_MAX_BYTES);
    return json(await addStaple(c.db, c.user.id, body));
  }),
  // Before the :key route, so "built-in" is never read as a key.
  serve(stapleEndpoints.setBuiltIn, "user", async (c) => {
    await checkRate(c.request, c.env, STAPLES_LIMIT, c.caller);
    const body = await c.body(BODY_MAX_BYTES);
    return json(await setBuiltInStaples(c.db, c.user.id, body.on));
  }),
  serve(stapleEndpoints.remove, "user", async (c) => {
    await checkRate(c.request, c.env, STAPLES_LIMIT, c.caller);
    return json(await removeStaple(c.db, c.user.id, param(c.params, "key")));
  }),
];
