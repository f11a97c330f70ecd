import path from 'node:path';
import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    // Test files share one module graph per worker (modules imported once, not once a file: about half
    // the step's time); each file builds its own app on its own database, so no state carries over.
    isolate: false,
    include: ['src/**/*.test.ts'],
    // Suites against a real Keycloak run in their own step (vitest.keycloak.config.ts).
    exclude: ['src/**/*.keycloak.test.ts'],
    // One PostgreSQL for the run; each test file clones its own database from a migrated template.
    globalSetup: [path.resolve(import.meta.dirname, '../../packages/db/src/testing/global-setup.ts')],
    testTimeout: 15_000,
    hookTimeout: 30_000,
  },
});
