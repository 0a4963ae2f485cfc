/** Favourites and list history of the signed-in user (docs/product/api.md); rules in web/features/favorites-history/server/service.ts. */
import { favoriteEndpoints } from "../../../../core/api/favorites.ts";
import { readEditToken } from "../../../../worker/http/edit-token.ts";
import { json } from "../../../../worker/http/problem.ts";
import { param, type Route, serve } from "../../../../worker/http/router.ts";
import {
  favoriteList,
  favoriteRecipe,
  listFavoriteLists,
  listFavoriteRecipes,
  listHistory,
  unfavoriteList,
  unfavoriteRecipe,
} from "./service.ts";

export const favoriteRoutes: Route[] = [
  serve(favoriteEndpoints.recipes, "user", async (c) => json({ recipes: await listFavoriteRecipes(c.db, c.user) })),
  serve(favoriteEndpoints.lists, "user", async (c) => json({ lists: await listFavoriteLists(c.db, c.user) })),
  serve(favoriteEndpoints.addRecipe, "user", async (c) =>
    json(await favoriteRecipe(c.db, c.caller, c.user, param(c.params, "id"), readEditToken(c.request))),
  ),
  serve(favoriteEndpoints.removeRecipe, "user", async (c) => json(await unfavoriteRecipe(c.db, c.caller, c.user, param(c.params, "id")))),
  serve(favoriteEndpoints.addList, "user", async (c) => json(await favoriteList(c.db, c.user, param(c.params, "id")))),
  serve(favoriteEndpoints.removeList, "user", async (c) => json(await unfavoriteList(c.db, c.user, param(c.params, "id")))),
  serve(favoriteEndpoints.history, "user", async (c) => {
    const started = performance.now();
    const answer = await listHistory(c.db, c.user, c.query());
    // The handler's own time for the bench (bench/history.ts).
    return json(answer, { headers: { "server-timing": `app;dur=${(performance.now() - started).toFixed(1)}` } });
  }),
];
