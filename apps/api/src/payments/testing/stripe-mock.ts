import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from '../../platform/config.ts';

/** stripe-mock, Stripe's own mock of its API (validates requests against Stripe's OpenAPI spec). */
export const stripeMockVersion = 'v0.203.0';
const binary = path.join(repoRoot, '.tools', 'stripe-mock', stripeMockVersion, 'stripe-mock');

/** The Go toolchain: on PATH, or where the machines install it. */
function goBinary(): string {
  for (const candidate of ['go', '/usr/local/go/bin/go']) {
    try {
      execFileSync(candidate, ['version'], { stdio: 'ignore' });
      return candidate;
    } catch {}
  }
  throw new Error('stripe-mock is built with Go (the Go module proxy); install Go or put `go` on PATH');
}

/** Builds the pinned stripe-mock into `.tools/` (git-ignored) the first time (~1 minute). */
export function ensureStripeMock(): string {
  if (existsSync(binary)) return binary;
  execFileSync(goBinary(), ['install', `github.com/stripe/stripe-mock@${stripeMockVersion}`], {
    env: { ...process.env, GOBIN: path.dirname(binary), GOFLAGS: '-mod=mod' },
    stdio: 'inherit',
    timeout: 600_000,
  });
  return binary;
}

export interface StripeMock {
  /** `http://127.0.0.1:<port>`, for STRIPE_API_URL. */
  url: string;
  /** The requests it has received so far, as `METHOD /path`. */
  requests(): string[];
  close(): Promise<void>;
}

/** Starts stripe-mock on free loopback ports, logging each request it receives. */
export async function startStripeMock(): Promise<StripeMock> {
  const child: ChildProcess = spawn(
    ensureStripeMock(),
    ['-verbose', '-http-addr', '127.0.0.1:', '-https-addr', '127.0.0.1:'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`stripe-mock did not start:\n${output.slice(-2000)}`)),
      30_000,
    );
    const check = () => {
      const match = output.match(/Listening for HTTP at address: (127\.0\.0\.1:\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(`http://${match[1]}`);
      }
    };
    child.stdout?.on('data', check);
    child.stderr?.on('data', check);
    child.once('exit', (code) => reject(new Error(`stripe-mock exited (${code}):\n${output.slice(-2000)}`)));
  });
  return {
    url,
    requests: () => [...output.matchAll(/^Request: (\w+ \S+)$/gm)].map((match) => match[1] ?? ''),
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

// `node apps/api/src/payments/testing/stripe-mock.ts`: builds it ahead of the tests (CI does).
if (import.meta.main) process.stdout.write(`stripe-mock ${stripeMockVersion}: ${ensureStripeMock()}\n`);
