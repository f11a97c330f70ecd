/**
 * Real Keycloak on demand, without Docker: the server distribution from Maven Central
 * (`org.keycloak:keycloak-quarkus-dist`), unpacked into a cache folder git ignores, started in
 * development mode with `keycloak/realm-export.json` imported, on a JDK found under /usr/lib/jvm.
 * Used by `pnpm keycloak` (foreground) and by the test steps that compare the embedded issuer with
 * Keycloak and run the app against it.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './bench-support.ts';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The newest Keycloak 26 on Maven Central that runs on the JDKs of our machines (checked on
 * Temurin 25 and OpenJDK 17). The compose files pin the same release (`pnpm compose:check`).
 */
export const keycloakVersion = '26.7.3';

/** Java majors this Keycloak release runs on, preferred first (its release notes: 21 and 25; 17 still starts). */
const javaMajors = [25, 21, 17];

export const realmName = 'opora';
export const realmExportFile = path.join(root, 'keycloak', 'realm-export.json');

/** The master-realm administrator made at first start (`KC_BOOTSTRAP_ADMIN_*`); development only. */
export const bootstrapAdmin = { username: 'admin', password: 'admin-dev-only' } as const;

/**
 * The `opora-api` client secret the realm gets unless IDENTITY_ADMIN_CLIENT_SECRET says otherwise: the
 * API's own development default, so `IDENTITY_URL=http://localhost:8080 pnpm start` needs nothing else.
 */
export const developmentApiClientSecret = 'opora-api-development-secret';

export const cacheDir = process.env.KEYCLOAK_CACHE_DIR
  ? path.resolve(process.env.KEYCLOAK_CACHE_DIR)
  : path.join(root, '.cache', 'keycloak');

export const keycloakHome = path.join(cacheDir, `keycloak-${keycloakVersion}`);

function log(message: string): void {
  console.log(`keycloak: ${message}`);
}

/** `JAVA_VERSION="25.0.3"` of a JDK's `release` file → 25. */
function javaMajorOf(javaHome: string): number | undefined {
  try {
    const release = readFileSync(path.join(javaHome, 'release'), 'utf8');
    const version = /^JAVA_VERSION="([^"]+)"/m.exec(release)?.[1];
    if (!version) return undefined;
    const [first, second] = version.split('.').map(Number);
    return first === 1 ? second : first;
  } catch {
    return undefined;
  }
}

/**
 * The JDK to run Keycloak on: `KEYCLOAK_JAVA_HOME` when set, else the newest supported one under
 * /usr/lib/jvm (then `JAVA_HOME`).
 */
export function pickJavaHome(): { javaHome: string; major: number } {
  const explicit = process.env.KEYCLOAK_JAVA_HOME;
  if (explicit) {
    const major = javaMajorOf(explicit);
    if (major === undefined || !existsSync(path.join(explicit, 'bin', 'java')))
      throw new Error(`KEYCLOAK_JAVA_HOME=${explicit} is not a JDK (no bin/java or release file)`);
    return { javaHome: explicit, major };
  }
  const candidates: { javaHome: string; major: number }[] = [];
  const jvmDir = '/usr/lib/jvm';
  const homes = existsSync(jvmDir) ? readdirSync(jvmDir).map((name) => path.join(jvmDir, name)) : [];
  if (process.env.JAVA_HOME) homes.push(process.env.JAVA_HOME);
  for (const javaHome of homes) {
    const major = javaMajorOf(javaHome);
    if (major !== undefined && existsSync(path.join(javaHome, 'bin', 'java')))
      candidates.push({ javaHome, major });
  }
  for (const major of javaMajors) {
    const found = candidates.find((candidate) => candidate.major === major);
    if (found) return found;
  }
  const seen =
    candidates.map((candidate) => `${candidate.javaHome} (${candidate.major})`).join(', ') || 'none';
  throw new Error(
    `Keycloak ${keycloakVersion} needs a JDK ${javaMajors.join(', ')}; found ${seen}. Install one (e.g. apt-get install openjdk-17-jdk-headless) or set KEYCLOAK_JAVA_HOME.`,
  );
}

