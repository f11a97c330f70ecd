import path from 'node:path';
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    // Suites against a real Keycloak run in their own step (vitest.keycloak.config.ts).
    exclude: ['src/**/*.keycloak.test.ts'],
    // One PostgreSQL for the run; each test file clones its own database from a migrated template.
    globalSetup: [path.resolve(import.meta.dirname, '../../packages/db/src/testing/global-setup.ts')],
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
