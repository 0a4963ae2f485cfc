/** POST /api/shopping-lists/{id}/email (docs/product/api.md): rules in web/features/share/server/list-email.ts (decision 0021). */
import { emailEndpoints } from "../../../../core/api/email.ts";
import { appOrigin } from "../../../../worker/http/app-origin.ts";
import { clientKey } from "../../../../worker/http/rate-limit.ts";
import { json, problem } from "../../../../worker/http/problem.ts";
import { param, type Route, serve } from "../../../../worker/http/router.ts";
import { isWellFormedId } from "../../../../worker/lib/ids.ts";
import { emailShoppingList } from "./list-email.ts";
import { deliverInBackground } from "../../../../worker/api/mail.ts";

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
