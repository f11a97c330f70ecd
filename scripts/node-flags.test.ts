import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { productionNodeFlags } from './node-flags.ts';

const root = path.resolve(import.meta.dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe('the Node.js flags of production', () => {
  it('are what `pnpm start` and `pnpm worker` run with', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe(`node ${productionNodeFlags.join(' ')} scripts/start.ts`);
    expect(scripts.worker).toBe(`node ${productionNodeFlags.join(' ')} apps/api/src/worker.ts`);
  });

  it('are what the image runs the API with', () => {
    const command = /^CMD (\[.*\])$/m.exec(read('Dockerfile'))?.[1];
    expect(command && JSON.parse(command)).toEqual([
      'node',
      ...productionNodeFlags,
      'apps/api/src/server.ts',
    ]);
  });
});
