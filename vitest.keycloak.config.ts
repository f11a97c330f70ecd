import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The suites that need a real Keycloak (`*.keycloak.test.ts`): the embedded issuer compared with
 * Keycloak check by check, and the app's account flows against Keycloak. One Keycloak and one
 * PostgreSQL for the run (`pnpm test` starts Keycloak once and hands it over as KEYCLOAK_URL).
 *
 *   vitest run -c vitest.keycloak.config.ts
 */
export default defineConfig({
  test: {
    name: 'keycloak',
    root: path.resolve(import.meta.dirname, 'apps/api'),
    include: ['src/**/*.keycloak.test.ts'],
    globalSetup: [
      path.resolve(import.meta.dirname, 'packages/db/src/testing/global-setup.ts'),
      path.resolve(import.meta.dirname, 'scripts/keycloak-global-setup.ts'),
    ],
    testTimeout: 30_000,
    hookTimeout: 240_000,
  },
});
