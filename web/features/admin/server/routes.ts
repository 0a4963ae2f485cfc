/** The admin desk (docs/product/api.md): every route is `admin` (401 signed out, 403 for non-admins). */
import { adminEndpoints } from "../contract.ts";
import { json } from "../../../../worker/http/problem.ts";
import { param, type Route, serve } from "../../../../worker/http/router.ts";
import { deleteUser, listUsers, siteStats } from "./service.ts";

export const adminRoutes: Route[] = [
  serve(adminEndpoints.stats, "admin", async (c) => json(await siteStats(c.db))),
  serve(adminEndpoints.users, "admin", async (c) => json(await listUsers(c.db, c.query()))),
  serve(adminEndpoints.deleteUser, "admin", async (c) => {
    await deleteUser(c.db, c.user, param(c.params, "id"));
    return new Response(null, { status: 204 });
  }),
];