/** Downloads (Maven) and unpacks the distribution once; later calls find it in the cache. */
export async function ensureKeycloak(): Promise<string> {
  const marker = path.join(keycloakHome, 'bin', 'kc.sh');
  if (existsSync(marker)) return keycloakHome;
  await mkdir(cacheDir, { recursive: true });
  const archive = path.join(cacheDir, `keycloak-quarkus-dist-${keycloakVersion}.tar.gz`);
  if (!existsSync(archive)) {
    log(`fetching org.keycloak:keycloak-quarkus-dist:${keycloakVersion} with Maven…`);
    const mvn = spawnSync(
      'mvn',
      [
        '--batch-mode',
        '--quiet',
        'dependency:copy',
        `-Dartifact=org.keycloak:keycloak-quarkus-dist:${keycloakVersion}:tar.gz`,
        `-DoutputDirectory=${cacheDir}`,
      ],
      { stdio: 'inherit', cwd: cacheDir },
    );
    if (mvn.error)
      throw new Error(`Maven is needed to fetch Keycloak (apt-get install maven): ${mvn.error.message}`);
    if (mvn.status !== 0 || !existsSync(archive))
      throw new Error(`mvn dependency:copy failed (${mvn.status})`);
  }
  log('unpacking…');
  const staging = await mkdtemp(path.join(cacheDir, 'unpack-'));
  try {
    const tar = spawnSync('tar', ['-xzf', archive, '-C', staging], { stdio: 'inherit' });
    if (tar.status !== 0) throw new Error(`tar failed (${tar.status})`);
    // Renamed into place only when whole, so an interrupted unpack is never taken for a good one.
    spawnSync('mv', [path.join(staging, `keycloak-${keycloakVersion}`), keycloakHome], { stdio: 'inherit' });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  if (!existsSync(marker)) throw new Error(`unpacking ${archive} gave no ${marker}`);
  return keycloakHome;
}

export interface KeycloakOptions {
  /** HTTP port; default a free one. */
  port?: number;
  /**
   * Folder of Keycloak's H2 database. Default: a temporary folder removed at stop, so every run starts
   * from the realm export alone.
   */
  dataDir?: string;
  /** The browser origin the `web` client allows (OPORA_WEB_ORIGIN of the realm export). */
  webOrigin?: string;
  /** The `opora-api` client secret (OPORA_API_CLIENT_SECRET). */
  apiClientSecret?: string;
  /** More environment for Keycloak (e.g. SMTP_HOST / SMTP_PORT of the realm export). */
  env?: Record<string, string>;
  /** Where Keycloak's own output goes; default a file beside the database, printed on failure. */
  logFile?: string;
  /** Keycloak's output on this process's stdout instead (`pnpm keycloak`). */
  inheritOutput?: boolean;
  readyTimeoutMs?: number;
}

export interface RunningKeycloak {
  /** Base URL, e.g. http://localhost:8080 (no trailing slash). */
  url: string;
  port: number;
  version: string;
  javaHome: string;
  webOrigin: string;
  apiClientSecret: string;
  logFile: string | undefined;
  /** Ends Keycloak and every process it started; resolves when they are gone. */
  stop: () => Promise<void>;
  /** Resolves when Keycloak exits by itself (or after `stop`). */
  exited: Promise<number | null>;
}

/** In the background Keycloak runs in a process group of its own, ended as a whole. */
function kill(child: ChildProcess, signal: NodeJS.Signals, group: boolean): void {
  if (child.pid === undefined) return;
  try {
    process.kill(group ? -child.pid : child.pid, signal);
  } catch {
    // Already gone.
  }
}

/** Starts Keycloak with the realm imported and waits until the realm answers. */
export async function startKeycloak(options: KeycloakOptions = {}): Promise<RunningKeycloak> {
  const home = await ensureKeycloak();
  const { javaHome, major } = pickJavaHome();
  const port = options.port ?? (await freePort());
  const url = `http://localhost:${port}`;
  const temporary = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'opora-keycloak-')));
  await mkdir(dataDir, { recursive: true });
  const importDir = path.join(home, 'data', 'import');
  await mkdir(importDir, { recursive: true });
  await copyFile(realmExportFile, path.join(importDir, `${realmName}-realm.json`));
  const logFile = options.inheritOutput ? undefined : (options.logFile ?? path.join(dataDir, 'keycloak.log'));
  const webOrigin = options.webOrigin ?? 'http://localhost:3000';
  const apiClientSecret =
    options.apiClientSecret ?? process.env.IDENTITY_ADMIN_CLIENT_SECRET ?? developmentApiClientSecret;

  log(`starting ${keycloakVersion} on ${url} (Java ${major}: ${javaHome})`);
  // Keycloak writes straight into the file: no pipe through this process, which may be blocked in a
  // synchronous child of its own (scripts/test.ts) while Keycloak logs.
  const logFd = logFile ? openSync(logFile, 'w') : undefined;
  const child = spawn(
    path.join(home, 'bin', 'kc.sh'),
    [
      'start-dev',
      `--http-port=${port}`,
      // Development mode with a development admin and secret: reachable from this machine only.
      '--http-host=127.0.0.1',
      '--import-realm',
      // Same build options every time (dev-file), so Keycloak re-augments only on the first start.
      `--db-url=jdbc:h2:file:${path.join(dataDir, 'keycloakdb')};NON_KEYWORDS=VALUE`,
    ],
    {
      cwd: home,
      // In the foreground Ctrl+C reaches kc.sh with us (it forwards it to Java); in the background
      // (tests) Keycloak gets a process group of its own, so stopping it ends every process in it.
      detached: !options.inheritOutput,
      stdio: logFd === undefined ? 'inherit' : ['ignore', logFd, logFd],
      env: {
        ...process.env,
        JAVA_HOME: javaHome,
        KC_BOOTSTRAP_ADMIN_USERNAME: bootstrapAdmin.username,
        KC_BOOTSTRAP_ADMIN_PASSWORD: bootstrapAdmin.password,
        OPORA_WEB_ORIGIN: webOrigin,
        OPORA_API_CLIENT_SECRET: apiClientSecret,
        ...options.env,
      },
    },
  );
  if (logFd !== undefined) closeSync(logFd);
  const group = !options.inheritOutput;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // Whatever ends this process (a failed test run, Ctrl+C), Keycloak does not outlive it.
  const killOnExit = () => kill(child, 'SIGKILL', group);
  process.once('exit', killOnExit);
  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        kill(child, 'SIGTERM', group);
        const done = await Promise.race([
          exited.then(() => true),
          sleep(20_000, undefined, { ref: false }).then(() => false),
        ]);
        if (!done) kill(child, 'SIGKILL', group);
      }
      // kc.sh forwards the signal to Java and waits for it; nothing of the group may outlive us.
      if (group) kill(child, 'SIGKILL', true);
      await exited;
      process.removeListener('exit', killOnExit);
      if (temporary) await rm(dataDir, { recursive: true, force: true });
    })();
    return stopping;
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 180_000);
  const discovery = `${url}/realms/${realmName}/.well-known/openid-configuration`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      const tail =
        logFile && existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n') : '';
      await stop();
      throw new Error(`Keycloak exited (${child.exitCode ?? child.signalCode}) before it was ready\n${tail}`);
    }
    try {
      const response = await fetch(discovery, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) break;
      await response.body?.cancel();
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`Keycloak did not answer ${discovery} in time; its output: ${logFile ?? 'above'}`);
    }
    await sleep(250);
  }
  log(`ready: realm ${realmName} at ${url}/realms/${realmName}`);
  return { url, port, version: keycloakVersion, javaHome, webOrigin, apiClientSecret, logFile, stop, exited };
}
