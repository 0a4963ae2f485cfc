/**
 * The contact form (docs/product/api.md, decision 0021): POST /api/contact stores the message and queues
 * its mail to the support address; GET /api/admin/contact-messages is the admin desk's read-only list.
 */
import { CONTACT_BODY_MAX_BYTES, contactEndpoints } from "../../core/api/contact.ts";
import { json } from "../http/problem.ts";
import { CONTACT_EMAIL_LIMIT, CONTACT_IP_LIMIT, checkRate } from "../http/rate-limit.ts";
import { type Route, serve } from "../http/router.ts";
import { listContactMessages, storeContactMessage } from "../services/contact.ts";
import { deliverInBackground } from "./mail.ts";

/** SUPPORT_EMAIL from wrangler.toml (or `--var`); empty means messages are stored only. */
export function supportEmail(env: object): string | null {
  const value = String((env as { SUPPORT_EMAIL?: string }).SUPPORT_EMAIL ?? "").trim();
  return value ? value : null;
}

export const contactRoutes: Route[] = [
  serve(contactEndpoints.send, "public", async (c) => {
    // Validated first, so a message refused for a typo does not use up the sender's budget.
    const body = await c.body(CONTACT_BODY_MAX_BYTES);
    // Per client address, signed in or not (a session would let one person send on several budgets),
    // and per sender e-mail, which also holds where every local client shares one address.
    await checkRate(c.request, c.env, CONTACT_IP_LIMIT);
    await checkRate(c.request, c.env, CONTACT_EMAIL_LIMIT, body.email);
    const stored = await storeContactMessage(c.db, body, supportEmail(c.env));
    if (stored.outboxId) deliverInBackground(c, [stored.outboxId]);
    return json({ received: true, message: "Message sent" }, { status: 202 });
  }),
  serve(contactEndpoints.messages, "admin", async (c) => json(await listContactMessages(c.db, c.query()))),
];
