import type { Db } from '@opora/db';
import { type Clock, systemClock } from '../platform/clock.ts';
import type { Config } from '../platform/config.ts';
import {
  defaultRealmSettings,
  type IdentityClient,
  issuerUrl,
  type RealmSettings,
  realmClients,
} from './realm.ts';
import { type IdentityKeys, identityKeys } from './signing-keys.ts';

/** Everything the issuer's use cases work with: realm settings, clients, keys, clock, database. */
export interface IdentityIssuer {
  config: Config;
  db: Db;
  /** `iss` of every token. */
  issuer: string;
  realm: RealmSettings;
  clients: Map<string, IdentityClient>;
  keys: IdentityKeys;
  now: Clock;
  /**
   * Users with a password grant under way in this process. Keycloak with brute-force protection (its
   * default `allow-concurrent-requests=false`) refuses a user's password grant while another one of
   * that user runs, answering as to a lockout.
   */
  passwordGrantsInProgress: Set<string>;
}

export interface IssuerOptions {
  /** Injected clock (tests cross lifetimes without sleeping). */
  now?: Clock;
  /** Test-only clients in addition to `web` and the API's service-account client. */
  extraClients?: IdentityClient[];
  /** Test-only realm overrides (e.g. rotation off to check Keycloak's default behaviour). */
  realm?: Partial<RealmSettings>;
}

export function createIssuer(config: Config, db: Db, options: IssuerOptions = {}): IdentityIssuer {
  return {
    config,
    db,
    issuer: issuerUrl(config),
    realm: { ...defaultRealmSettings, ...options.realm },
    clients: realmClients(config, options.extraClients),
    keys: identityKeys(db),
    now: options.now ?? systemClock,
    passwordGrantsInProgress: new Set(),
  };
}
