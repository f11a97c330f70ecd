import {
  createPrivateKey,
  createSecretKey,
  type JsonWebKeyInput,
  type KeyObject,
  randomUUID,
} from 'node:crypto';
import { type Db, type DbExecutor, identitySigningKeys, type StoredJwk } from '@opora/db';
import { and, eq, ne } from 'drizzle-orm';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  createLocalJWKSet,
  errors,
  exportJWK,
  type FlattenedJWSInput,
  generateKeyPair,
  generateSecret,
  importJWK,
  type JSONWebKeySet,
  type JWK,
  type JWSHeaderParameters,
} from 'jose';

/** RS256 signs access and ID tokens (published); HS512 signs refresh tokens (never published). */
export type SigningAlgorithm = 'RS256' | 'HS512';

export interface SigningKey {
  kid: string;
  algorithm: SigningAlgorithm;
  status: 'active' | 'passive';
  /**
   * Signs new tokens (private RSA key or HMAC secret), imported once per load: `node:crypto` signs
   * RS256 on libuv's thread pool and HS512 inline, with no per-token key import.
   */
  key: KeyObject;
  /** Verifies tokens: the public RSA key (for `jose`) or the HMAC secret. */
  verifyKey: CryptoKey | KeyObject;
  /** Public JWK as published in `certs`; only RS256 keys have one. */
  publicJwk: JWK | undefined;
  /** The base64url JWS header every token of this key carries (`{"alg","typ":"JWT","kid"}`). */
  encodedHeader: string;
}

async function generateSigningKey(algorithm: SigningAlgorithm) {
  if (algorithm === 'RS256') {
    const { publicKey, privateKey } = await generateKeyPair('RS256', {
      modulusLength: 2048,
      extractable: true,
    });
    const publicJwk = await exportJWK(publicKey);
    const kid = await calculateJwkThumbprint(publicJwk);
    return {
      kid,
      algorithm,
      publicJwk: { ...publicJwk, kid, alg: 'RS256', use: 'sig' } as StoredJwk,
      privateJwk: (await exportJWK(privateKey)) as StoredJwk,
    };
  }
  const secret = await generateSecret('HS512', { extractable: true });
  return {
    kid: randomUUID(),
    algorithm,
    publicJwk: null,
    privateJwk: (await exportJWK(secret)) as StoredJwk,
  };
}

/**
 * Creates the realm's keys on first start: one active RS256 and one active HS512 key. Replicas
 * starting together race on the one-active-key-per-algorithm index; the loser keeps the winner's key.
 */
export async function ensureSigningKeys(db: DbExecutor): Promise<void> {
  for (const algorithm of ['RS256', 'HS512'] as const) {
    const [active] = await db
      .select({ kid: identitySigningKeys.kid })
      .from(identitySigningKeys)
      .where(and(eq(identitySigningKeys.algorithm, algorithm), eq(identitySigningKeys.status, 'active')));
    if (active) continue;
    await db
      .insert(identitySigningKeys)
      .values({ ...(await generateSigningKey(algorithm)), status: 'active' })
      .onConflictDoNothing();
  }
}

/**
 * Key rotation: a new active key signs from now on; the previous one turns passive and stays in
 * `certs` (and keeps verifying refresh tokens) until an operator disables it. Processes pick the new
 * key up within a minute, or at once through `IdentityKeys.reload()`.
 */
export async function rotateSigningKeys(db: Db, algorithm: SigningAlgorithm = 'RS256'): Promise<string> {
  const key = await generateSigningKey(algorithm);
  await db.transaction(async (tx) => {
    await tx
      .update(identitySigningKeys)
      .set({ status: 'passive' })
      .where(and(eq(identitySigningKeys.algorithm, algorithm), eq(identitySigningKeys.status, 'active')));
    await tx.insert(identitySigningKeys).values({ ...key, status: 'active' });
  });
  return key.kid;
}

async function loadSigningKeys(db: DbExecutor): Promise<SigningKey[]> {
  const rows = await db
    .select()
    .from(identitySigningKeys)
    .where(ne(identitySigningKeys.status, 'disabled'))
    .orderBy(identitySigningKeys.createdAt);
  const keys: SigningKey[] = [];
  for (const row of rows) {
    if (row.algorithm !== 'RS256' && row.algorithm !== 'HS512') continue;
    if (row.status === 'disabled') continue;
    const privateJwk = row.privateJwk as JWK;
    const key =
      row.algorithm === 'RS256'
        ? createPrivateKey({ key: privateJwk as JsonWebKeyInput['key'], format: 'jwk' })
        : createSecretKey(Buffer.from(privateJwk.k ?? '', 'base64url'));
    const publicJwk =
      row.algorithm === 'RS256' && row.publicJwk ? publicMembers(row.publicJwk as JWK, row.kid) : undefined;
    keys.push({
      kid: row.kid,
      algorithm: row.algorithm,
      status: row.status,
      key,
      verifyKey: publicJwk ? ((await importJWK(publicJwk, 'RS256')) as CryptoKey) : key,
      publicJwk,
      encodedHeader: Buffer.from(JSON.stringify({ alg: row.algorithm, typ: 'JWT', kid: row.kid })).toString(
        'base64url',
      ),
    });
  }
  return keys;
}

