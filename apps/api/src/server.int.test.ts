import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';
import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverEntry = path.join(import.meta.dirname, 'server.ts');

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

function startServer(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  let output = '';
  const child = spawn(process.execPath, [serverEntry], {
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
}

async function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return child.exitCode;
  const [code] = (await once(child, 'exit')) as [number | null];
  return code;
}

// Each test starts the server as a child process: seconds on a quiet machine, far more on a busy one.
describe('server process', { timeout: 120_000 }, () => {
  it('starts on the configured port, reports ready and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const { child, output } = startServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
    });
    try {
      await expect
        .poll(output, { timeout: 20_000, interval: 100 })
        .toContain(`Opora ready at http://localhost:${port}`);
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
      expect(ready.status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exitCode(child)).toBe(0);
    expect(output()).toContain('"signal":"SIGTERM"');
  });

  it('refuses to start with an invalid PORT and names it', async () => {
    const { child, output } = startServer({ PORT: 'eighty', DATABASE_URL: database.url });
    expect(await exitCode(child)).toBe(1);
    expect(output()).toContain('Invalid environment configuration');
    expect(output()).toContain('PORT="eighty"');
  });
});
