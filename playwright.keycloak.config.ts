import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';
import { developmentApiClientSecret } from './scripts/keycloak-server.ts';

const port = Number(process.env.E2E_KEYCLOAK_APP_PORT ?? 3101);
const baseURL = `http://localhost:${port}`;
const keycloakPort = Number(process.env.E2E_KEYCLOAK_PORT ?? 3180);
/** `pnpm test` starts one Keycloak for all its Keycloak steps and hands it over; else start one here. */
const keycloakUrl = process.env.KEYCLOAK_URL ?? `http://localhost:${keycloakPort}`;
const apiClientSecret = process.env.KEYCLOAK_API_CLIENT_SECRET ?? developmentApiClientSecret;

/**
 * The identity journeys of e2e/identity.spec.ts again, with the production identity set-up: the app
 * (`pnpm start` with IDENTITY_URL) signs people in against real Keycloak, whose `web` client allows
 * this app's origin. `playwright test -c playwright.keycloak.config.ts`.
 */
export default defineConfig({
  ...base,
  testMatch: ['identity.spec.ts'],
  // What only the embedded issuer does (serving the app's own origin at any of its addresses), and
  // what no identity server changes (a button's states, six screenshots: 27 s of this step).
  grepInvert: /@embedded-identity|@any-issuer/,
  outputDir: '.test-data/playwright-keycloak-results',
  use: { ...base.use, baseURL },
  webServer: [
    ...(process.env.KEYCLOAK_URL
      ? []
      : [
          {
            command: 'node scripts/keycloak.ts --fresh',
            url: `${keycloakUrl}/realms/opora/.well-known/openid-configuration`,
            timeout: 300_000,
            reuseExistingServer: false,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
            // Lets the script stop Keycloak's Java process with it.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
            env: {
              KEYCLOAK_PORT: String(keycloakPort),
              DATA_DIR: '.test-data/e2e-keycloak',
              PUBLIC_URL: baseURL,
              IDENTITY_ADMIN_CLIENT_SECRET: apiClientSecret,
            },
          },
        ]),
    {
      command: 'node scripts/start.ts',
      url: `${baseURL}/api/ready`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        DATA_DIR: '.test-data/e2e-keycloak-app',
        SEED_DEMO: 'true',
        IDENTITY_URL: keycloakUrl,
        IDENTITY_ADMIN_CLIENT_SECRET: apiClientSecret,
      },
    },
  ],
});
