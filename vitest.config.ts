import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Each workspace package is its own project: unit tests run anywhere, `*.int.test.ts`
// suites get a real PostgreSQL through packages/db's global setup.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', 'scripts'],
    // A worker per core, not vitest's default of one fewer: the integration files spend much of their
    // time waiting for PostgreSQL and the API, so two workers on two cores ran the step in 103 s against
    // 181 s with one (docs/performance.md, "Test suite time").
    maxWorkers: availableParallelism(),
  },
});
