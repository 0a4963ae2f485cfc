/** A signed-in user's own pantry staples (docs/product/api.md, decision 0028); rules in worker/services/staples.ts. */
import { AddStapleRequestSchema, BuiltInStaplesRequestSchema } from "../../core/api/staples.ts";
import { json, readJson } from "../http/problem.ts";
import { checkRate, STAPLES_LIMIT } from "../http/rate-limit.ts";
import { param, type Route } from "../http/router.ts";
import { addStaple, readStaples, removeStaple, setBuiltInStaples } from "../services/staples.ts";

const BODY_MAX_BYTES = 4 * 1024;

export const stapleRoutes: Route[] = [
  {
    method: "GET",
    path: "/api/users/me/staples",
    access: "user",
    handler: async (c) => json(await readStaples(c.db, c.user.id)),
  },
  {
    method: "POST",
    path: "/api/users/me/staples",
    access: "user",
    async handler(c) {
      await checkRate(c.request, c.env, STAPLES_LIMIT, c.caller);
      const body = await readJson(c.request, AddStapleRequestSchema, BODY_MAX_BYTES);
      return json(await addStaple(c.db, c.user.id, body));
    },
  },
  {
    // Before the :key route, so "built-in" is never read as a key.
    method: "PUT",
    path: "/api/users/me/staples/built-in",
    access: "user",
    async handler(c) {
      await checkRate(c.request, c.env, STAPLES_LIMIT, c.caller);
      const body = await readJson(c.request, BuiltInStaplesRequestSchema, BODY_MAX_BYTES);
      return json(await setBuiltInStaples(c.db, c.user.id, body.on));
    },
  },
  {
    method: "DELETE",
    path: "/api/users/me/staples/:key",
    access: "user",
    async handler(c) {
      await checkRate(c.request, c.env, STAPLES_LIMIT, c.caller);
      return json(await removeStaple(c.db, c.user.id, param(c.params, "key")));
    },
  },
];
