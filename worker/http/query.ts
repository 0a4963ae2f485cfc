/** Validates a URL's query string with a zod schema (400 `invalid_query` with per-field errors). */
import type { z } from "zod";
import { fieldErrors, ProblemError } from "./problem.ts";

export function readQuery<S extends z.ZodType>(url: URL, schema: S): z.infer<S> {
  const raw: Record<string, string> = {};
  for (const [key, value] of url.searchParams) raw[key] = value;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ProblemError(400, "invalid_query", "The query is invalid.", { errors: fieldErrors(parsed.error) });
  return parsed.data;
}
