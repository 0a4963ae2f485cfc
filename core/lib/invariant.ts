/**
 * Checks for things the code relies on but the type system cannot see (an array index known to be
 * in range, a regex group that always matches). A failure is a bug in our code, never bad input,
 * so it throws an `InvariantError` naming what was missing instead of carrying `undefined` on.
 */
export class InvariantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "InvariantError";
  }
}

/** `value`, or an `InvariantError` saying "`what` is missing" when it is undefined or null. */
export function defined<T>(value: T | undefined | null, what: string): T {
  if (value === undefined || value === null) throw new InvariantError(`${what} is missing`);
  return value;
}

/** Throws an `InvariantError` with `message` unless `condition` holds. */
export function invariant(condition: unknown, message: string): asserts condition {
  if (!condition) throw new InvariantError(message);
}
