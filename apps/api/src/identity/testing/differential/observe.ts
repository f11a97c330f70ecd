import { decodeJwt, decodeProtectedHeader } from 'jose';
import { evilOrigin } from '../conformance-harness.ts';
import type { FixtureUser, HttpResult, Target } from './targets.ts';

// Normalised observations: plain JSON that is equal for the two servers exactly when the app could not
// tell them apart. Values that legitimately differ (ids, key ids, URLs, times) become symbols, types or
// booleans of the relation they must satisfy ("sid equals session_state"); everything the app reads or
// a browser acts on (status, error, error_description, cache and CORS headers, key sets, claim names,
// claim types, lifetimes) is kept.

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type Observation = { [key: string]: Json };

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** URLs and origins of the target as symbols, so that both servers' values compare equal. */
export function symbolic(t: Target, value: string): string {
  const symbols: [string, string][] = [
    [t.iss, '<ISS>'],
    [t.webOrigin, '<web-origin>'],
    [t.testClientOrigin, '<test-client-origin>'],
    [evilOrigin, '<evil-origin>'],
    [new URL(t.base).origin, '<own-origin>'],
  ];
  for (const [raw, symbol] of symbols) if (value === raw) return symbol;
  return value;
}

const tokens = (value: string, lowerCase = false) =>
  value
    .split(',')
    .map((token) => (lowerCase ? token.trim().toLowerCase() : token.trim()))
    .filter((token) => token !== '')
    .sort()
    .join(', ');

/** The response headers that matter to a browser or the app, normalised (list headers sorted). */
export function headerObservation(t: Target, headers: Headers): Observation {
  const observed: Observation = {};
  const cacheControl = headers.get('cache-control');
  if (cacheControl !== null) observed['cache-control'] = tokens(cacheControl, true);
  const pragma = headers.get('pragma');
  if (pragma !== null) observed.pragma = pragma.toLowerCase();
  const allowOrigin = headers.get('access-control-allow-origin');
  if (allowOrigin !== null) observed['access-control-allow-origin'] = symbolic(t, allowOrigin);
  for (const name of ['access-control-allow-credentials', 'access-control-max-age']) {
    const value = headers.get(name);
    if (value !== null) observed[name] = value;
  }
  for (const name of [
    'access-control-allow-methods',
    'access-control-allow-headers',
    'access-control-expose-headers',
  ]) {
    const value = headers.get(name);
    if (value !== null) observed[name] = tokens(value, true);
  }
  if (headers.get('set-cookie') !== null) observed['set-cookie'] = 'present';
  return observed;
}

/** Each key of a JSON object with the JSON type of its value, keys sorted. */
export function shape(value: Record<string, unknown>): Observation {
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, jsonType(value[key])]),
  );
}

/**
 * An HTTP answer: status, media type, the headers that matter, and the body — OAuth error bodies
 * verbatim, other JSON as its key set with types, else `empty`/`html`/`text`.
 */
export function http(t: Target, response: HttpResult, options: { body?: boolean } = {}): Observation {
  const contentType = response.headers.get('content-type');
  const observed: Observation = {
    status: response.status,
    contentType: contentType ? (contentType.split(';')[0]?.trim().toLowerCase() ?? null) : null,
    headers: headerObservation(t, response.headers),
  };
  if (options.body === false) return observed;
  if (response.text === '') observed.body = 'empty';
  else if (response.json && 'error' in response.json) observed.body = response.json as Observation;
  else if (response.json) observed.body = shape(response.json);
  else observed.body = /^\s*<(!doctype|html)/i.test(response.text) ? 'html' : 'text';
  return observed;
}

/** The answer of a request that must fail: status and OAuth error (no headers), for compact rows. */
export function outcome(response: HttpResult): Observation {
  if (response.status === 200 || response.status === 204) return { status: response.status };
  return {
    status: response.status,
    error: typeof response.json?.error === 'string' ? response.json.error : null,
    error_description:
      typeof response.json?.error_description === 'string' ? response.json.error_description : null,
  };
}

export const scopeSet = (scope: unknown): string[] =>
  typeof scope === 'string' ? scope.split(' ').filter(Boolean).sort() : [jsonType(scope)];

/**
 * A lifetime in seconds, `≈n` when within `tolerance` of the expected `n` (request latency and second
 * boundaries make Keycloak's values jitter by one), else the raw number.
 */
export function approx(value: unknown, expected: number, tolerance = 1): Json {
  if (typeof value !== 'number') return jsonType(value);
  return Math.abs(value - expected) <= tolerance ? `≈${expected}` : value;
}

export interface ClaimExpectations {
  user?: FixtureUser;
  sessionState?: unknown;
  /** The target's now, for `iat`. */
  now?: number;
}

/**
 * A JWT's payload, claim by claim: the values the app or CONFORMANCE care about (normalised), the JSON
 * type of the others (ids, times), and relations as symbols (`<user.id>`, `<session_state>`).
 */
