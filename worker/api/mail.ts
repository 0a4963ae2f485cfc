/**
 * Mail plumbing for API handlers: send outbox rows after the response (waitUntil), and the
 * development-only outbox listing, which exists only when RECIPECART_DEV_OUTBOX is "1".
 */
import { linksIn } from "../mail/templates.ts";
import { mailerFromEnv } from "../mail/mailer.ts";
import { deliver, listOutbox } from "../mail/outbox.ts";
import { json, problem } from "../http/problem.ts";
import type { ApiContext, Route } from "../http/router.ts";

export function deliverInBackground(c: Pick<ApiContext, "db" | "env" | "ctx" | "requestId">, ids: string[]): void {
  const work = deliver(c.db, mailerFromEnv(c.env), ids).catch((err: unknown) => {
    console.error(`[${c.requestId}] mail delivery failed; the scheduled retry will pick it up`, err);
  });
  c.ctx.waitUntil(work);
}

export const devOutboxEnabled = (env: Env) => String((env as { RECIPECART_DEV_OUTBOX?: string }).RECIPECART_DEV_OUTBOX ?? "") === "1";

export const devRoutes: Route[] = [
  {
    method: "GET",
    path: "/api/dev/outbox",
    access: "public",
    async handler(c) {
      // Without the flag this answers exactly like a path that does not exist.
      if (!devOutboxEnabled(c.env)) return problem(404, "not_found", `No API endpoint at ${c.url.pathname}.`);
      const rows = await listOutbox(c.db);
      return json({
        mails: rows.map((r) => ({
          ...r,
          links: linksIn(r.text),
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt?.toISOString() ?? null,
        })),
      });
    },
  },
];
