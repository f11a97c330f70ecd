import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRealm, realmProblems, withoutDemoUsers } from './check-realm.ts';

const keycloakDir = path.resolve(import.meta.dirname, '../keycloak');
const developmentRealm = () => parseRealm(readFileSync(path.join(keycloakDir, 'realm-export.json'), 'utf8'));
const productionRealm = () =>
  parseRealm(readFileSync(path.join(keycloakDir, 'realm-export.production.json'), 'utf8'));

type Realm = {
  clients: { clientId: string; [key: string]: unknown }[];
  users: { username: string; [key: string]: unknown }[];
  [key: string]: unknown;
};
/** A fresh copy to break one thing in. */
const realm = () => developmentRealm() as unknown as Realm;
const problemsOf = (value: Realm, production = false) =>
  realmProblems(value as unknown as ReturnType<typeof parseRealm>, { production });
const clientOf = (value: Realm, clientId: string) => {
  const found = value.clients.find((client) => client.clientId === clientId);
  if (!found) throw new Error(`no client ${clientId}`);
  return found;
};

describe('Keycloak realm files', () => {
  it('give the app everything it needs, in development and production', () => {
    expect(realmProblems(developmentRealm(), { production: false })).toEqual([]);
    expect(realmProblems(productionRealm(), { production: true })).toEqual([]);
  });

  it('differ only by the demo accounts', () => {
    expect(productionRealm()).toEqual(withoutDemoUsers(developmentRealm()));
    expect(JSON.stringify(productionRealm())).not.toContain('Opora2026!');
  });

  it('report a web client that cannot ask for offline tokens or lacks the API audience', () => {
    const broken = realm();
    const web = clientOf(broken, 'web');
    web.optionalClientScopes = [];
    web.protocolMappers = [];
    expect(problemsOf(broken)).toEqual([
      'client web needs offline_access as an optional scope',
      'client web needs an audience mapper putting opora-api into access tokens',
    ]);
  });

  it('report a wildcard web origin and a service-account secret with a default', () => {
    const broken = realm();
    clientOf(broken, 'web').webOrigins = ['*'];
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a Keycloak import placeholder, not a template
    clientOf(broken, 'opora-api').secret = '${OPORA_API_CLIENT_SECRET:changeme}';
    expect(problemsOf(broken)).toEqual([
      'client web must not allow every origin (*)',
      'client opora-api must take its secret from an environment placeholder without default',
    ]);
  });

  it('report a service-account secret with an empty default (Keycloak accepts an empty client_secret)', () => {
    const broken = realm();
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a Keycloak import placeholder, not a template
    clientOf(broken, 'opora-api').secret = '${OPORA_API_CLIENT_SECRET:}';
    expect(problemsOf(broken)).toEqual([
      'client opora-api must take its secret from an environment placeholder without default',
    ]);
  });

  it('report realm settings the embedded issuer does not share', () => {
    const broken = {
      ...realm(),
      revokeRefreshToken: false,
      passwordPolicy: 'length(12)',
      quickLoginCheckMilliSeconds: 0,
    };
    expect(problemsOf(broken)).toEqual([
      'passwordPolicy must be "length(8)", is "length(12)"',
      'quickLoginCheckMilliSeconds must be 1000, is 0',
      'revokeRefreshToken must be true, is false',
    ]);
  });

  it('report a demo account without the default role, which the import would not give it', () => {
    const broken = realm();
    const admin = broken.users.find((user) => user.username === 'admin@opora.test');
    if (!admin) throw new Error('no admin demo user');
    admin.realmRoles = ['admin'];
    expect(problemsOf(broken)).toEqual([
      'user admin@opora.test must list the default role default-roles-opora (the import adds none)',
    ]);
  });

  it('report a demo account Keycloak would refuse to sign in, and any person in the production realm', () => {
    const broken = realm();
    const [demo] = broken.users.filter((user) => user.serviceAccountClientId === undefined);
    if (!demo) throw new Error('no demo user');
    delete demo.lastName;
    expect(problemsOf(broken)).toEqual([`user ${demo.username} needs lastName`]);
    expect(problemsOf(realm(), true)).toContain('user klient@opora.test must not be in the production realm');
  });

  it('report a service account without the admin roles the API uses', () => {
    const broken = realm();
    const account = broken.users.find((user) => user.serviceAccountClientId === 'opora-api');
    if (!account) throw new Error('no service account');
    account.clientRoles = { 'realm-management': ['view-users'] };
    expect(problemsOf(broken)).toEqual([
      'the opora-api service account needs realm-management manage-users',
      'the opora-api service account needs realm-management query-users',
      'the opora-api service account needs realm-management view-realm',
    ]);
  });
});
