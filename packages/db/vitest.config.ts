import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'db',
    // Test files share one module graph per worker (modules imported once, not once a file: about half
    // the step's time); each file builds its own app on its own database, so no state carries over.
    isolate: false,
    include: ['src/**/*.test.ts'],
    // One PostgreSQL for the run; each test file clones its own database from a migrated template.
    globalSetup: ['./src/testing/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
