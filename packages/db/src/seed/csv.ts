/**
 * Parses a simple CSV file (header row, comma-separated, no quoting) into records keyed by the header.
 * Reference files in this repository never quote; a quote or a row with the wrong number of fields is
 * reported with its line number instead of being guessed at.
 */
export function parseSimpleCsv(text: string, source: string): Record<string, string>[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.trim() !== '');
  const [header, ...rows] = lines;
  if (!header) throw new Error(`${source}: the file is empty`);
  const columns = header.line.split(',').map((column) => column.trim());
  return rows.map(({ line, number }) => {
    if (line.includes('"')) throw new Error(`${source}:${number}: quoted fields are not supported`);
    const fields = line.split(',').map((field) => field.trim());
    if (fields.length !== columns.length) {
      throw new Error(`${source}:${number}: expected ${columns.length} fields, found ${fields.length}`);
    }
    return Object.fromEntries(columns.map((column, index) => [column, fields[index] ?? '']));
  });
}
