/** Favourites and list history of the signed-in user (docs/product/api.md); rules in worker/services/favorites.ts. */
import { problem } from "../http/problem.ts";
import type { Route } from "../http/router.ts";

const notReady = () => problem(501, "not_implemented", "This is not available yet.");

export const favoriteRoutes: Route[] = [
  { method: "GET", path: "/api/users/me/favorites/recipes", access: "user", handler: notReady },
  { method: "GET", path: "/api/users/me/favorites/lists", access: "user", handler: notReady },
  { method: "POST", path: "/api/recipes/:id/favorite", access: "user", handler: notReady },
  { method: "DELETE", path: "/api/recipes/:id/favorite", access: "user", handler: notReady },
  { method: "POST", path: "/api/shopping-lists/:id/favorite", access: "user", handler: notReady },
  { method: "DELETE", path: "/api/shopping-lists/:id/favorite", access: "user", handler: notReady },
  { method: "GET", path: "/api/users/me/shopping-lists", access: "user", handler: notReady },
];
