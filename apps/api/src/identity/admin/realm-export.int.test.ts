import { readFileSync } from 'node:fs';
import path from 'node:path';
import { passwordMinLength as contractsPasswordMinLength } from '@opora/contracts';
import { demoAccounts, demoPassword, identityUsers, seed } from '@opora/db';
import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../../platform/config.ts';
import { testConfig } from '../../testing/test-app.ts';
import { adminServiceAccountRoles, defaultRealmSettings } from '../realm.ts';
import { realmRoles } from './representations.ts';
import { passwordMinLength } from './user-profile.ts';

// keycloak/realm-export.json (real Keycloak) and the embedded issuer must describe one realm: same
// lifetimes, rotation, brute-force settings, clients, roles and demo accounts. scripts/check-realm.ts
// checks the file on its own; this checks it against the code.

interface RealmUser {
  id?: string;
  username: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  emailVerified?: boolean;
  serviceAccountClientId?: string;
  realmRoles?: string[];
  clientRoles?: Record<string, string[]>;
  credentials?: { type: string; value: string; temporary: boolean }[];
}

interface RealmExport {
  realm: string;
  passwordPolicy: string;
  clients: { clientId: string }[];
  roles: { realm: { name: string }[] };
  users: RealmUser[];
  [setting: string]: unknown;
}

const realmFile = JSON.parse(
  readFileSync(path.join(repoRoot, 'keycloak/realm-export.json'), 'utf8'),
) as RealmExport;

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('keycloak/realm-export.json and the embedded issuer', () => {
  it('share the realm name, clients and the service account’s admin roles', () => {
    const config = testConfig();
    expect(realmFile.realm).toBe(config.identity.realm);
    expect(realmFile.clients.map((client) => client.clientId).toSorted()).toEqual(
      ['web', config.identityAdmin.clientId].toSorted(),
    );
    const serviceAccount = realmFile.users.find(
      (user) => user.serviceAccountClientId === config.identityAdmin.clientId,
    );
    expect(serviceAccount?.clientRoles?.['realm-management']?.toSorted()).toEqual(
      [...adminServiceAccountRoles].toSorted(),
    );
  });

  it('share token lifetimes, refresh-token rotation and brute-force protection', () => {
    const { bruteForce, ...lifetimes } = defaultRealmSettings;
    for (const [setting, value] of Object.entries({ ...lifetimes, ...bruteForce })) {
      expect({ setting, value: realmFile[setting] }).toEqual({ setting, value });
    }
    expect(realmFile.bruteForceProtected).toBe(true);
  });

  it('share the password policy, which is also the one the API and web app enforce', () => {
    expect(realmFile.passwordPolicy).toBe(`length(${passwordMinLength})`);
    expect(contractsPasswordMinLength).toBe(passwordMinLength);
  });

  it('share the product’s realm roles', () => {
    const names = realmFile.roles.realm.map((role) => role.name);
    expect(names.toSorted()).toEqual(
      realmRoles(realmFile.realm)
        .map((role) => role.name)
        .toSorted(),
    );
  });

  it('have the demo accounts the seed creates: same ids (token subjects), names, roles and password', async () => {
    await seed(database.db, { demo: true, expectedUrl: database.url, env: {} });
    const emails = Object.values(demoAccounts).map((account) => account.email);
    const seeded = await database.db.select().from(identityUsers).where(inArray(identityUsers.email, emails));
    const demoUsers = realmFile.users.filter((user) => user.serviceAccountClientId === undefined);
    expect(demoUsers).toHaveLength(seeded.length);
    for (const user of seeded) {
      const exported = demoUsers.find((candidate) => candidate.email === user.email);
      expect(exported).toMatchObject({
        id: user.id,
        username: user.username,
        firstName: user.firstName,
        lastName: user.lastName,
        emailVerified: user.emailVerified,
        credentials: [{ type: 'password', value: demoPassword, temporary: false }],
      });
      // `client` comes with the realm's default role in Keycloak.
      const roles = new Set([
        'client',
        ...(exported?.realmRoles ?? []).filter((role) => !role.startsWith('default-roles-')),
      ]);
      expect([...roles].toSorted()).toEqual(user.realmRoles.toSorted());
    }
  });
});
