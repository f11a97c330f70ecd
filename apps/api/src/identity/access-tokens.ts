import { type JWTPayload, jwtVerify } from 'jose';
import type { IdentityIssuer } from './issuer.ts';

export interface VerifiedAccessToken extends JWTPayload {
  sub: string;
  azp: string;
  typ: 'Bearer';
  sid?: string;
  scope?: string;
  'allowed-origins'?: string[];
  resource_access?: Record<string, { roles?: string[] }>;
}

/** The `Bearer` credential of an `Authorization` header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const match = /^bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/**
 * Verifies an access token of this realm: RS256 with a published key, issuer, expiry (by the
 * issuer's clock) and `typ: Bearer`, so refresh and ID tokens are refused. Undefined when invalid.
 */
export async function verifyAccessToken(
  issuer: IdentityIssuer,
  token: string,
): Promise<VerifiedAccessToken | undefined> {
  try {
    const { payload } = await jwtVerify(
      token,
      async (header) => {
        const key = await issuer.keys.verificationKey(header.kid, 'RS256');
        if (!key) throw new Error('unknown key');
        return key.verifyKey;
      },
      {
        issuer: issuer.issuer,
        algorithms: ['RS256'],
        currentDate: issuer.now(),
        requiredClaims: ['exp', 'sub'],
      },
    );
    if (payload.typ !== 'Bearer' || typeof payload.azp !== 'string' || typeof payload.sub !== 'string') {
      return undefined;
    }
    return payload as VerifiedAccessToken;
  } catch {
    return undefined;
  }
}
