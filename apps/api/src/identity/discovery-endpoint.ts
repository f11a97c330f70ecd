import type { IdentityIssuer } from './issuer.ts';
import {
  defaultClientScopes,
  optionalClientScopes,
  silentDefaultClientScopes,
  unassignedClientScopes,
} from './realm.ts';

/**
 * `GET …/.well-known/openid-configuration`: Keycloak's discovery document, trimmed to what matters to
 * clients. Endpoints Keycloak always advertises (authorization, introspection, revocation) are listed
 * for drop-in fidelity although this server answers only the token, logout, userinfo and certs ones.
 */
export function discoveryDocument(issuer: IdentityIssuer) {
  const base = `${issuer.issuer}/protocol/openid-connect`;
  return {
    issuer: issuer.issuer,
    authorization_endpoint: `${base}/auth`,
    token_endpoint: `${base}/token`,
    introspection_endpoint: `${base}/token/introspect`,
    userinfo_endpoint: `${base}/userinfo`,
    end_session_endpoint: `${base}/logout`,
    frontchannel_logout_session_supported: true,
    frontchannel_logout_supported: true,
    jwks_uri: `${base}/certs`,
    grant_types_supported: ['password', 'refresh_token', 'client_credentials'],
    acr_values_supported: ['0', '1'],
    response_types_supported: ['code', 'none', 'id_token', 'token', 'id_token token', 'code id_token'],
    subject_types_supported: ['public', 'pairwise'],
    id_token_signing_alg_values_supported: ['RS256'],
    userinfo_signing_alg_values_supported: ['RS256', 'none'],
    response_modes_supported: ['query', 'fragment', 'form_post'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    token_endpoint_auth_signing_alg_values_supported: ['RS256'],
    claims_supported: [
      'aud',
      'sub',
      'iss',
      'auth_time',
      'name',
      'given_name',
      'family_name',
      'preferred_username',
      'email',
      'acr',
    ],
    claim_types_supported: ['normal'],
    claims_parameter_supported: true,
    scopes_supported: [
      'openid',
      ...defaultClientScopes,
      ...silentDefaultClientScopes,
      ...optionalClientScopes,
      ...unassignedClientScopes,
    ],
    request_parameter_supported: true,
    request_uri_parameter_supported: true,
    code_challenge_methods_supported: ['plain', 'S256'],
    tls_client_certificate_bound_access_tokens: true,
    revocation_endpoint: `${base}/revoke`,
    revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    backchannel_logout_supported: true,
    backchannel_logout_session_supported: true,
  };
}
