/**
 * The API client's error types, apart from the client itself (core/api/client.ts) so that code
 * which only checks `instanceof ApiError` or reads a problem does not pull in zod and every answer
 * schema (the web app loads the client on demand, docs/decisions/0017-home-first-load.md).
 */

/** The problem+json body every non-2xx answer carries (worker/http/problem.ts), plus the status. */
export interface Problem {
  code?: string;
  title?: string;
  message?: string;
  errors?: Record<string, string[]>;
  requestId?: string;
  retryAfterSeconds?: number;
  status: number;
  [key: string]: unknown;
}

export class ApiError extends Error {
  readonly status: number;
  readonly problem: Problem | null;
  /**
   * How long the server asked the client to wait before trying again, in seconds: the answer's
   * Retry-After header, else the problem body's `retryAfterSeconds`; null when it said neither.
   */
  readonly retryAfterSeconds: number | null;
  constructor(status: number, message: string, problem: Problem | null, retryAfterSeconds?: number | null) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.problem = problem;
    const fromBody = problem?.retryAfterSeconds;
    this.retryAfterSeconds = retryAfterSeconds ?? (typeof fromBody === "number" && fromBody >= 0 ? fromBody : null);
  }
  /** The server's human message when it sent one, else the raw "status: text" message. */
  get displayMessage(): string {
    return this.problem?.message ?? this.message;
  }
}

/** An answer that did not match its schema (a server/client version mismatch, a proxy page...). */
export class ApiShapeError extends Error {
  constructor(path: string, issues: string) {
    super(`Unexpected answer from ${path}: ${issues}`);
    this.name = "ApiShapeError";
  }
}

/**
 * A Retry-After header's value in seconds (RFC 9110: delta-seconds or an HTTP date, read against
 * `now` in ms), or null when it is missing or unreadable. A date in the past is 0.
 */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  const v = value?.trim();
  if (!v) return null;
  if (/^\d+$/.test(v)) return Number(v);
  // An HTTP date names its weekday and month ("Fri, 27 Nov 2026 10:00:00 GMT"); Date.parse alone reads "-5" as a year.
  const at = /[a-z]{3}/i.test(v) ? Date.parse(v) : Number.NaN;
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Header carrying an edit token (decision 0013). */
export const EDIT_TOKEN_HEADER = "x-edit-token";
