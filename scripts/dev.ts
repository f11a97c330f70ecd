/**
 * `pnpm dev`: the API on :3000 restarting on change (`node --watch`) and the Vite dev server on
 * :5173 with hot reload, proxying `/api` to the API. Ctrl+C stops both.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];

function run(name: string, command: string, args: string[], env: Record<string, string> = {}): void {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
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
  for (const child of children) child.kill('SIGTERM');
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
  { SKIP_WEB_BUILD: '1' },
);
run('web', 'pnpm', ['--filter', '@opora/web', 'dev']);
