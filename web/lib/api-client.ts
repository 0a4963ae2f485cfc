/**
 * The browser's way to call the JSON API (SPEC §7): JSON bodies, cookies included, and
 * `Authorization: Bearer <auth_token>` when local storage holds a token. Any non-OK answer
 * throws ApiError whose message is "status: response text" (or the status text when the body
 * is empty), as SPEC §8 says; the parsed problem+json body rides along for nicer copy.
 */

/** SPEC §9: local storage key for the session token. */
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

/** The problem+json body the API sends with every non-2xx answer (worker/http/problem.ts). */
export interface Problem {
  status: number;
  code?: string;
  title?: string;
  message?: string;
  errors?: Record<string, string[]>;
  requestId?: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem | null;
  constructor(status: number, message: string, problem: Problem | null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.problem = problem;
  }
  /** The server's human message when it sent one, else the raw "status: text" message. */
  get displayMessage(): string {
    return this.problem?.message ?? this.message;
  }
}

/** Headers every API call carries: JSON accept, and the bearer token when one is stored. */
export function getApiHeaders(hasBody: boolean): Headers {
  const headers = new Headers({ accept: "application/json" });
  if (hasBody) headers.set("content-type", "application/json");
  const token = getAuthToken();
  if (token) headers.set("authorization", `Bearer ${token}`);
  return headers;
}

/**
 * Calls the API and returns the parsed JSON (undefined for 204). Throws ApiError on a non-OK
 * answer. Never retries (SPEC §9).
 *
 * @example
 * const { user } = await fetchApi<{ user: User }>("GET", "/api/auth/me");
 * await fetchApi("POST", "/api/recipes/parse", { url });
 */
export async function fetchApi<T = unknown>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
  init: { signal?: AbortSignal } = {},
): Promise<T> {
  const hasBody = body !== undefined;
  const res = await fetch(path, {
    method,
    credentials: "include",
    headers: getApiHeaders(hasBody),
    body: hasBody ? JSON.stringify(body) : undefined,
    signal: init.signal,
  });
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new ApiError(res.status, `${res.status}: ${text || res.statusText}`, parseProblem(text, res.status));
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

function parseProblem(text: string, status: number): Problem | null {
  if (!text) return null;
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === "object") return { status, ...(body as Omit<Problem, "status">) };
  } catch {
    // not JSON
  }
  return null;
}
