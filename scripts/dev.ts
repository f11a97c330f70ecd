/**
 * `pnpm dev`: the API on :3000 restarting on change (`node --watch`) and the Vite dev server on
 * :5173 with hot reload, proxying `/api`, `/realms` and `/dev/mail` to the API. Ctrl+C stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];

function run(name: string, command: string, args: string[], env: Record<string, string> = {}): void {
  // Own process group, so stopping reaches grandchildren too (pnpm → sh → vite).
  const child = spawn(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
    detached: true,
  });
  child.on('exit', (code, signal) => {
    if (signal) return;
    console.error(`${name} exited with code ${code}; stopping the rest.`);
    stop(code ?? 1);
  });
  children.push(child);
}

let stopping = false;
function stop(code: number): void {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
    }
  }
  setTimeout(() => process.exit(code), 3000).unref();
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run(
  'api',
  process.execPath,
  [
    '--watch-path=apps/api/src',
    '--watch-path=packages/contracts/src',
    '--watch-path=packages/db/src',
    'apps/api/src/server.ts',
  ],
  // People use the Vite server on :5173, which proxies the API and the identity server: tokens are
  // issued for that address, while the API reaches its own issuer directly on :3000.
  {
    SKIP_WEB_BUILD: '1',
    PUBLIC_URL: 'http://localhost:5173',
    IDENTITY_INTERNAL_URL: 'http://localhost:3000',
  },
);
run('web', 'pnpm', ['--filter', '@opora/web', 'dev']);