/** Only the public RSA members, whatever else the stored JWK carries. */
function publicMembers(jwk: JWK, kid: string): JWK {
  return { kid, kty: 'RSA', alg: 'RS256', use: 'sig', n: jwk.n, e: jwk.e };
}

/** How long a process signs with the key it loaded before looking for a rotation made elsewhere. */
const reloadAfterMs = 60_000;
/** Unknown `kid`s trigger a reload at most this often (a flood of forged tokens must not hit the database). */
const unknownKidCooldownMs = 5_000;

export interface IdentityKeys {
  /** The key that signs new tokens of this algorithm. */
  signingKey(algorithm: SigningAlgorithm): Promise<SigningKey>;
  /** A key (active or passive) that verifies a token with this `kid`, reloading once for an unknown one. */
  verificationKey(kid: string | undefined, algorithm: SigningAlgorithm): Promise<SigningKey | undefined>;
  /** Public RS256 keys, as `certs` publishes them. */
  publicJwks(): Promise<JSONWebKeySet>;
  reload(): Promise<void>;
}

/** The realm keys of this process, loaded from the database and refreshed as described above. */
export function identityKeys(db: DbExecutor): IdentityKeys {
  let loaded: Promise<SigningKey[]> | undefined;
  let loadedAt = 0;
  let lastUnknownReload = 0;

  const current = async (): Promise<SigningKey[]> => {
    if (!loaded || Date.now() - loadedAt > reloadAfterMs) {
      loadedAt = Date.now();
      const loading = loadSigningKeys(db);
      loaded = loading;
      // A failed load is retried by the next caller instead of being cached.
      loading.catch(() => {
        if (loaded === loading) loaded = undefined;
      });
    }
    return loaded;
  };

  const keys: IdentityKeys = {
    async signingKey(algorithm) {
      let key = (await current()).find(
        (candidate) => candidate.algorithm === algorithm && candidate.status === 'active',
      );
      if (!key) {
        await ensureSigningKeys(db);
        await keys.reload();
        key = (await current()).find(
          (candidate) => candidate.algorithm === algorithm && candidate.status === 'active',
        );
      }
      if (!key) throw new Error(`No active ${algorithm} signing key`);
      return key;
    },
    async verificationKey(kid, algorithm) {
      if (kid === undefined) return undefined;
      const find = (list: SigningKey[]) =>
        list.find((candidate) => candidate.kid === kid && candidate.algorithm === algorithm);
      const found = find(await current());
      if (found || Date.now() - lastUnknownReload < unknownKidCooldownMs) return found;
      lastUnknownReload = Date.now();
      await keys.reload();
      return find(await current());
    },
    async publicJwks() {
      return {
        keys: (await current()).flatMap((key) => (key.publicJwk ? [key.publicJwk] : [])),
      };
    },
    async reload() {
      loaded = undefined;
      await current();
    },
  };
  return keys;
}

/**
 * A `jose` key getter over the database's public keys, for verifying access tokens in this process
 * when the issuer is embedded (`jwtVerify(token, localJwks(db), …)`). An unknown `kid` reloads the
 * keys (at most every few seconds), so a rotation made by another replica is picked up.
 */
export function localJwks(db: DbExecutor) {
  const keys = identityKeys(db);
  let jwks: Promise<ReturnType<typeof createLocalJWKSet>> | undefined;
  const build = () => {
    const building = keys.publicJwks().then((set) => createLocalJWKSet(set));
    jwks = building;
    // A failed load (database briefly away) is retried by the next token instead of being cached.
    building.catch(() => {
      if (jwks === building) jwks = undefined;
    });
    return building;
  };

  return async (protectedHeader: JWSHeaderParameters, token: FlattenedJWSInput): Promise<CryptoKey> => {
    try {
      return await (await (jwks ?? build()))(protectedHeader, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey) || protectedHeader.kid === undefined) throw error;
      const known = await keys.verificationKey(protectedHeader.kid, 'RS256');
      if (!known) throw error;
      return (await build())(protectedHeader, token);
    }
  };
}
