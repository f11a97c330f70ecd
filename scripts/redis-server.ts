/**
 * A throwaway Redis for the test run (Debian's `redis-server`, no persistence, loopback only), so the
 * rate-limit store shared by replicas is tested against a real Redis. Undefined when the machine has
 * no redis-server (the Redis test then says it was skipped).
 */
import { spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from './bench-support.ts';

export interface RunningRedis {
  url: string;
  stop: () => Promise<void>;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' }, () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function startRedis(): Promise<RunningRedis | undefined> {
  if (spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status !== 0) return undefined;
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  for (let attempt = 0; attempt < 100; attempt++) {
    if (await answers(port)) return { url: `redis://127.0.0.1:${port}`, stop };
    if (child.exitCode !== null) break;
    await sleep(50);
  }
  await stop();
  throw new Error('redis-server did not start');
}
