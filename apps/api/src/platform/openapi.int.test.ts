import { operationIds } from '@opora/contracts';
import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { testConfig } from '../testing/test-app.ts';

let database: TestDatabase;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig({ APP_VERSION: '3.4.5' }), db: database.db });
});

afterAll(async () => {
  await app.close();
  await database.close();
});

interface Operation {
  operationId?: string;
  tags?: string[];
  summary?: string;
  parameters?: { name: string; in: string }[];
  responses?: Record<string, unknown>;
}

describe('OpenAPI document', () => {
  it('is OpenAPI 3.1 with an operationId, tag and summary for every API route', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      info: { version: string };
      paths: Record<string, Record<string, Operation>>;
      components: { schemas: Record<string, unknown> };
      tags: { name: string }[];
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('3.4.5');
    // The application API only; the identity server's Keycloak paths are documented by Keycloak.
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
    const tagNames = new Set(document.tags.map((tag) => tag.name));
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, ...operation })),
    );
    // Every operation of the contracts' table but the mailbox's HTML page, which is hidden.
    expect(operations.map((operation) => operation.operationId).toSorted()).toEqual(
      operationIds.filter((operationId) => operationId !== 'viewDevMail').toSorted(),
    );
    for (const operation of operations) {
      expect(operation.tags?.length, operation.path).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) expect(tagNames, `${operation.path} ${tag}`).toContain(tag);
      expect(operation.summary, operation.path).toBeTruthy();
      expect(Object.keys(operation.responses ?? {}).join(), operation.path).toMatch(/20[014]/);
    }
    expect(document.components.schemas).toHaveProperty('ProblemDetails');
    const regions = document.paths['/api/v1/web/regions']?.get;
    expect(regions?.parameters).toContainEqual(
      expect.objectContaining({ name: '_envelope', in: 'query', schema: { type: 'string', enum: ['1'] } }),
    );
  });

  it('declares the failures each operation can answer, as problem details, and its bearer token', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const document = response.json<{
      paths: Record<string, Record<string, Operation & { security?: Record<string, string[]>[] }>>;
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
    }>();
    expect(document.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      guestSecret: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Guest-Secret' }),
    });
    const statuses = (path: string, method: string) =>
      Object.keys(document.paths[path]?.[method]?.responses ?? {});
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        for (const [status, answer] of Object.entries(operation.responses ?? {})) {
          const content = Object.keys((answer as { content?: object }).content ?? {});
          if (Number(status) >= 400)
            expect(content, `${method} ${path} ${status}`).toEqual(['application/problem+json']);
        }
        expect(statuses(path, method), `${method} ${path}`).toContain('500');
      }
    }
    // Signed in: 401 and 403 and the bearer token; public: neither, the token optional.
    expect(statuses('/api/v1/web/users/me', 'get')).toEqual(expect.arrayContaining(['401', '403']));
    expect(document.paths['/api/v1/web/users/me']?.get?.security).toEqual([{ bearerAuth: [] }]);
    expect(statuses('/api/v1/web/regions', 'get')).not.toContain('401');
    expect(document.paths['/api/v1/web/regions']?.get?.security).toEqual([{}, { bearerAuth: [] }]);
    // A body: too large, not JSON. A path parameter: unknown, too long. Liveness is never limited.
    expect(statuses('/api/v1/web/users/sign-up', 'post')).toEqual(
      expect.arrayContaining(['400', '409', '413', '415', '429']),
    );
    expect(statuses('/api/v1/web/services/{serviceId}', 'get')).toEqual(
      expect.arrayContaining(['400', '404', '414', '429']),
    );
    for (const status of ['400', '401', '403', '404', '429'])
      expect(statuses('/api/health', 'get')).not.toContain(status);
  });

  it('declares each JSON success of /api/v1/ also as the `?_envelope=1` wrapper', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const ok = response.json<{
      paths: Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>
      >;
    }>().paths['/api/v1/web/config']?.get?.responses['200'];
    expect(ok?.content?.['application/json']).toEqual({
      schema: {
        anyOf: [
          { $ref: '#/components/schemas/WebConfig' },
          expect.objectContaining({
            properties: { data: { $ref: '#/components/schemas/WebConfig' } },
            required: ['data'],
          }),
        ],
      },
    });
  });

  it('serves the reference UI and its assets locally under their own CSP', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    const bundle = await app.inject({ method: 'GET', url: '/api/docs/static/swagger-ui-bundle.js' });
    expect(bundle.statusCode).toBe(200);
  });
});
