/** The value, or a failed test that says what was missing (rather than a `!` assertion). */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing`);
  return value;
}
