import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema.ts";

/** A drizzle handle on the D1 binding, with the app's schema and snake_case columns. */
export function createDb(d1: D1Database) {
  return drizzle(d1, { schema, casing: "snake_case" });
}

export type Db = ReturnType<typeof createDb>;
