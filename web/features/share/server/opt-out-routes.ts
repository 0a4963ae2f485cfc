/**
 * 'Don't send me lists' (decision 0044; web/features/share/server/mail-opt-out.ts). The token is the right; no session is
 * asked for. GET answers the link's state; POST stops list mails to its address (any body: a mail provider's
 * RFC 8058 one-click POST sends `List-Unsubscribe=One-Click` form-encoded to the page, which calls this);
 * DELETE starts them again.
 */
import { emailEndpoints } from "../../../../core/api/email.ts";
import { json } from "../../../../worker/http/problem.ts";
import { param, type Route, serve } from "../../../../worker/http/router.ts";
import { optBackIn, optOut, optOutState } from "./mail-opt-out.ts";

const noStore = { "cache-control": "no-store" };

export const mailOptOutRoutes: Route[] = [
  serve(emailEndpoints.optOutState, "public", async (c) => json(await optOutState(c.db, param(c.params, "token")), { headers: noStore })),
  serve(emailEndpoints.optOut, "public", async (c) => json(await optOut(c.db, param(c.params, "token")), { headers: noStore })),
  serve(emailEndpoints.optBackIn, "public", async (c) => json(await optBackIn(c.db, param(c.params, "token")), { headers: noStore })),
];