export function claims(t: Target, token: string, expected: ClaimExpectations = {}): Observation {
  const payload = decodeJwt(token) as Record<string, unknown>;
  const observed: Observation = {};
  for (const name of Object.keys(payload).sort()) {
    const value = payload[name];
    switch (name) {
      case 'iss':
      case 'azp':
      case 'typ':
      case 'acr':
      case 'email_verified':
      case 'name':
      case 'given_name':
      case 'family_name':
        observed[name] = typeof value === 'string' ? symbolic(t, value) : (value as Json);
        break;
      case 'aud':
        observed[name] = Array.isArray(value)
          ? value.map((entry) => symbolic(t, String(entry))).sort()
          : symbolic(t, String(value));
        break;
      case 'sub':
        observed[name] = expected.user && value === expected.user.id ? '<user.id>' : jsonType(value);
        break;
      case 'sid':
        observed[name] =
          expected.sessionState !== undefined && value === expected.sessionState
            ? '<session_state>'
            : jsonType(value);
        break;
      case 'email':
      case 'preferred_username':
        observed[name] = expected.user && value === expected.user.email ? '<user.email>' : (value as Json);
        break;
      case 'scope':
        observed[name] = scopeSet(value);
        break;
      case 'realm_access':
        observed[name] = {
          roles: [...((value as { roles?: string[] } | undefined)?.roles ?? [])].sort(),
        };
        break;
      case 'resource_access':
        observed[name] = Object.fromEntries(
          Object.entries(value as Record<string, { roles?: string[] }>)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([client, access]) => [client, { roles: [...(access.roles ?? [])].sort() }]),
        );
        break;
      case 'allowed-origins':
        observed[name] = Array.isArray(value)
          ? value.map((entry) => symbolic(t, String(entry))).sort()
          : jsonType(value);
        break;
      case 'iat':
        observed[name] =
          expected.now !== undefined && typeof value === 'number'
            ? Math.abs(value - expected.now) <= 3
              ? '≈now'
              : value - expected.now
            : jsonType(value);
        break;
      default:
        observed[name] = jsonType(value);
    }
  }
  if (typeof payload.exp === 'number' && typeof payload.iat === 'number') {
    observed['exp−iat'] = payload.exp - payload.iat;
  }
  return observed;
}

/** A JWS header: algorithm, type, header names, whether the key id is one of `certs`. */
export function jwsHeader(token: string, certKids: ReadonlySet<string>): Observation {
  const header = decodeProtectedHeader(token);
  return {
    alg: header.alg ?? null,
    typ: header.typ ?? null,
    names: Object.keys(header).sort(),
    kidInCerts: typeof header.kid === 'string' && certKids.has(header.kid),
  };
}

/**
 * Paths of an observation's leaves (arrays of scalars are one leaf) with their JSON text. An empty
 * object has no leaves: what it lacks shows at the paths of the other side.
 */
export function flatten(value: Json, prefix = '', into = new Map<string, string>()): Map<string, string> {
  const scalarArray =
    Array.isArray(value) && value.every((entry) => entry === null || typeof entry !== 'object');
  if (value !== null && typeof value === 'object' && !scalarArray) {
    for (const [key, entry] of Object.entries(value))
      flatten(entry as Json, prefix ? `${prefix}.${key}` : key, into);
  } else {
    into.set(prefix, JSON.stringify(value));
  }
  return into;
}

export interface Difference {
  path: string;
  embedded: string | undefined;
  keycloak: string | undefined;
}

export function differences(embedded: Observation, keycloak: Observation): Difference[] {
  const left = flatten(embedded);
  const right = flatten(keycloak);
  const paths = [...new Set([...left.keys(), ...right.keys()])].sort();
  return paths
    .filter((path) => left.get(path) !== right.get(path))
    .map((path) => ({ path, embedded: left.get(path), keycloak: right.get(path) }));
}

function clip(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** A short line for the table: every status in the observation with its OAuth error, or a digest. */
export function summary(observation: Observation): string {
  const parts: string[] = [];
  const visit = (value: Json, label: string) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
    if (typeof value.status === 'number') {
      const body = value.body;
      const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : value;
      const error = typeof fields.error === 'string' ? ` ${fields.error}` : '';
      const description =
        typeof fields.error_description === 'string' ? ` "${clip(fields.error_description, 36)}"` : '';
      parts.push(`${label ? `${label} ` : ''}${value.status}${error}${description}`);
      return;
    }
    for (const [key, entry] of Object.entries(value)) visit(entry, key);
  };
  visit(observation, '');
  if (parts.length > 0) {
    const shown = parts.slice(0, 4).join('; ');
    return parts.length > 4 ? `${shown}; … (${parts.length} answers)` : shown;
  }
  const text = JSON.stringify(observation);
  return text.length > 70 ? `${text.slice(0, 67)}…` : text;
}
