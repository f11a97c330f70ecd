import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandInServer, startStandInServer } from '@/testing/stand-in-server.ts';
import { ApiError, apiClient } from './api-client.ts';
import { apiErrorMessageKeys } from './api-error-message.ts';

// A real HTTP server stands in for the API: the client is exercised over the wire, unmocked.
let server: StandInServer;
const received: Array<{ method: string; url: string; contentType: string | undefined; body: string }> = [];

beforeAll(async () => {
  server = await startStandInServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        contentType: request.headers['content-type'],
        body,
      });
      const send = (status: number, type: string, payload?: unknown) => {
        response.writeHead(status, { 'content-type': type });
        response.end(payload === undefined ? undefined : JSON.stringify(payload));
      };
      if (request.url?.startsWith('/api/v1/ok')) return send(200, 'application/json', { value: 42 });
      if (request.url === '/api/v1/empty') return send(204, 'application/json');
      if (request.url === '/api/v1/invalid') {
        return send(400, 'application/problem+json', {
          type: 'about:blank',
          title: 'Bad Request',
          status: 400,
          code: 'ValidationFailed',
          identifier: 'abc',
          errors: [
            {
              id: '1',
              code: 'required',
              instructions: 'validation:required',
              property: 'email',
              parameters: {},
            },
            { unexpected: true },
          ],
        });
      }
      if (request.url === '/api/v1/conflict') {
        return send(409, 'application/problem+json', {
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          code: 'FacilityServiceAlreadyRequested',
          detail: 'Already requested',
        });
      }
      return send(502, 'text/html', 'Bad gateway');
    });
  });
});

afterAll(() => server.close());

describe('api client', () => {
  it('calls /api/v1 with the query string and returns the JSON body', async () => {
    await expect(apiClient.get('/ok', { query: { page: 2, empty: undefined, q: 'a b' } })).resolves.toEqual({
      value: 42,
    });
    expect(received.at(-1)?.url).toBe('/api/v1/ok?page=2&q=a+b');
  });

  it('sends a body as JSON', async () => {
    await apiClient.post('/ok', { name: 'Jana' });
    expect(received.at(-1)).toMatchObject({
      method: 'POST',
      contentType: 'application/json',
      body: '{"name":"Jana"}',
    });
  });

  it('returns nothing for 204', async () => {
    await expect(apiClient.delete('/empty')).resolves.toBeUndefined();
  });

  it('maps a validation problem to an ApiError with its field errors', async () => {
    const error = await apiClient.post('/invalid', {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'ValidationFailed' });
    expect((error as ApiError).errors).toEqual([
      { id: '1', code: 'required', instructions: 'validation:required', property: 'email', parameters: {} },
    ]);
  });

  it('keeps the catalogue code so the message can be translated', async () => {
    const error = (await apiClient.get('/conflict').catch((caught: unknown) => caught)) as ApiError;
    expect(error.code).toBe('FacilityServiceAlreadyRequested');
    expect(error.detail).toBe('Already requested');
    expect(apiErrorMessageKeys(error)).toEqual(['errors:FacilityServiceAlreadyRequested', 'errors:unknown']);
  });

  it('treats a response that is not problem details as an unknown error', async () => {
    const error = (await apiClient.get('/gateway').catch((caught: unknown) => caught)) as ApiError;
    expect(error).toMatchObject({ status: 502, code: 'unknown' });
    expect(apiErrorMessageKeys(error)).toEqual(['errors:unknown', 'errors:unknown']);
  });
});
