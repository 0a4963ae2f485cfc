import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema.ts";

/**
 * A drizzle handle on the D1 binding, or on one D1 session of it (worker/http/d1-session.ts), with the
 * app's schema and snake_case columns. Drizzle only prepares statements and sends batches, which a
 * session does as the binding does.
 */
export function createDb(d1: D1Database | D1DatabaseSession) {
  return drizzle(d1 as D1Database, { schema, casing: "snake_case" });
}

export type Db = ReturnType<typeof createDb>;
