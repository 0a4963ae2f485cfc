/** Helpers for showing API failures (docs/product/messages.md); calls go through `api` (web/lib/api-client.ts). */
import { ApiError } from "./api-client.ts";

export { api, ApiError } from "./api-client.ts";

/**
 * The error text for a toast: "status: message". For a problem+json answer the message is
 * the problem's human message rather than the raw JSON body.
 *
 * @example
 * errorText(new ApiError(422, '422: {"message":"No recipe"}', { status: 422, message: "No recipe" })) // "422: No recipe"
 */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return error.problem?.message ? `${error.status}: ${error.problem.message}` : error.message;
  return error instanceof Error ? error.message : String(error);
}
