import pg from 'pg';

export interface ChannelListenerHandlers {
  /** A notification on the channel arrived (payload as sent, often a table name). */
  onNotification(payload: string): void;
  /**
   * The listening connection is up and `LISTEN` took effect (first time or after a loss): anything
   * committed while it was down was not heard.
   */
  onListening(): void;
  /** The connection was lost (or could not be opened); a reconnect follows after a backoff. */
  onLost(error: Error | undefined): void;
}

export interface ChannelListenerOptions {
  /** Shown in `pg_stat_activity`. */
  applicationName: string;
  /** First wait before reconnecting; doubles per failed attempt up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
}

export interface ChannelListener {
  /** Resolves once the first `LISTEN` took effect or the first attempt failed (reconnects go on). */
  readonly started: Promise<void>;
  /** Whether `LISTEN` is in effect now. */
  readonly listening: boolean;
  /** Stops reconnecting and ends the connection. */
  close(): Promise<void>;
}

/**
 * `LISTEN <channel>` on a connection of its own, outside any pool (a pooled connection would be lent
 * to queries and lose its LISTEN on return), reopened with exponential backoff whenever it is lost.
 */
export function listenToChannel(
  connectionString: string,
  channel: string,
  handlers: ChannelListenerHandlers,
  options: ChannelListenerOptions,
): ChannelListener {
  const minBackoffMs = options.minBackoffMs ?? 100;
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;
  let closed = false;
  let listening = false;
  let client: pg.Client | undefined;
  let backoffMs = minBackoffMs;
  let timer: NodeJS.Timeout | undefined;

  const lost = (current: pg.Client, error: Error | undefined) => {
    if (client !== current) return;
    client = undefined;
    listening = false;
    current.removeAllListeners('notification');
    current.end().catch(() => {});
    if (closed) return;
    handlers.onLost(error);
    timer = setTimeout(() => void connect(), backoffMs);
    backoffMs = Math.min(backoffMs * 2, maxBackoffMs);
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const current = new pg.Client({
      connectionString,
      application_name: options.applicationName,
      keepAlive: true,
    });
    client = current;
    current.on('error', (error) => lost(current, error));
    current.on('end', () => lost(current, undefined));
    current.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    try {
      await current.connect();
      await current.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(current, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (client !== current) return;
    listening = true;
    backoffMs = minBackoffMs;
    handlers.onListening();
  };

  const started = connect();
  return {
    started,
    get listening() {
      return listening;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      listening = false;
      await current?.end().catch(() => {});
    },
  };
}
