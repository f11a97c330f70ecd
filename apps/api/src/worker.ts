import { createDb, migrate, redactConnectionString } from '@opora/db';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { createLogger } from './platform/logging.ts';
import { databaseOptions } from './server.ts';

/** Longest a stop may take: running jobs get 10 s to finish, the rest is closing. */
const shutdownTimeoutMs = 15_000;

/**
 * `pnpm worker`: the background workers (background-work.ts) without the HTTP server, for
 * deployments that run them apart from the API replicas, which then set JOBS_WORKER=false. Any number
 * may run; pg-boss hands each job to one of them. Needs DATABASE_URL: the embedded PostgreSQL belongs
 * to the process of `pnpm start`, which runs the workers itself. Migrates like the server (the two
 * take turns on the migration lock), builds the app without listening, and works until SIGTERM or
 * SIGINT, letting running jobs finish.
 */
export async function startWorker(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ ...env, JOBS_WORKER: 'true' });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
    return;
  }
  if (config.databaseUrl === undefined) {
    console.error(
      'pnpm worker needs DATABASE_URL: without it, pnpm start runs the workers in its own process.',
    );
    process.exitCode = 1;
    return;
  }
  const logger = createLogger(config);
  const handle = createDb(config.databaseUrl, {
    ...databaseOptions(config),
    applicationName: 'opora-worker',
  });
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const closeAll = async () => {
    await app?.close();
    await handle.close();
  };
  const grace = closeWithGrace(
    {
      delay: shutdownTimeoutMs,
      logger: { error: (message: unknown) => logger.error({ err: message }, 'shutdown') },
    },
    async ({ signal, err }) => {
      if (err) logger.fatal({ err }, 'worker stopping after an unexpected error');
      else logger.info({ signal }, 'worker shutting down');
      await closeAll();
    },
  );
  try {
    await migrate(config.databaseUrl);
    app = await buildApp({ config, db: handle.db, logger });
    await app.ready();
    logger.info({ database: redactConnectionString(config.databaseUrl) }, 'Opora worker running');
  } catch (error) {
    logger.fatal({ err: error }, 'worker start failed');
    grace.uninstall();
    await closeAll();
    process.exitCode = 1;
  }
}

if (import.meta.main) {
  await startWorker();
}
