import { operations } from '@opora/contracts/endpoints';
import { QueryClient, QueryObserver, skipToken } from '@tanstack/react-query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StandInServer, startStandInServer } from '@/testing/stand-in-server.ts';
import { operationKey, operationQueryOptions } from './operations.ts';

// A real HTTP server stands in for the API: what the query sends is seen on the wire.
let server: StandInServer;
const received: string[] = [];

beforeAll(async () => {
  server = await startStandInServer((request, response) => {
    received.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ id: 'client-1' }));
  });
});

afterAll(() => server.close());

describe('operationQueryOptions', () => {
  it('sends nothing while the input is not known, then asks under the key invalidations use', async () => {
    const queryClient = new QueryClient();
    const observer = new QueryObserver(queryClient, operationQueryOptions(operations.getClient, skipToken));
    const unsubscribe = observer.subscribe(() => {});
    expect(observer.getCurrentResult()).toMatchObject({ status: 'pending', fetchStatus: 'idle' });
    expect(received).toEqual([]);

    const input = { params: { clientId: 'client-1' } };
    observer.setOptions(operationQueryOptions(operations.getClient, input));
    await expect.poll(() => observer.getCurrentResult().status).toBe('success');
    expect(received).toEqual(['/api/v1/web/clients/client-1']);
    expect(queryClient.getQueryData(operationKey(operations.getClient, input))).toEqual({ id: 'client-1' });
    unsubscribe();
    queryClient.clear();
  });
});
