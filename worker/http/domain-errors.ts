/**
 * The one place that maps domain errors (worker/services/errors.ts) to HTTP: a status per kind
 * and a problem+json body with the error's stable code and message. A rate-limited answer also
 * carries Retry-After.
 */
import type { DomainError, DomainErrorKind } from "../services/errors.ts";
import { problem } from "./problem.ts";

export const STATUS_BY_KIND: Record<DomainErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  unsupported: 415,
  unprocessable: 422,
  rate_limited: 429,
  upstream: 502,
  upstream_timeout: 504,
};

export function domainErrorResponse(err: DomainError): Response {
  const res = problem(STATUS_BY_KIND[err.kind], err.code, err.message, err.details);
  const retry = err.details.retryAfterSeconds;
  if (err.kind === "rate_limited" && typeof retry === "number") res.headers.set("retry-after", String(Math.max(1, Math.ceil(retry))));
  return res;
}
