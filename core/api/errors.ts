/**
 * The API client's error types, apart from the client itself (core/api/client.ts) so that code
 * which only checks `instanceof ApiError` or reads a problem does not pull in zod and every answer
 * schema (the web app loads the client on demand, docs/decisions/0097-home-first-load-under-budget.md).
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

/** An answer that did not match its schema (a server/client version mismatch, a proxy page...). */
export class ApiShapeError extends Error {
  constructor(path: string, issues: string) {
    super(`Unexpected answer from ${path}: ${issues}`);
    this.name = "ApiShapeError";
  }
}

/** Header carrying an edit token (decision 0082). */
export const EDIT_TOKEN_HEADER = "x-edit-token";
