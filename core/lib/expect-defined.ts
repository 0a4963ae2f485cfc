/**
 * For tests: `value` narrowed to defined, or a thrown error (a failed test) when it is undefined or
 * null. Use it where a test relies on something being there (a header, a row, an array element)
 * instead of a non-null assertion, which would let the test go on with `undefined`.
 */
export function expectDefined<T>(value: T | null | undefined, what = "value"): T {
  if (value === undefined || value === null) throw new Error(`expected the ${what} to be defined, got ${String(value)}`);
  return value;
}
