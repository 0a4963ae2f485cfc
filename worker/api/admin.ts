/** The admin desk (docs/product/api.md): every route is `admin` (401 signed out, 403 for non-admins). */
import { AdminUsersQuerySchema } from "../../core/api/admin.ts";
import { json } from "../http/problem.ts";
import { readQuery } from "../http/query.ts";
import { param, type Route } from "../http/router.ts";
import { deleteUser, listUsers, siteStats } from "../services/admin.ts";

export const adminRoutes: Route[] = [
  { method: "GET", path: "/api/admin/stats", access: "admin", handler: async (c) => json(await siteStats(c.db)) },
  {
    method: "GET",
    path: "/api/admin/users",
    access: "admin",
    handler: async (c) => json(await listUsers(c.db, readQuery(c.url, AdminUsersQuerySchema))),
  },
  {
    method: "DELETE",
    path: "/api/admin/users/:id",
    access: "admin",
    async handler(c) {
      await deleteUser(c.db, c.user, param(c.params, "id"));
      return new Response(null, { status: 204 });
    },
  },
];
