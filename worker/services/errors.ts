/**
 * Domain errors: what a service says when a use case cannot go ahead. Services know nothing of
 * HTTP (mail and order jobs call them outside any request); only the HTTP layer
 * (worker/http/domain-errors.ts) turns a kind into a status code and a problem body.
 */

/** What went wrong, in the domain's words. Each kind has exactly one HTTP status. */
export type DomainErrorKind =
  | "invalid" // the input breaks a rule
  | "unauthenticated" // needs a signed-in caller
  | "forbidden" // signed in (or not) but not allowed
  | "not_found"
  | "conflict" // e.g. an e-mail already in use
  | "too_large"
  | "unsupported" // a media type we do not read
  | "unprocessable" // well-formed but nothing usable in it (no recipe on the page)
  | "rate_limited"
  | "upstream" // a remote site failed us
  | "upstream_timeout";

export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  /** Stable snake_case code clients may branch on ("email_taken"). */
  readonly code: string;
  /** Extra fields for the answer: per-field `errors`, `retryAfterSeconds`, ... */
  readonly details: Record<string, unknown>;
  constructor(kind: DomainErrorKind, code: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = "DomainError";
    this.kind = kind;
    this.code = code;
    this.details = details;
  }
}

export function isDomainError(err: unknown): err is DomainError {
  return err instanceof DomainError;
}
