/** The same server address with another database name. */
export function withDatabase(connectionString: string, database: string): string {
  const url = new URL(connectionString);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

/** Database name a connection string points at (libpq's default is the user name). */
export function databaseName(connectionString: string): string {
  const url = new URL(connectionString);
  const fromPath = decodeURIComponent(url.pathname.replace(/^\//, ''));
  return fromPath || decodeURIComponent(url.username) || 'postgres';
}

/** The connection string without its password, for messages and logs. */
export function redactConnectionString(connectionString: string): string {
  try {
    const url = new URL(connectionString);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '(unparseable connection string)';
  }
}

/** Double-quoted SQL identifier. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
