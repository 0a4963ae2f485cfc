/** Every API route, in one table. Each area keeps its routes in its own module. */
import { createRouter } from "../http/router.ts";
import { authRoutes } from "./auth.ts";
import { groceryRoutes } from "./grocery.ts";
import { healthRoutes } from "./health.ts";
import { listRoutes } from "./lists.ts";
import { recipeRoutes } from "./recipes.ts";

export const handleApi = createRouter([...healthRoutes, ...authRoutes, ...listRoutes, ...recipeRoutes, ...groceryRoutes]);
