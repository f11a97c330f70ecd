import {
  type CreateDbOptions,
  createDb,
  migrate,
  redactConnectionString,
  resolveDatabase,
  schema,
  seed,
} from '@opora/db';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './platform/config.ts';
import { createLogger } from './platform/logging.ts';

/** Longest a graceful shutdown may take before the process exits anyway. */
const shutdownTimeoutMs = 10_000;

type Cleanup = () => Promise<void>;

/**
 * The pool's size and timeouts (DATABASE_POOL_SIZE, DATABASE_QUERY_TIMEOUT_MS, DATABASE_ACQUIRE_TIMEOUT_MS);
 * a transaction left idle ends after packages/db's default.
 */
export function databaseOptions(config: Pick<Config, 'database'>): CreateDbOptions {
  return {
    max: config.database.poolSize,
    statementTimeoutMs: config.database.statementTimeoutMs,
    acquireTimeoutMs: config.database.acquireTimeoutMs,
  };
}

/**
 * Boots Opora: validated configuration, the database (DATABASE_URL or the embedded server in
 * DATA_DIR), migrations, reference data (and demo data into an empty database), then the HTTP
 * server. SIGTERM/SIGINT close everything in reverse order of opening.
 */
export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
    return;
  }
  const logger = createLogger(config);

  const cleanups: Cleanup[] = [];
  const closeAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        logger.error({ err: error }, 'shutdown step failed');
      }
    }
  };
  const grace = closeWithGrace(
    {
      delay: shutdownTimeoutMs,
      logger: { error: (message: unknown) => logger.error({ err: message }, 'shutdown') },
    },
    async ({ signal, err }) => {
      if (err) logger.fatal({ err }, 'stopping after an unexpected error');
      else logger.info({ signal }, 'shutting down');
      await closeAll();
    },
  );

  try {
    // Our own shutdown stops the embedded server last, after connections are closed.
    const database = await resolveDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      handleSignals: false,
    });
    cleanups.push(database.stop);
    logger.info(
      { database: redactConnectionString(database.url), embedded: database.embedded },
      'database resolved',
    );

    await migrate(database.url);
    const handle = createDb(database.url, databaseOptions(config));
    cleanups.push(handle.close);

    // Demo data only into a database that has none yet: later starts keep what people changed.
    const firstStart = (await handle.db.$count(schema.providers)) === 0;
    await seed(handle.db, { demo: config.seedDemo && firstStart, expectedUrl: database.url });

    const app = await buildApp({ config, db: handle.db, logger });
    cleanups.push(() => app.close());
    await app.listen({ port: config.port, host: config.host });

    const seconds = (performance.now() / 1000).toFixed(1);
    logger.info(`Opora ready at ${config.publicUrl} (${seconds}s)`);
  } catch (error) {
    logger.fatal({ err: error }, 'start failed');
    // Without its handlers the process exits by itself, keeping the failure exit code.
    grace.uninstall();
    await closeAll();
    process.exitCode = 1;
  }
}

if (import.meta.main) {
  await startServer();
}
