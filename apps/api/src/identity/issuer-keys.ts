import type { DbExecutor } from '@opora/db';
import { createRemoteJWKSet, type JWTVerifyGetKey } from 'jose';
import type { Config } from '../platform/config.ts';
import { localJwks } from './signing-keys.ts';

/**
 * The realm's public keys, for the API to verify access tokens with: read from the database in-process
 * when the issuer is embedded, otherwise fetched (and cached by `jose`) from the server's JWKS endpoint
 * at its internal address.
 */
export function issuerKeys(config: Pick<Config, 'identity'>, db: DbExecutor): JWTVerifyGetKey {
  if (config.identity.embedded) return localJwks(db);
  const realm = encodeURIComponent(config.identity.realm);
  return createRemoteJWKSet(
    new URL(`${config.identity.internalUrl}/realms/${realm}/protocol/openid-connect/certs`),
  );
}
