/** POST /api/shopping-lists/{id}/email (docs/product/api.md): rules in worker/services/list-email.ts (decision 0021). */
import { emailEndpoints } from "../../core/api/email.ts";
import { appOrigin } from "../http/app-origin.ts";
import { clientKey } from "../http/rate-limit.ts";
import { json, problem } from "../http/problem.ts";
import { param, type Route, serve } from "../http/router.ts";
import { isWellFormedId } from "../lib/ids.ts";
import { emailShoppingList } from "../services/list-email.ts";
import { deliverInBackground } from "./mail.ts";

export const listEmailRoutes: Route[] = [
  serve(emailEndpoints.list, "public", async (c) => {
    if (!isWellFormedId(param(c.params, "id"))) return problem(404, "list_not_found", "Shopping list not found.");
    const { email } = await c.body(4_000);
    const senderKey = c.caller.user
      ? `u:${c.caller.user.id}`
      : `c:${clientKey(c.request, c.env as Parameters<typeof clientKey>[1]) ?? "internal"}`;
    const outboxId = await emailShoppingList(c.db, c.caller, param(c.params, "id"), email, { senderKey, appOrigin: appOrigin(c.env) });
    deliverInBackground(c, [outboxId]);
    return json({ sent: true, message: "Email sent" }, { status: 202 });
  }),
];
