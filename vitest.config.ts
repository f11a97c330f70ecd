import { defineConfig } from 'vitest/config';

// Each workspace package is its own project: unit tests run anywhere, `*.int.test.ts`
// suites get a real PostgreSQL through packages/db's global setup.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'scripts'],
  },
});
