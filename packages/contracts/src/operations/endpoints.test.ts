import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations as endpoints } from './endpoints.generated.ts';
import { endpointsCommand, endpointsFile, endpointsSource } from './endpoints-source.ts';
import { operations } from './table.ts';

const root = path.resolve(import.meta.dirname, '../../../..');

describe("the browser's operations (endpoints.generated.ts)", () => {
  it(`are written from the table as it is now (else run \`${endpointsCommand}\`)`, () => {
    expect(readFileSync(path.join(root, endpointsFile), 'utf8')).toBe(endpointsSource());
  });

  it('name every operation of the table with its id, method and path, and nothing else', () => {
    expect(Object.keys(endpoints)).toEqual(Object.keys(operations));
    for (const [id, { operationId, method, path: operationPath }] of Object.entries(operations)) {
      expect(endpoints[id as keyof typeof endpoints]).toEqual({ operationId, method, path: operationPath });
    }
  });
});
