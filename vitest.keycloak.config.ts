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
    // The suites share one Keycloak, and the differential suite shortens the realm's lifetimes for a
    // while (its time-dependent checks): files run one after another.
    fileParallelism: false,
    testTimeout: 30_000,
    // Keycloak now and then refuses a sign-in right after another one of the same user (its
    // brute-force protector, docs/decisions.md): on CI a failed test gets one more try.
    retry: process.env.CI ? 1 : 0,
    hookTimeout: 240_000,
  },
});
