import { ProblemDetailsSchema, ValidationProblemSchema } from '@opora/contracts';
import { createTestDatabase, type TestDatabase } from '@opora/db/testing';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type App, buildApp } from '../app.ts';
import { captureLogs, testConfig } from '../testing/test-app.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from './errors.ts';

let database: TestDatabase;
let app: App;
const logs = captureLogs();

const problemJson = 'application/problem+json; charset=utf-8';

/** Routes that exist only in this test, to drive the error handler through real requests. */
function registerTestRoutes(target: App) {
  const routes = target.withTypeProvider<ZodTypeProvider>();
  routes.post(
    '/api/test/people',
    {
      schema: {
        body: z.object({ email: z.email(), age: z.number().int().min(18), nickname: z.string().optional() }),
        response: { 201: z.object({ email: z.string() }) },
      },
    },
    async (request, reply) => reply.code(201).send({ email: request.body.email }),
  );
  routes.get('/api/test/crash', async () => {
    throw new Error('connection string postgres://admin:secret@db leaked');
  });
  routes.get(
    '/api/test/throw/:kind',
    { schema: { params: z.object({ kind: z.string() }) } },
    async (request) => {
      switch (request.params.kind) {
        case 'not-found':
          throw new NotFoundError();
        case 'forbidden':
          throw new ForbiddenError();
        case 'unauthorized':
          throw new UnauthorizedError();
        default:
          throw new ConflictError();
      }
    },
  );
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({
    config: testConfig({ BODY_LIMIT: '1024' }),
    db: database.db,
    logger: logs.logger,
  });
  registerTestRoutes(app);
});

afterAll(async () => {
  await app.close();
  await database.close();
});

describe('error responses', () => {
  it('answers an unknown /api path with a JSON 404 RouteNotFound problem', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/x?token=abc' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe(problemJson);
    expect(ProblemDetailsSchema.parse(response.json())).toEqual({
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'No route GET /api/x.',
      instance: '/api/x',
      code: 'RouteNotFound',
    });
  });

  it('answers malformed JSON with 400 MalformedJson', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/people',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.cz",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe(problemJson);
    expect(response.json()).toMatchObject({
      status: 400,
      code: 'MalformedJson',
      instance: '/api/test/people',
    });
  });

  it('answers a body over the limit with 413 PayloadTooLarge', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/people',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.cz', age: 30, nickname: 'x'.repeat(2048) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ status: 413, code: 'PayloadTooLarge' });
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/people',
      headers: { 'content-type': 'application/xml' },
      payload: '<person/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ status: 415, code: 'UnsupportedMediaType' });
  });

  it('answers an invalid body with the validation envelope naming each field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/people',
      headers: { 'x-request-id': 'req-validation-1' },
      payload: { email: 'not-an-email', age: 30.5 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe(problemJson);
    const problem = ValidationProblemSchema.parse(response.json());
    expect(problem).toMatchObject({ status: 400, code: 'ValidationFailed', identifier: 'req-validation-1' });
    expect(problem.errors.map((error) => [error.property, error.instructions])).toEqual([
      ['email', 'validation:email'],
      ['age', 'validation:integer'],
    ]);
  });

  it('reports a missing field as required', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/test/people', payload: { age: 20 } });
    const problem = ValidationProblemSchema.parse(response.json());
    expect(problem.identifier).toBe(response.headers['x-request-id']);
    expect(problem.errors).toEqual([
      expect.objectContaining({ property: 'email', code: 'required', instructions: 'validation:required' }),
    ]);
  });

  it('passes a valid body through to the route', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/people',
      payload: { email: 'a@b.cz', age: 20 },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ email: 'a@b.cz' });
  });

  it('maps domain errors to their catalogue codes and statuses', async () => {
    const expected = [
      ['not-found', 404, 'NotFoundException'],
      ['forbidden', 403, 'Forbidden'],
      ['unauthorized', 401, 'Unauthorized'],
      ['conflict', 409, 'Conflict'],
    ] as const;
    for (const [kind, status, code] of expected) {
      const response = await app.inject({ method: 'GET', url: `/api/test/throw/${kind}` });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ status, code, instance: `/api/test/throw/${kind}` });
    }
  });

  it('hides the details of a 500 from the caller and logs them with the request id', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/test/crash',
      headers: { 'x-request-id': 'req-crash-1' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      type: 'about:blank',
      title: 'Internal Server Error',
      status: 500,
      detail: 'An error occurred during the request.',
      instance: '/api/test/crash',
      code: 'unknown',
    });
    expect(response.body).not.toContain('secret');
    const logged = logs.records().find((record) => record.reqId === 'req-crash-1' && record.level === 50);
    expect(logged).toMatchObject({ msg: 'request failed', err: { type: 'Error' } });
  });

  it('does not wrap errors in the envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/x?_envelope=1' });
    expect(response.json()).toMatchObject({ code: 'RouteNotFound' });
  });
});
