import { siteEndpoints } from "../../core/api/site.ts";
import { count } from "drizzle-orm";
import { users } from "../db/schema.ts";
import { json } from "../http/problem.ts";
import { type Route, serve } from "../http/router.ts";

export const healthRoutes: Route[] = [
  serve(siteEndpoints.health, "public", async ({ db }) => {
    // Touches D1 so that a missing migration shows up here, not on a user's first click.
    await db.select({ n: count() }).from(users);
    return json({ ok: true });
  }),
];
