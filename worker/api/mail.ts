/**
 * Mail plumbing for API handlers: send outbox rows after the response (waitUntil), and the
 * development-only outbox listing, which exists only when RECIPECART_DEV_OUTBOX is "1".
 */
import { siteEndpoints } from "../../core/api/site.ts";
import { linksIn } from "../mail/templates.ts";
import { devOutboxEnabled, keepSentSecrets, mailerFromEnv } from "../mail/mailer.ts";
import { deliver, listOutbox } from "../mail/outbox.ts";
import { json, problem } from "../http/problem.ts";
import { type ApiContext, type Route, serve } from "../http/router.ts";

/** Sends these outbox rows now; never throws (what fails is left for the scheduled retry). */
export function deliverNow(c: Pick<ApiContext, "db" | "env" | "requestId">, ids: string[]): Promise<void> {
  return deliver(c.db, mailerFromEnv(c.env), ids, { keepSecrets: keepSentSecrets(c.env) }).catch((err: unknown) => {
    console.error(`[${c.requestId}] mail delivery failed; the scheduled retry will pick it up`, err);
  });
}

export function deliverInBackground(c: Pick<ApiContext, "db" | "env" | "ctx" | "requestId">, ids: string[]): void {
  c.ctx.waitUntil(deliverNow(c, ids));
}

export const devRoutes: Route[] = [
  serve(siteEndpoints.devOutbox, "public", async (c) => {
    // Without the flag this answers exactly like a path that does not exist.
    if (!devOutboxEnabled(c.env)) return problem(404, "not_found", `No API endpoint at ${c.url.pathname}.`);
    // ?to=address: that address's mails only (the end-to-end tests' look-up).
    const rows = await listOutbox(c.db, { to: c.query().to ?? null });
    return json({
      mails: rows.map((r) => ({
        ...r,
        links: linksIn(r.text),
        createdAt: r.createdAt.toISOString(),
        sentAt: r.sentAt?.toISOString() ?? null,
      })),
    });
  }),
];
