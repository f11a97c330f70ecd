import type { AddressInfo } from 'node:net';
import net from 'node:net';
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
  routes.post(
    '/api/test/items/:id',
    { schema: { params: z.object({ id: z.string() }) } },
    async (request) => ({ id: request.params.id }),
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
  await app.listen({ port: 0, host: '127.0.0.1' });
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

  it('drops `__proto__` and `constructor.prototype` keys like any field the body does not name', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/people',
      headers: { 'content-type': 'application/json' },
      payload:
        '{"email": "a@b.cz", "age": 30, "__proto__": {"polluted": true}, ' +
        '"constructor": {"prototype": {"polluted": true}}}',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ email: 'a@b.cz' });
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
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

/** What the server writes back for raw request bytes: status line, headers and body. */
function rawExchange(request: string): Promise<{ statusLine: string; headers: string; body: string }> {
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
    });
    // The server closes the connection after a parser error; an EPIPE/ECONNRESET on our side is fine.
    socket.on('error', () => undefined);
    socket.on('close', () => {
      const headerEnd = received.indexOf('\r\n\r\n');
      if (headerEnd === -1) return reject(new Error(`no HTTP response: ${JSON.stringify(received)}`));
      const [statusLine = '', ...headerLines] = received.slice(0, headerEnd).split('\r\n');
      resolve({
        statusLine,
        headers: headerLines.join('\n').toLowerCase(),
        body: received.slice(headerEnd + 4),
      });
    });
  });
}

describe('errors before routing', () => {
  it('answers a path that does not percent-decode with 400 MalformedRequest', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/v1/web/%E0%A4%A' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe(problemJson);
    expect(ProblemDetailsSchema.parse(response.json())).toEqual({
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'The address is not valid.',
      instance: '/api/v1/web/%E0%A4%A',
      code: 'MalformedRequest',
    });
  });

  it('answers a path parameter over maxParamLength with 414 UriTooLong', async () => {
    const url = `/api/test/items/${'a'.repeat(101)}`;
    const response = await app.inject({ method: 'POST', url, payload: {} });
    expect(response.statusCode).toBe(414);
    expect(response.headers['content-type']).toBe(problemJson);
    expect(ProblemDetailsSchema.parse(response.json())).toMatchObject({
      title: 'URI Too Long',
      status: 414,
      instance: url,
      code: 'UriTooLong',
    });
    expect((await app.inject({ method: 'POST', url: '/api/test/items/a', payload: {} })).statusCode).toBe(
      200,
    );
  });
});

describe('errors of the HTTP parser, over a real connection', () => {
  it('answers headers over maxHeaderSize with 431 HeadersTooLarge', async () => {
    const response = await rawExchange(
      `GET /api/health?x=1 HTTP/1.1\r\nHost: localhost\r\nCookie: a=${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expect(response.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(response.headers).toContain(`content-type: ${problemJson}`);
    expect(response.headers).toContain(`content-length: ${Buffer.byteLength(response.body)}`);
    expect(response.headers).toContain('connection: close');
    expect(ProblemDetailsSchema.parse(JSON.parse(response.body))).toEqual({
      type: 'about:blank',
      title: 'Request Header Fields Too Large',
      status: 431,
      detail: 'The request line and headers are larger than the server accepts.',
      instance: '/api/health',
      code: 'HeadersTooLarge',
    });
  });

  it('answers a URL longer than the header limit with 431 too, without echoing it', async () => {
    const response = await rawExchange(
      `GET /api/v1/web/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(response.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    const problem = ProblemDetailsSchema.parse(JSON.parse(response.body));
    expect(problem).toMatchObject({ status: 431, code: 'HeadersTooLarge' });
    expect(problem.instance).toBeUndefined();
  });

  it('answers a request line that is not HTTP with 400 MalformedRequest', async () => {
    const response = await rawExchange('HELLO THERE\r\n\r\n');
    expect(response.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(response.headers).toContain(`content-type: ${problemJson}`);
    expect(ProblemDetailsSchema.parse(JSON.parse(response.body))).toMatchObject({
      title: 'Bad Request',
      status: 400,
      code: 'MalformedRequest',
    });
  });

  it('answers a body over the limit with 413 PayloadTooLarge before reading it', async () => {
    const response = await rawExchange(
      'POST /api/test/people HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        'Content-Length: 2000000\r\nConnection: close\r\n\r\n{"email":',
    );
    expect(response.statusLine).toBe('HTTP/1.1 413 Payload Too Large');
    expect(JSON.parse(response.body)).toMatchObject({ status: 413, code: 'PayloadTooLarge' });
  });
});

describe('methods a path does not answer', () => {
  it('answers 405 MethodNotAllowed with the methods of the path in Allow', async () => {
    for (const [method, url, allow] of [
      ['TRACE', '/api/health', 'GET, HEAD'],
      ['DELETE', '/api/v1/web/services/6d1f0c3e-2a53-4a4c-9d7e-1f1e0a1b2c3d?_envelope=1', 'GET, HEAD'],
      ['PUT', '/api/v1/web/users/me', 'DELETE, GET, HEAD, PATCH'],
      // No route answers GET here, so the web app's catch-all hands it on.
      ['GET', '/api/v1/web/contact', 'POST'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(405);
      expect(response.headers.allow, `${method} ${url}`).toBe(allow);
      expect(response.headers['content-type']).toBe(problemJson);
      expect(ProblemDetailsSchema.parse(response.json())).toMatchObject({
        status: 405,
        code: 'MethodNotAllowed',
        instance: url.split('?')[0],
      });
    }
  });

  it('answers a QUERY without Content-Type by its route, not by its missing body', async () => {
    const response = await app.inject({ method: 'QUERY', url: '/api/v1/web/config' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD');
  });

  it('answers a path no route has 404, whatever its method and body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/web/nothing',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers.allow).toBeUndefined();
    expect(response.json()).toMatchObject({ status: 404, code: 'RouteNotFound' });
  });
});
