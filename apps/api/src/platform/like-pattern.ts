/** What someone typed is text, never a pattern: `%`, `_` and `\` match only themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, '\\$&');
}
