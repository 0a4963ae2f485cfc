/**
 * The client's one way to call the API (SPEC §7, §8): JSON bodies, cookies included, the
 * bearer token from local storage key auth_token when there is one. A non-OK answer throws an
 * Error reading "status: text" — the problem's message when the body is a problem, else the
 * response text, else the status text.
 */

/** Local storage key of the session token (SPEC §4, §9). */
export const AUTH_TOKEN_KEY = "auth_token";

function readToken(): string | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The error thrown for a non-OK answer; `message` is "status: text". */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  constructor(status: number, text: string, code?: string) {
    super(`${status}: ${text}`);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

/**
 * Calls the API and returns the parsed JSON (or null for an empty body).
 *
 * @example
 * const list = await apiRequest<ShoppingList>("POST", "/api/shopping-lists", { name, recipeIds });
 */
export async function apiRequest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  const token = readToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(path, {
    method,
    headers,
    credentials: "include",
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) {
    let message = text || res.statusText;
    let code: string | undefined;
    if (text && /json/i.test(res.headers.get("content-type") ?? "")) {
      try {
        const problem = JSON.parse(text) as { message?: unknown; code?: unknown };
        if (typeof problem.message === "string" && problem.message) message = problem.message;
        if (typeof problem.code === "string") code = problem.code;
      } catch {
        // not JSON after all: keep the raw text
      }
    }
    throw new ApiError(res.status, message, code);
  }
  return (text ? JSON.parse(text) : null) as T;
}

/** The message of any thrown value, for a toast's description. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
