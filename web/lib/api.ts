/**
 * The home and list screens' API helpers, on top of the shared client (web/lib/api-client.ts:
 * JSON, cookies, bearer token from auth_token, non-OK -> ApiError "status: text", SPEC §7, §8).
 */
import { ApiError, fetchApi } from "./api-client.ts";

export { ApiError };

/** Calls the API (see fetchApi); null for an empty answer. */
export async function apiRequest<T = unknown>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<T> {
  return ((await fetchApi<T>(method, path, body)) ?? null) as T;
}

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
