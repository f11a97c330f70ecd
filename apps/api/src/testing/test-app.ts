import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { type Config, loadConfig } from '../platform/config.ts';
import { createLogger } from '../platform/logging.ts';

/**
 * Configuration as the server would load it, with test defaults: silent logs and a web build
 * folder that does not exist, so no test depends on `pnpm build` having run.
 */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(os.tmpdir(), `opora-no-web-build-${randomUUID()}`),
    ...env,
  });
}

export interface LogRecord {
  level: number;
  msg?: string;
  reqId?: string;
  [key: string]: unknown;
}

/** A pino destination that keeps every line, to assert on what was (and was not) logged. */
export function captureLogs() {
  const lines: string[] = [];
  return {
    logger: createLogger({ logLevel: 'info' }, { write: (line: string) => void lines.push(line) }),
    lines,
    records: (): LogRecord[] => lines.map((line) => JSON.parse(line) as LogRecord),
  };
}
