/** Favourites and list history of the signed-in user (docs/product/api.md); rules in worker/services/favorites.ts. */
import { HistoryQuerySchema } from "../../core/api/favorites.ts";
import { readEditToken } from "../http/edit-token.ts";
import { json } from "../http/problem.ts";
import { readQuery } from "../http/query.ts";
import { param, type Route } from "../http/router.ts";
import {
  favoriteList,
  favoriteRecipe,
  listFavoriteLists,
  listFavoriteRecipes,
  listHistory,
  unfavoriteList,
  unfavoriteRecipe,
} from "../services/favorites.ts";

export const favoriteRoutes: Route[] = [
  {
    method: "GET",
    path: "/api/users/me/favorites/recipes",
    access: "user",
    handler: async (c) => json({ recipes: await listFavoriteRecipes(c.db, c.user) }),
  },
  {
    method: "GET",
    path: "/api/users/me/favorites/lists",
    access: "user",
    handler: async (c) => json({ lists: await listFavoriteLists(c.db, c.user) }),
  },
  {
    method: "POST",
    path: "/api/recipes/:id/favorite",
    access: "user",
    handler: async (c) => json(await favoriteRecipe(c.db, c.caller, c.user, param(c.params, "id"), readEditToken(c.request))),
  },
  {
    method: "DELETE",
    path: "/api/recipes/:id/favorite",
    access: "user",
    handler: async (c) => json(await unfavoriteRecipe(c.db, c.caller, c.user, param(c.params, "id"))),
  },
  {
    method: "POST",
    path: "/api/shopping-lists/:id/favorite",
    access: "user",
    handler: async (c) => json(await favoriteList(c.db, c.user, param(c.params, "id"))),
  },
  {
    method: "DELETE",
    path: "/api/shopping-lists/:id/favorite",
    access: "user",
    handler: async (c) => json(await unfavoriteList(c.db, c.user, param(c.params, "id"))),
  },
  {
    method: "GET",
    path: "/api/users/me/shopping-lists",
    access: "user",
    async handler(c) {
      const started = performance.now();
      const answer = await listHistory(c.db, c.user, readQuery(c.url, HistoryQuerySchema));
      // The handler's own time for the bench (bench/history.ts).
      return json(answer, { headers: { "server-timing": `app;dur=${(performance.now() - started).toFixed(1)}` } });
    },
  },
];
