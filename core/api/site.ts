/** Endpoints of the site itself: the health check, and the development outbox (only with RECIPECART_DEV_OUTBOX=1). */
import { z } from "zod";
import { endpoint } from "./endpoint.ts";

export const HealthSchema = z.object({ ok: z.literal(true) });

/** ?to=address: that address's mails only. */
export const DevOutboxQuerySchema = z.object({ to: z.string().optional() });

export const siteEndpoints = {
  health: endpoint("GET", "/api/health", { answer: HealthSchema }),
  /** Read by the tests and `npm start`'s local mail view, not by the clients. */
  devOutbox: endpoint("GET", "/api/dev/outbox", { query: DevOutboxQuerySchema }),
};
