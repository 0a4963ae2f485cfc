/**
 * The browser's API client: core's typed client (core/api/client.ts) with the global fetch and the
 * session token from local storage (`auth_token`, docs/product/constants.md). Components call `api.recipes.parse(...)`
 * and get zod-checked answers; failures are ApiError ("status: text", docs/product/messages.md).
 */
import { createApiClient } from "../../core/api/client.ts";

export { ApiError, type Problem } from "../../core/api/client.ts";

/** docs/product/constants.md: local storage key for the session token. */
export const AUTH_TOKEN_KEY = "auth_token";

/** The stored session token, or null (also null during server render or with storage blocked). */
export function getAuthToken(): string | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Stores (or with null, removes) the session token. */
export function setAuthToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(AUTH_TOKEN_KEY, token);
    else localStorage.removeItem(AUTH_TOKEN_KEY);
  } catch {
    // Storage blocked (private mode, policy): the cookie session still works.
  }
}

/** The app's one API client. `fetch` is looked up per call so tests can stub the global. */
export const api = createApiClient({ fetch: (input, init) => fetch(input, init as RequestInit), getToken: getAuthToken });
