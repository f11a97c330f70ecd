/**
 * Whether `value` is one of `values`, narrowing it to their type. The closed `as const` tuples'
 * own `includes` takes only a member, so a string from outside (a URL, a form, a header) needs this.
 */
export function isOneOf<T>(values: readonly T[], value: unknown): value is T {
  return (values as readonly unknown[]).includes(value);
}
