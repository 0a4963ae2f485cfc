/** The admin desk (docs/product/api.md): every route is `admin` (401 signed out, 403 for non-admins). */
import { problem } from "../http/problem.ts";
import type { Route } from "../http/router.ts";

const notReady = () => problem(501, "not_implemented", "This is not available yet.");

export const adminRoutes: Route[] = [
  { method: "GET", path: "/api/admin/stats", access: "admin", handler: notReady },
  { method: "GET", path: "/api/admin/users", access: "admin", handler: notReady },
  { method: "DELETE", path: "/api/admin/users/:id", access: "admin", handler: notReady },
];
