import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ProviderRole } from '@opora/contracts';
import { clients, providers, startProviderTrial } from '@opora/db';
import {
  createCareRequest,
  createCase,
  createClient,
  createFacilityService,
  createSubscription,
  createTestDatabase,
} from '@opora/db/testing';
import setUpTestDatabases from '@opora/db/testing/global-setup';
import { eq } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { type AccountTestServer, startAccountTestServer } from '../accounts/testing/account-test-server.ts';
import { providerMember } from '../provider-inbox/testing/provider-member.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The page tests' control server (`apps/web/src/testing/real-api.ts`): the real API and its data. */
    oporaPageTestApi: string;
  }
}

/**
 * Vitest global setup of the web project: the real API for page tests. The page tests run in a
 * browser-like environment that may not import the API or the data layer, so this process serves
 * them a small control server: `POST /api` answers the origin of the whole app (real PostgreSQL,
 * embedded identity issuer), started on the first call only, so a run of unit tests alone starts no
 * database; `POST /fixtures/<name>` seeds with the db package's factories and answers what it made.
 * Each test makes its own people and providers, so the test files share the one server.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let api: Promise<{ server: AccountTestServer; stopDatabase: () => Promise<void> }> | undefined;
  const started = () => {
    api ??= (async () => {
      // The data layer's Vitest is another copy of the package (other peers): the same objects at run
      // time, other types at compile time.
      const dbProject = project as unknown as Parameters<typeof setUpTestDatabases>[0];
      const stopDatabase = await setUpTestDatabases(dbProject);
      const database = await createTestDatabase(dbProject.getProvidedContext());
      // Every page test file calls from this one address: the per-address limit (300 a minute) is the
      // security suite's to test, not the pages' (more page files than that in a minute answered 429).
      const server = await startAccountTestServer({ database, env: { RATE_LIMIT_MAX: '100000' } });
      return { server, stopDatabase };
    })();
    return api;
  };

  const control = createServer((request, response) => {
    void answer(request, response, started).catch((error: unknown) => {
      send(response, 500, { error: error instanceof Error ? error.stack : String(error) });
    });
  });
  await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
  const { port } = control.address() as AddressInfo;
  project.provide('oporaPageTestApi', `http://127.0.0.1:${port}`);

  return async () => {
    await new Promise<void>((resolve) => control.close(() => resolve()));
    if (!api) return;
    const { server, stopDatabase } = await api;
    await server.close();
    await stopDatabase();
  };
}

function send(response: ServerResponse, status: number, body?: unknown): void {
  // The page tests call from the stand-in origin of their page: a cross-origin call.
  response.writeHead(status, {
    'access-control-allow-origin': '*',
    'access-control-allow-headers': 'content-type',
    'content-type': 'application/json',
  });
  response.end(body === undefined ? undefined : JSON.stringify(body));
}

async function answer(
  request: IncomingMessage,
  response: ServerResponse,
  started: () => Promise<{ server: AccountTestServer }>,
): Promise<void> {
  if (request.method === 'OPTIONS') return send(response, 204);
  let text = '';
  for await (const chunk of request) text += chunk;
  const { server } = await started();
  if (request.url === '/api') return send(response, 200, { origin: server.env.PUBLIC_URL });
  const name = request.url?.startsWith('/fixtures/') ? request.url.slice('/fixtures/'.length) : '';
  const fixture = Object.hasOwn(fixtures, name) ? fixtures[name as keyof typeof fixtures] : undefined;
  if (!fixture) return send(response, 404, { error: `No fixture ${request.url}` });
  send(response, 200, await fixture(server, text === '' ? {} : JSON.parse(text)));
}

type Args = Record<string, unknown>;

async function account(server: AccountTestServer, { subscribed = false }: Args) {
  const created = await server.createAccount();
  const tokens = await server.signIn(created.email, created.password);
  if (subscribed) await createSubscription(server.database.db, { userId: created.userId });
  return { ...created, ...tokens };
}

/** The seeds the page tests may ask for, by name; each answers plain JSON. */
const fixtures = {
  /** A signed-in carer (`subscribed`: with a live subscription): account, password and tokens. */
  account,
  /** A client of `ownerUserId`. */
  async client(server: AccountTestServer, { ownerUserId }: Args) {
    const client = await createClient(server.database.db, { ownerUserId: String(ownerUserId) });
    return { id: client.id, fullName: `${client.firstName} ${client.lastName}` };
  },
  /** A case of a new client of `ownerUserId`, and a service of a new (verified) provider. */
  async caseAndService(server: AccountTestServer, { ownerUserId }: Args) {
    const careCase = await createCase(server.database.db, { ownerUserId: String(ownerUserId) });
    const service = await createFacilityService(server.database.db);
    return {
      caseId: careCase.id,
      clientId: careCase.clientId,
      serviceId: service.id,
      serviceName: service.name,
    };
  },
  /**
   * The provider's free months ended `daysAgo` days ago (120 by default) unpaid, and the plan sweep
   * hid its listing (decision 0098).
   */
  async lapsedPlan(server: AccountTestServer, { providerId, daysAgo = 120 }: Args) {
    const db = server.database.db;
    await startProviderTrial(db, String(providerId), new Date(Date.now() - Number(daysAgo) * 86_400_000));
    await db
      .update(providers)
      .set({ listed: false })
      .where(eq(providers.id, String(providerId)));
    return {};
  },
  /**
   * A signed-in member with `roles` of a new provider with one service (or of `providerId`, with
   * `facilityIds` assigned); `listingConfirmedAt` (ISO) backdates the provider's listing confirmation.
   */
  async providerMember(
    server: AccountTestServer,
    { roles, providerId, facilityIds, listingConfirmedAt }: Args,
  ) {
    const db = server.database.db;
    const service = providerId ? undefined : await createFacilityService(db);
    const ownerId = String(providerId ?? service?.providerId);
    if (typeof listingConfirmedAt === 'string') {
      await db
        .update(providers)
        .set({ listingConfirmedAt: new Date(listingConfirmedAt) })
        .where(eq(providers.id, ownerId));
    }
    const [provider] = await db.select().from(providers).where(eq(providers.id, ownerId));
    const member = await providerMember(server, ownerId, roles as ProviderRole[], {
      facilityIds: (facilityIds as string[] | undefined) ?? [],
    });
    const tokens = await server.signIn(member.email, member.password);
    return {
      ...member,
      ...tokens,
      providerId: ownerId,
      providerName: provider?.name ?? '',
      facilityId: service?.facilityId ?? null,
      facilityServiceId: service?.id ?? null,
    };
  },
  /** A provider's administrator, one request to it, and a worker assigned to none of its facilities. */
  async inbox(server: AccountTestServer) {
    const administrator = await fixtures.providerMember(server, { roles: ['providerAdmin'] });
    const request = await fixtures.careRequest(server, {
      facilityServiceId: administrator.facilityServiceId,
    });
    const worker = await fixtures.providerMember(server, {
      roles: ['providerUser'],
      providerId: administrator.providerId,
    });
    return { administrator, worker, request };
  },
  /** A new request to `facilityServiceId` (status `statusCode`, `new` by default) of a new client. */
  async careRequest(server: AccountTestServer, { facilityServiceId, statusCode }: Args) {
    const request = await createCareRequest(server.database.db, {
      facilityServiceId: String(facilityServiceId),
      ...(typeof statusCode === 'string' && { statusCode: statusCode as 'new' }),
    });
    const [client] = await server.database.db.select().from(clients).where(eq(clients.id, request.clientId));
    return { id: request.id, code: request.caseCode, clientName: `${client?.firstName} ${client?.lastName}` };
  },
};
