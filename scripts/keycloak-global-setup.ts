/**
 * Vitest global setup of the `*.keycloak.test.ts` suites: the real Keycloak they run against. Uses
 * the one at KEYCLOAK_URL when `pnpm test` started it for several steps, else starts its own for
 * this run and stops it at the end.
 */
// Its module also declares `keycloak` as what the global setup provides the suites.
import type { KeycloakTarget } from '@opora/api/testing/keycloak';
import type { TestProject } from 'vitest/node';
import {
  bootstrapAdmin,
  developmentApiClientSecret,
  keycloakVersion,
  realmName,
  startKeycloak,
} from './keycloak-server.ts';

/** The origin a test Keycloak's `web` client allows when nobody says otherwise (the browser tests' app). */
export const defaultTestWebOrigin = 'http://localhost:3101';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const given = process.env.KEYCLOAK_URL;
  const provide = (target: KeycloakTarget) => project.provide('keycloak', target);
  if (given) {
    provide({
      url: given.replace(/\/+$/, ''),
      realm: realmName,
      version: keycloakVersion,
      webOrigin: process.env.KEYCLOAK_WEB_ORIGIN ?? defaultTestWebOrigin,
      apiClientSecret: process.env.KEYCLOAK_API_CLIENT_SECRET ?? developmentApiClientSecret,
      admin: { ...bootstrapAdmin },
    });
    return undefined;
  }
  const keycloak = await startKeycloak({ webOrigin: defaultTestWebOrigin });
  provide({
    url: keycloak.url,
    realm: realmName,
    version: keycloak.version,
    webOrigin: keycloak.webOrigin,
    apiClientSecret: keycloak.apiClientSecret,
    admin: { ...bootstrapAdmin },
  });
  return keycloak.stop;
}
