import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertNoDuplicatedParameters, identityFormBodyLimit } from './form.ts';
import {
  createFixtureUser,
  fixturePassword,
  type IdentityServer,
  startIdentityServer,
} from './testing/conformance-harness.ts';

// What an attacker sends the token endpoint: huge forms, NUL bytes. Answers stay OAuth-shaped 4xx,
// never 5xx, and no parse is slower than linear (a quadratic duplicate check once took 28–34 s for
// 100,000 parameters and blocked the event loop).

let server: IdentityServer;

beforeAll(async () => {
  server = await startIdentityServer();
  await createFixtureUser(server, { username: 'alice' });
});

afterAll(async () => {
  await server.close();
});

const manyParameters = (count: number) =>
  Array.from({ length: count }, (_, index) => `k${index}=v`).join('&');

describe('the token endpoint under hostile input', () => {
  it('refuses a form of 100,000 parameters (889 KB) with 413 before parsing it', async () => {
    const body = `client_id=web&grant_type=password&username=alice&password=x&${manyParameters(100_000)}`;
    expect(body.length).toBeGreaterThan(800_000);
    const response = await server.post(server.tokenUrl, body);
    expect(response.status).toBe(413);
    expect(response.json).toEqual({ error: 'invalid_request', error_description: 'Request body too large' });
    // The server still answers at once afterwards.
    expect((await server.get(`${server.iss}/.well-known/openid-configuration`)).status).toBe(200);
  });

  it('reads a form just under its limit and still finds a repeated parameter', async () => {
    const filler = manyParameters(1_200);
    expect(filler.length).toBeLessThan(identityFormBodyLimit - 200);
    const repeated = await server.post(
      server.tokenUrl,
      `client_id=web&grant_type=password&username=alice&password=x&${filler}&username=bob`,
    );
    expect(repeated.status).toBe(400);
    expect(repeated.json).toEqual({ error: 'invalid_request', error_description: 'duplicated parameter' });
    const signIn = await server.post(
      server.tokenUrl,
      `client_id=web&grant_type=password&username=alice&password=${encodeURIComponent(fixturePassword)}&${filler}`,
    );
    expect(signIn.status).toBe(200);
  });

  it('checks 100,000 distinct parameters for repeats in one pass', () => {
    const params = new URLSearchParams(manyParameters(100_000));
    expect(() => assertNoDuplicatedParameters(params)).not.toThrow();
    params.append('k99999', 'again');
    expect(() => assertNoDuplicatedParameters(params)).toThrow('duplicated parameter');
  });

  it('answers a username with a NUL byte as an unknown user, not a server error', async () => {
    const response = await server.post(
      server.tokenUrl,
      'client_id=web&grant_type=password&username=a%00b&password=x',
    );
    expect(response.status).toBe(400);
    expect(response.json).toEqual({ error: 'invalid_grant', error_description: 'Invalid user credentials' });
    const alice = await server.post(
      server.tokenUrl,
      `client_id=web&grant_type=password&username=alice%00&password=${encodeURIComponent(fixturePassword)}`,
    );
    expect(alice.status).toBe(400);
  });
});
