/**
 * Every API route, in one table. Each area keeps its routes in its own module; each route serves an
 * endpoint declared once in its contract (core/api/endpoint.ts), which the typed clients call too.
 */
import { problem } from "../http/problem.ts";
import { type ApiContext, createRouter, type Route } from "../http/router.ts";
import { adminRoutes } from "../../web/features/admin/server/routes.ts";
import { authRoutes } from "../../web/features/accounts/server/routes.ts";
import { contactRoutes } from "./contact.ts";
import { extensionAuthRoutes } from "../../web/features/accounts/server/extension-routes.ts";
import { favoriteRoutes } from "../../web/features/favorites-history/server/routes.ts";
import { groceryRoutes } from "../../web/features/grocery/server/routes.ts";
import { householdRoutes } from "../../web/features/household/server/routes.ts";
import { healthRoutes } from "./health.ts";
import { listEmailRoutes } from "../../web/features/share/server/list-email-routes.ts";
import { mailOptOutRoutes } from "../../web/features/share/server/opt-out-routes.ts";
import { listRoutes } from "../../web/features/shopping-list/server/routes.ts";
import { oauthRoutes } from "../../web/features/accounts/server/oauth-routes.ts";
import { devOutboxEnabled } from "../mail/mailer.ts";
import { devRoutes } from "./mail.ts";
import { recipeRoutes } from "../../web/features/recipes/server/routes.ts";
import { shareRoutes } from "../../web/features/share/server/routes.ts";
import { stapleRoutes } from "./staples.ts";
import { storeRoutes } from "./stores.ts";
import { userRoutes } from "../../web/features/accounts/server/user-routes.ts";

/** The served endpoints (worker/api/endpoints.test.ts holds them against the declarations). */
export const apiRoutes: Route[] = [
  ...healthRoutes,
  ...authRoutes,
  ...oauthRoutes,
  ...extensionAuthRoutes,
  ...userRoutes,
  ...listRoutes,
  ...recipeRoutes,
  ...groceryRoutes,
  ...listEmailRoutes,
  ...mailOptOutRoutes,
  ...shareRoutes,
  ...favoriteRoutes,
  ...stapleRoutes,
  ...storeRoutes,
  ...adminRoutes,
  ...contactRoutes,
  ...householdRoutes,
  ...devRoutes,
];

const router = createRouter(apiRoutes);

export function handleApi(base: Omit<ApiContext, "params">): Promise<Response> {
  // Development-only routes do not exist at all without their flag (not even as a 405).
  if (base.url.pathname.startsWith("/api/dev/") && !devOutboxEnabled(base.env)) {
    return Promise.resolve(problem(404, "not_found", `No API endpoint at ${base.url.pathname}.`));
  }
  return router(base);
}
