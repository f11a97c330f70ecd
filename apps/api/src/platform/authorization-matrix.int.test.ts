import { createHash, randomUUID } from 'node:crypto';
import {
  type OperationId,
  operationIds,
  operations,
  type ProviderRole,
  type RealmRole,
  type Role,
  roles,
  rolesCan,
} from '@opora/contracts';
import {
  checkouts,
  contacts,
  documentContents,
  documents,
  facilityPhotos,
  providerDocuments,
  providerExports,
  providers as providersTable,
  providerUsers,
  requestDrafts,
  serviceTypes,
  storedImages,
  subscriptionTypes,
  surveyDefinitions,
} from '@opora/db';
import {
  createCareRequest,
  createCase,
  createClient,
  createFacility,
  createFacilityService,
  createProvider,
  createServiceSurvey,
  createSurveyDefinition,
} from '@opora/db/testing';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestServer,
  bearer,
  someClientAddress,
  startAccountTestServer,
  type TestAccount,
} from '../accounts/testing/account-test-server.ts';
import type { ApiRoute } from './errors.ts';
import { docsPrefix } from './openapi.ts';

// Every operation the app registers × every kind of caller the product has, with the outcome the
// permission table of packages/contracts (`rolesCan`) gives: a granted operation is never refused
// for permission (401/403) and never fails (5xx); any other answers a guest 401 and anyone signed in
// 403. Generated from the routes the app registers (`app.apiRoutes`), so a new operation is in the
// matrix, and a new route without an operation id fails it.

let server: AccountTestServer;

/** Who calls: the roles the API derives for them (realm roles + provider memberships), and a token. */
interface Subject {
  name: string;
  /** As `resolvePrincipal` derives them; `guest` for no token. */
  roles: Role[];
  account?: TestAccount;
  headers: Record<string, string>;
}

const subjects: Subject[] = [];

/** The roles every matrix column stands for; `roles` (the product's) must all be among them. */
const columns: {
  name: string;
  realmRoles: RealmRole[];
  provider?: 'first' | 'second';
  providerRole?: ProviderRole;
}[] = [
  { name: 'client', realmRoles: ['client'] },
  { name: 'second client', realmRoles: ['client'] },
  {
    name: 'provider administrator',
    realmRoles: ['client'],
    provider: 'first',
    providerRole: 'providerAdmin',
  },
  {
    name: 'provider coordinator',
    realmRoles: ['client'],
    provider: 'first',
    providerRole: 'providerCoordinator',
  },
  { name: 'provider user', realmRoles: ['client'], provider: 'first', providerRole: 'providerUser' },
  {
    name: 'another provider’s administrator',
    realmRoles: ['client'],
    provider: 'second',
    providerRole: 'providerAdmin',
  },
  { name: 'assistant', realmRoles: ['client', 'assistant'] },
  { name: 'platform administrator', realmRoles: ['client', 'admin'] },
];

const providers: Record<'first' | 'second', string> = { first: '', second: '' };

beforeAll(async () => {
  // Every call comes from this machine (the development mailbox answers nobody else), so the global
  // budget is lifted; each route's own budget still exceeds the calls made here.
  server = await startAccountTestServer({ env: { RATE_LIMIT_MAX: '100000' } });
  const db = server.database.db;
  providers.first = (await createProvider(db)).id;
  providers.second = (await createProvider(db)).id;
  subjects.push({ name: 'guest', roles: ['guest'], headers: {} });
  for (const column of columns) {
    const account = await server.createAccount({ realmRoles: column.realmRoles });
    if (column.provider && column.providerRole) {
      await db.insert(providerUsers).values({
        providerId: providers[column.provider],
        userId: account.userId,
        roles: [column.providerRole],
      });
    }
    const { accessToken } = await server.signIn(account.email, account.password);
    subjects.push({
      name: column.name,
      roles: [...column.realmRoles, ...(column.providerRole ? [column.providerRole] : [])],
      account,
      headers: bearer(accessToken),
    });
  }
});

afterAll(async () => {
  await server.close();
});

/** Each registered operation once, by the method and path of its route (HEAD twins left out). */
function registeredOperations(): (ApiRoute & { operationId: OperationId })[] {
  const seen = new Set<string>();
  const operations: (ApiRoute & { operationId: OperationId })[] = [];
  for (const route of server.app.apiRoutes.list()) {
    if (route.operationId === undefined || route.method === 'HEAD' || seen.has(route.operationId)) continue;
    seen.add(route.operationId);
    operations.push({ ...route, operationId: route.operationId as OperationId });
  }
  return operations;
}

function call(
  subject: Subject,
  route: ApiRoute,
  url = route.url.replaceAll(/:\w+/g, randomUUID()),
  body: object | Buffer = {},
) {
  const readsBody = !['GET', 'HEAD'].includes(route.method);
  return server.app.inject({
    method: route.method as 'GET',
    url,
    remoteAddress: '127.0.0.1',
    headers: {
      ...subject.headers,
      ...(Buffer.isBuffer(body) && { 'content-type': 'application/octet-stream' }),
    },
    // An empty object unless given: a granted operation refuses it as invalid (400) after the
    // permission check.
    ...(readsBody && { payload: body }),
  });
}

describe('the route table', () => {
  it('names an operation for every API route but the API reference, and registers every operation', () => {
    const routes = server.app.apiRoutes.list();
    expect(routes.length).toBeGreaterThan(0);
    const withoutOperation = routes.filter((route) => route.operationId === undefined);
    expect(withoutOperation.filter((route) => !route.url.startsWith(docsPrefix))).toEqual([]);
    // The development mailbox page is at /dev/mail, outside /api/.
    expect(
      registeredOperations()
        .map((route) => route.operationId)
        .toSorted(),
    ).toEqual(operationIds.filter((operationId) => operationId !== 'viewDevMail').toSorted());
  });

  it('has a column for every role of the permission table', () => {
    const covered = new Set(subjects.flatMap((subject) => subject.roles));
    expect(roles.filter((role) => !covered.has(role))).toEqual([]);
  });

  it('matches the roles the API derives for every signed-in column', async () => {
    for (const subject of subjects.filter((each) => each.account)) {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/v1/web/users/me',
        headers: subject.headers,
      });
      expect(response.statusCode, subject.name).toBe(200);
      const user = response.json<{ id: string; roles: Role[] }>();
      expect(user.id, subject.name).toBe(subject.account?.subject);
      expect(user.roles.toSorted(), subject.name).toEqual(subject.roles.toSorted());
    }
  });
});

/**
 * Operations whose path names a record, by who may see the record. `catalogue`: published records
 * anyone may read; an unpublished one (a provider's draft) answers 404 to everybody. `owned`: a
 * record of one client or provider; `record` makes one for an owner, and every other signed-in
 * column is refused with 404 (never 403, which would confirm that the id exists). `body` is a valid
 * body for operations that take one (an invalid one is refused before the record is looked up).
 */
type RecordAccess =
  | { kind: 'catalogue'; unpublished: () => Promise<Record<string, string>> }
  | {
      kind: 'owned';
      record: (owner: Subject) => Promise<Record<string, string>>;
      /** A valid body: JSON, or the raw bytes of an upload (`application/octet-stream`). */
      body?: object | Buffer;
      /** A valid query string, for operations that need one (`?name=` of an upload). */
      query?: string;
    }
  /** The path names a value of a closed set (a questionnaire type), not anybody's record. */
  | { kind: 'value' }
  /**
   * The path's id is itself the access, unguessable and handed out by us: the test gateway's payment
   * page of a checkout (as a real gateway's hosted page is reached by its session link).
   */
  | { kind: 'capability' }
  /** Platform staff's operation: every record is theirs, everyone else is refused by role (matrix below). */
  | { kind: 'staff' }
  /**
   * A guest's case (anonymous wizard): the secret the guest's browser holds is the access. Without it,
   * or with another guest case's secret, every caller — signed in or not — gets 404.
   */
  | { kind: 'guest'; body?: () => Promise<object> }
  /**
   * A record of the first provider (its inbox). A member of another provider is refused with 404, as
   * a missing record; callers without a provider role are refused by role (the matrix below). The
   * first provider's administrator is answered with a success, so the 404s are not those of a record
   * that was never there.
   */
  | {
      kind: 'provider';
      record: () => Promise<Record<string, string>>;
      /** A valid body: JSON, the raw bytes of an upload, or one made for the record. */
      body?: object | Buffer | ((params: Record<string, string>) => object);
      query?: string;
    };

/** The body a provider operation takes for its record. */
function providerBody(
  access: { body?: object | Buffer | ((params: Record<string, string>) => object) },
  params: Record<string, string>,
): object | Buffer {
  return typeof access.body === 'function' ? access.body(params) : (access.body ?? {});
}

/** A case of the owner (for the case operations). */
const ownCase = async (owner: Subject) => ({
  caseId: (
    await createCase(server.database.db, { clientId: null, ownerUserId: owner.account?.userId ?? null })
  ).id,
});
/** A client of the owner (for the client operations). */
const ownClient = async (owner: Subject) => ({
  clientId: (await createClient(server.database.db, { ownerUserId: owner.account?.userId ?? null })).id,
});
const caseBody = { date: '2026-11-24', name: 'Případ' };
const clientBody = {
  isClient: true,
  firstName: 'Marie',
  lastName: 'Dvořáková',
  dateOfBirth: '1940-01-31',
  sex: 'female',
  residence: { city: 'Praha', zipcode: '11000', countyCode: 'CZ0100' },
};

/** A valid autosave body: the published case survey, nothing answered yet. */
const caseSurveyBody = { surveyDefinitionId: '', answers: {}, complete: false };
/** A case of the owner and its case survey (for the questionnaire operations of a case). */
const ownCaseSurvey = async (owner: Subject) => {
  const [published] = await server.database.db
    .select({ id: surveyDefinitions.id })
    .from(surveyDefinitions)
    .where(and(eq(surveyDefinitions.type, 'case'), eq(surveyDefinitions.status, 'published')));
  caseSurveyBody.surveyDefinitionId = published?.id ?? '';
  return { ...(await ownCase(owner)), type: 'case' };
};

/** A case of the owner with its client, and an active service of a verified provider (the review page). */
const ownCaseAndService = async (owner: Subject) => {
  const db = server.database.db;
  const ownerUserId = owner.account?.userId ?? null;
  const client = await createClient(db, { ownerUserId });
  const careCase = await createCase(db, { ownerUserId, clientId: client.id });
  const service = await createFacilityService(db);
  return { caseId: careCase.id, serviceId: service.id };
};
/** A request draft of the owner's case, with one questionnaire its service asks for. */
const ownDraft = async (owner: Subject) => {
  const { caseId, serviceId } = await ownCaseAndService(owner);
  const survey = await createServiceSurvey(server.database.db, { facilityServiceId: serviceId });
  const [draft] = await server.database.db
    .insert(requestDrafts)
    .values({ caseId, facilityServiceId: serviceId })
    .returning({ id: requestDrafts.id });
  return { draftId: draft?.id ?? '', surveyDefinitionId: survey.id };
};
/** A care request of the owner's case (status `new`). */
const ownCareRequest = async (owner: Subject) => {
  const { caseId } = await ownCaseAndService(owner);
  return { careRequestId: (await createCareRequest(server.database.db, { caseId })).id };
};

/** A document, bytes and row, of a draft or a request. */
const storedDocument = async (owner: { requestDraftId: string } | { careRequestId: string }) => {
  const storageKey = randomUUID();
  const [document] = await server.database.db
    .insert(documents)
    .values({ ...owner, fileName: 'zprava.pdf', contentType: 'application/pdf', sizeBytes: 4, storageKey })
    .returning({ id: documents.id });
  await server.database.db.insert(documentContents).values({ storageKey, content: Buffer.from('%PDF') });
  return document?.id ?? '';
};
/** A document of the owner's request draft. */
const ownDraftDocument = async (owner: Subject) => {
  const { draftId } = await ownDraft(owner);
  return { draftId, documentId: await storedDocument({ requestDraftId: draftId }) };
};
/** A document of the owner's care request. */
const ownCareRequestDocument = async (owner: Subject) => {
  const { careRequestId } = await ownCareRequest(owner);
  return { careRequestId, documentId: await storedDocument({ careRequestId }) };
};
/** An upload's body: the start of a PDF is enough to be one. */
const pdfBytes = Buffer.from('%PDF-1.4\n%%EOF\n');

/** The first provider itself (its team, grid, dashboard and exports). */
const firstProvider = async () => ({ providerId: providers.first });
/** A request (status `new`) of a client to a service of the first provider. */
const firstProviderRequest = async () => {
  const db = server.database.db;
  const facility = await createFacility(db, { providerId: providers.first });
  const service = await createFacilityService(db, { facilityId: facility.id });
  const client = await createClient(db);
  const careCase = await createCase(db, { clientId: client.id, ownerUserId: client.ownerUserId });
  const request = await createCareRequest(db, { caseId: careCase.id, facilityServiceId: service.id });
  return { providerId: providers.first, careRequestId: request.id };
};
/** An active service of the first provider, for a client it enters itself. */
const firstProviderActiveService = async () => {
  const db = server.database.db;
  const facility = await createFacility(db, { providerId: providers.first });
  const service = await createFacilityService(db, { facilityId: facility.id, status: 'active' });
  return { providerId: providers.first, facilityServiceId: service.id };
};
/** A client the first provider entered itself, with a phone request, and another active service. */
const firstProviderOwnClient = async () => {
  const db = server.database.db;
  const { facilityServiceId } = await firstProviderActiveService();
  const other = await firstProviderActiveService();
  const client = await createClient(db, { providerId: providers.first });
  const careCase = await createCase(db, { clientId: client.id });
  await createCareRequest(db, {
    caseId: careCase.id,
    facilityServiceId,
    source: 'phone',
    contractorUserId: null,
  });
  return { providerId: providers.first, clientId: client.id, facilityServiceId: other.facilityServiceId };
};
/** The body of a provider's own client with its first request on the record's service. */
const providerClientBody = (params: Record<string, string>) => ({
  firstName: 'Marie',
  lastName: 'Dvořáková',
  dateOfBirth: '1940-01-31',
  sex: 'female',
  residence: { city: 'Praha', zipcode: '11000', countyCode: 'CZ0100' },
  clientConsent: true,
  request: { facilityServiceId: params.facilityServiceId, source: 'phone' },
  allowDuplicate: true,
});
/** A document of a request to the first provider. */
const firstProviderDocument = async () => {
  const request = await firstProviderRequest();
  return { ...request, documentId: await storedDocument({ careRequestId: request.careRequestId }) };
};
/** A verification document of the first provider (decision 0130), bytes and rows. */
const firstProviderVerificationDocument = async () => {
  const storageKey = randomUUID();
  const db = server.database.db;
  const [document] = await db
    .insert(documents)
    .values({
      providerId: providers.first,
      fileName: 'rozhodnuti.pdf',
      contentType: 'application/pdf',
      sizeBytes: 4,
      storageKey,
    })
    .returning({ id: documents.id });
  const documentId = document?.id ?? '';
  await db.insert(providerDocuments).values({ documentId, kind: 'social-services-registration' });
  await db.insert(documentContents).values({ storageKey, content: Buffer.from('%PDF') });
  return { providerId: providers.first, documentId };
};
/** A finished export of the first provider, made for its administrator (only they download it). */
const firstProviderExport = async () => {
  const administrator = subjects.find((subject) => subject.name === 'provider administrator');
  const [made] = await server.database.db
    .insert(providerExports)
    .values({
      providerId: providers.first,
      requestedByUserId: administrator?.account?.userId ?? '',
      format: 'csv',
      locale: 'cs',
      selection: { mode: 'filter', filter: {} },
      state: 'ready',
      rowCount: 0,
      content: Buffer.from('Kód\r\n'),
      finishedAt: new Date(),
    })
    .returning({ id: providerExports.id });
  return { providerId: providers.first, exportId: made?.id ?? '' };
};
const exportBody = { format: 'csv', locale: 'cs', selection: { mode: 'filter', filter: {} } };

/** A valid service form of the first provider (its facility filled in by `firstProviderService`). */
const serviceBody = {
  name: 'Pečovatelská služba',
  facilityId: '',
  serviceTypeId: '',
  countyCodes: ['CZ0100'],
  description: 'Pomoc v domácnosti.',
  individualPrice: true,
};
/** A draft service of the first provider, and the form and edit bodies that fit it. */
const firstProviderService = async () => {
  const db = server.database.db;
  const facility = await createFacility(db, { providerId: providers.first });
  const service = await createFacilityService(db, { facilityId: facility.id, status: 'draft' });
  const [type] = await db.select({ id: serviceTypes.id }).from(serviceTypes).limit(1);
  serviceBody.facilityId = facility.id;
  serviceBody.serviceTypeId = type?.id ?? '';
  return { providerId: providers.first, serviceId: service.id };
};
/** The first provider with one facility, for creating a service in it. */
const firstProviderWithFacility = async () => {
  const { providerId } = await firstProviderService();
  return { providerId };
};
/** An unanswered questionnaire of the first provider's own. */
const firstProviderSurvey = async () => {
  const definition = await createSurveyDefinition(server.database.db, {
    type: 'service',
    providerId: providers.first,
    status: 'published',
  });
  return { providerId: providers.first, surveyDefinitionId: definition.id };
};
const localized = (text: string) => ({ cs: text, en: text, sk: text });
const providerSurveyBody = {
  version: 1,
  code: `matrix-${randomUUID()}`,
  title: localized('Dotazník'),
  questions: [{ type: 'text', label: localized('Co potřebujete?'), required: true }],
};

/** An upload's body: a real 400 × 400 PNG, large enough for a logo and a photo. */
const pngBytes = await sharp({
  create: { width: 400, height: 400, channels: 3, background: '#2b6cb0' },
})
  .png()
  .toBuffer();
/** A facility of the first provider, and an id for a new photo of it. */
const firstProviderFacility = async () => {
  const facility = await createFacility(server.database.db, { providerId: providers.first });
  return { providerId: providers.first, facilityId: facility.id, photoId: randomUUID() };
};
/** A stored photo of a facility of the first provider. */
const firstProviderPhoto = async () => {
  const db = server.database.db;
  const record = await firstProviderFacility();
  const key = createHash('sha256').update(record.photoId).digest('hex');
  await db
    .insert(storedImages)
    .values({ key, contentType: 'image/webp', width: 400, height: 400, sizeBytes: 4, content: pngBytes });
  await db.insert(facilityPhotos).values({
    id: record.photoId,
    providerId: record.providerId,
    facilityId: record.facilityId,
    imageKey: key,
    position: 0,
  });
  return record;
};

/** A valid save of the first provider's details, at the revision it has when the record is made. */
const providerProfileBody = {
  name: 'Vlídná péče',
  address: { street: 'Hrnčířská 14', city: 'Praha 4', zipcode: '14900', countyCode: 'CZ0100' },
  requestsEmail: 'zadosti@vlidna-pece.test',
  revision: 1,
};
const firstProviderAtRevision = async () => {
  const [row] = await server.database.db
    .select({ revision: providersTable.revision })
    .from(providersTable)
    .where(eq(providersTable.id, providers.first));
  providerProfileBody.revision = row?.revision ?? 1;
  return { providerId: providers.first };
};
const facilityBody = {
  name: 'Denní stacionář',
  sameAsProvider: false,
  address: { city: 'Praha 4', zipcode: '14900', countyCode: 'CZ0100' },
};
/** A new contact of a facility of the first provider (revision 1). */
const firstProviderContact = async () => {
  const { facilityId } = await firstProviderFacility();
  const [contact] = await server.database.db
    .insert(contacts)
    .values({ facilityId, firstName: 'Jana', lastName: 'Malá', type: 'private' })
    .returning({ id: contacts.id });
  return { providerId: providers.first, contactId: contact?.id ?? '' };
};
const contactBody = { firstName: 'Jana', lastName: 'Malá', type: 'public' };
/** A pending invitation of the first provider (its team's operations on one member). */
const firstProviderInvitation = async () => {
  const [invited] = await server.database.db
    .insert(providerUsers)
    .values({
      providerId: providers.first,
      inviteEmail: `pozvany-${randomUUID()}@example.cz`,
      inviteLocale: 'cs',
      invitedAt: new Date(),
      inviteExpiresAt: new Date(Date.now() + 86_400_000),
      roles: ['providerUser'],
    })
    .returning({ id: providerUsers.id });
  return { providerId: providers.first, providerUserId: invited?.id ?? '' };
};

/** A checkout of the owner, open at the test gateway. */
const ownCheckout = async (owner: Subject) => {
  const [type] = await server.database.db
    .select({ id: subscriptionTypes.id })
    .from(subscriptionTypes)
    .where(eq(subscriptionTypes.code, 'self-managed'));
  const [checkout] = await server.database.db
    .insert(checkouts)
    .values({
      userId: owner.account?.userId ?? '',
      subscriptionTypeId: type?.id ?? '',
      currency: 'CZK',
      amountMinor: 14_900,
      vatRatePercent: 21,
      gateway: 'test',
      gatewayReference: `tgw_${randomUUID().replaceAll('-', '')}`,
      returnPath: '/',
    })
    .returning({ id: checkouts.id });
  return { checkoutId: checkout?.id ?? '' };
};

/** A guest case opened as the anonymous wizard opens it, and its secret. */
const guestCase = async () => {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/web/guest-cases',
    remoteAddress: someClientAddress(),
    payload: { date: '2026-11-24', name: 'Host', creationKey: randomUUID(), healthDataConsent: true },
  });
  const created = response.json<{ case: { id: string }; secret: string }>();
  return { caseId: created.case.id, secret: created.secret };
};
/** A valid autosave body of the extended survey (a guest case's questionnaire). */
const extendedSurveyBody = async () => {
  const [published] = await server.database.db
    .select({ id: surveyDefinitions.id })
    .from(surveyDefinitions)
    .where(and(eq(surveyDefinitions.type, 'extended-case'), eq(surveyDefinitions.status, 'published')));
  return { surveyDefinitionId: published?.id ?? '', answers: {}, complete: false };
};

const recordOperations: Partial<Record<OperationId, RecordAccess>> = {
  getGuestCase: { kind: 'guest' },
  getGuestCaseSurvey: { kind: 'guest' },
  saveGuestCaseSurvey: { kind: 'guest', body: extendedSurveyBody },
  claimGuestCase: { kind: 'guest' },
  getCheckout: { kind: 'owned', record: ownCheckout },
  saveAssistantTask: {
    kind: 'owned',
    record: ownCase,
    body: { contactChannel: 'phone', assistantConsent: true },
  },
  viewTestGatewayCheckout: { kind: 'capability' },
  completeTestGatewayCheckout: { kind: 'capability' },
  openRequestDraft: { kind: 'owned', record: ownCaseAndService },
  saveRequestDraftSurvey: { kind: 'owned', record: ownDraft, body: { answers: {} } },
  sendRequestDraft: { kind: 'owned', record: ownDraft, body: { providerConsent: true } },
  getCareRequest: { kind: 'owned', record: ownCareRequest },
  withdrawCareRequest: { kind: 'owned', record: ownCareRequest },
  listClientCareRequests: { kind: 'owned', record: ownClient },
  putRequestDraftDocument: {
    kind: 'owned',
    record: async (owner) => ({ ...(await ownDraft(owner)), documentId: randomUUID() }),
    body: pdfBytes,
    query: '?name=zprava.pdf',
  },
  downloadRequestDraftDocument: { kind: 'owned', record: ownDraftDocument },
  deleteRequestDraftDocument: { kind: 'owned', record: ownDraftDocument },
  putCareRequestDocument: {
    kind: 'owned',
    record: async (owner) => ({ ...(await ownCareRequest(owner)), documentId: randomUUID() }),
    body: pdfBytes,
    query: '?name=zprava.pdf',
  },
  downloadCareRequestDocument: { kind: 'owned', record: ownCareRequestDocument },
  deleteCareRequestDocument: { kind: 'owned', record: ownCareRequestDocument },
  getCaseSurvey: { kind: 'owned', record: ownCaseSurvey },
  saveCaseSurvey: { kind: 'owned', record: ownCaseSurvey, body: caseSurveyBody },
  getPublishedSurvey: { kind: 'value' },
  publishSurveyDefinition: { kind: 'staff' },
  deleteSurveyDefinition: { kind: 'staff' },
  getSurveyDefinition: { kind: 'staff' },
  updateSurveyDefinition: { kind: 'staff' },
  createSurveyDefinitionVersion: { kind: 'staff' },
  retireSurveyDefinition: { kind: 'staff' },
  updateServiceType: { kind: 'staff' },
  retireServiceType: { kind: 'staff' },
  unretireServiceType: { kind: 'staff' },
  deleteServiceType: { kind: 'staff' },
  updateServiceCategory: { kind: 'staff' },
  setProviderVerification: { kind: 'staff' },
  getProviderVerification: { kind: 'staff' },
  decideProviderVerification: { kind: 'staff' },
  downloadVerificationDocument: { kind: 'staff' },
  claimAssistantTask: { kind: 'staff' },
  getAssistantTask: { kind: 'staff' },
  logAssistantCall: { kind: 'staff' },
  sendAssistantRequest: { kind: 'staff' },
  closeAssistantTask: { kind: 'staff' },
  releaseAssistantTask: { kind: 'staff' },
  reassignAssistantTask: { kind: 'staff' },
  getCaseAssistantWork: { kind: 'owned', record: ownCase },
  getSupportMessage: { kind: 'staff' },
  assignSupportMessage: { kind: 'staff' },
  replySupportMessage: { kind: 'staff' },
  closeSupportMessage: { kind: 'staff' },
  getCarerSubscriptions: { kind: 'staff' },
  grantFreePlan: { kind: 'staff' },
  revokeFreePlan: { kind: 'staff' },
  getService: {
    kind: 'catalogue',
    unpublished: async () => {
      const db = server.database.db;
      const facility = await createFacility(db, { providerId: providers.first });
      const draft = await createFacilityService(db, { facilityId: facility.id, status: 'draft' });
      return { serviceId: draft.id };
    },
  },
  getCase: { kind: 'owned', record: ownCase },
  renameCase: { kind: 'owned', record: ownCase, body: { name: 'Cizí' } },
  getClient: { kind: 'owned', record: ownClient },
  updateClient: { kind: 'owned', record: ownClient, body: clientBody },
  listClientCases: { kind: 'owned', record: ownClient },
  createClientCase: { kind: 'owned', record: ownClient, body: caseBody },
  getClientServiceOffer: { kind: 'owned', record: ownClient },
  getProviderTeam: { kind: 'provider', record: firstProvider },
  listProviderCareRequests: { kind: 'provider', record: firstProvider },
  getProviderDashboard: { kind: 'provider', record: firstProvider },
  getProviderPlan: { kind: 'provider', record: firstProvider },
  createProviderPlanCheckout: { kind: 'provider', record: firstProvider },
  getListingConfirmation: { kind: 'provider', record: firstProvider },
  confirmListing: { kind: 'provider', record: firstProvider },
  listProviderExportJobs: { kind: 'provider', record: firstProvider },
  exportProviderCareRequests: { kind: 'provider', record: firstProvider, body: exportBody },
  createProviderExportJob: { kind: 'provider', record: firstProvider, body: exportBody },
  downloadProviderExport: { kind: 'provider', record: firstProviderExport },
  getProviderCareRequest: { kind: 'provider', record: firstProviderRequest },
  changeProviderCareRequestStatus: {
    kind: 'provider',
    record: firstProviderRequest,
    body: { status: 'in-progress', fromStatus: 'new' },
  },
  saveProviderCareRequestNote: {
    kind: 'provider',
    record: firstProviderRequest,
    body: { text: 'Zavolat dceři.', baseVersion: 0 },
  },
  getStoredImage: { kind: 'value' },
  getProviderProfile: { kind: 'provider', record: firstProvider },
  updateProviderProfile: { kind: 'provider', record: firstProviderAtRevision, body: providerProfileBody },
  createProviderFacility: { kind: 'provider', record: firstProvider, body: facilityBody },
  getProviderFacility: { kind: 'provider', record: firstProviderFacility },
  updateProviderFacility: {
    kind: 'provider',
    record: firstProviderFacility,
    body: { ...facilityBody, revision: 1 },
  },
  createProviderContact: { kind: 'provider', record: firstProvider, body: contactBody },
  updateProviderContact: {
    kind: 'provider',
    record: firstProviderContact,
    body: { ...contactBody, revision: 1 },
  },
  deleteProviderContact: { kind: 'provider', record: firstProviderContact, query: '?revision=1' },
  getProviderImages: { kind: 'provider', record: firstProvider },
  putProviderLogo: { kind: 'provider', record: firstProvider, body: pngBytes },
  deleteProviderLogo: { kind: 'provider', record: firstProvider },
  putFacilityPhoto: { kind: 'provider', record: firstProviderFacility, body: pngBytes },
  updateFacilityPhotoAlt: {
    kind: 'provider',
    record: firstProviderPhoto,
    body: { alt: { cs: 'Zahrada', sk: null, en: '' } },
  },
  deleteFacilityPhoto: { kind: 'provider', record: firstProviderPhoto },
  orderFacilityPhotos: {
    kind: 'provider',
    record: firstProviderPhoto,
    body: (params) => ({ photoIds: [params.photoId] }),
  },
  assignProviderCareRequest: {
    kind: 'provider',
    record: firstProviderRequest,
    body: { providerUserId: null, facilityId: null },
  },
  downloadProviderCareRequestDocument: { kind: 'provider', record: firstProviderDocument },
  listProviderDocuments: { kind: 'provider', record: firstProvider },
  putProviderDocument: {
    kind: 'provider',
    record: async () => ({ providerId: providers.first, documentId: randomUUID() }),
    body: pdfBytes,
    query: '?name=rozhodnuti.pdf&kind=social-services-registration',
  },
  downloadProviderDocument: { kind: 'provider', record: firstProviderVerificationDocument },
  deleteProviderDocument: { kind: 'provider', record: firstProviderVerificationDocument },
  listProviderServiceCapacities: { kind: 'provider', record: firstProvider },
  getProviderServiceCapacity: { kind: 'provider', record: firstProviderService },
  updateProviderServiceCapacity: {
    kind: 'provider',
    record: firstProviderService,
    body: { action: 'set', acceptingClients: true, freePlaces: 2, waitingWeeks: null },
  },
  listProviderServices: { kind: 'provider', record: firstProvider },
  createProviderService: { kind: 'provider', record: firstProviderWithFacility, body: serviceBody },
  getProviderService: { kind: 'provider', record: firstProviderService },
  updateProviderService: {
    kind: 'provider',
    record: firstProviderService,
    body: { service: serviceBody, revision: 1 },
  },
  changeProviderServiceStatus: {
    kind: 'provider',
    record: firstProviderService,
    body: { status: 'archive', revision: 1 },
  },
  previewProviderService: { kind: 'provider', record: firstProviderService },
  getProviderServiceSurveys: { kind: 'provider', record: firstProviderService },
  saveProviderServiceSurveys: {
    kind: 'provider',
    record: firstProviderService,
    body: { surveyDefinitionIds: [] },
  },
  createProviderSurveyDefinition: { kind: 'provider', record: firstProvider, body: providerSurveyBody },
  deleteProviderSurveyDefinition: { kind: 'provider', record: firstProviderSurvey },
  createProviderClient: { kind: 'provider', record: firstProviderActiveService, body: providerClientBody },
  getProviderClient: { kind: 'provider', record: firstProviderOwnClient },
  createProviderClientRequest: {
    kind: 'provider',
    record: firstProviderOwnClient,
    body: (params) => ({ facilityServiceId: params.facilityServiceId, source: 'walk-in' }),
  },
  listProviderTeamMembers: { kind: 'provider', record: firstProvider },
  inviteProviderUser: {
    kind: 'provider',
    record: firstProvider,
    body: () => ({ email: `pozvany-${randomUUID()}@example.cz`, roles: ['providerUser'], locale: 'cs' }),
  },
  updateProviderTeamMember: {
    kind: 'provider',
    record: firstProviderInvitation,
    body: { roles: ['providerCoordinator'], facilityIds: [] },
  },
  removeProviderTeamMember: { kind: 'provider', record: firstProviderInvitation },
  resendProviderInvitation: { kind: 'provider', record: firstProviderInvitation },
};

describe('records of others', () => {
  it('has an access rule for every operation whose path names a record', () => {
    const unclassified = registeredOperations()
      .filter((route) => route.url.includes('/:') && !(route.operationId in recordOperations))
      .map((route) => `${route.operationId} (${route.method} ${route.url})`);
    expect(unclassified).toEqual([]);
  });

  // A sweep of every operation: hundreds of requests, so it is given time for a busy machine.
  it('answers another owner’s record or an unpublished one 404, never 403', {
    timeout: 300_000,
  }, async () => {
    const mismatches: string[] = [];
    let cells = 0;
    for (const route of registeredOperations()) {
      const access = recordOperations[route.operationId];
      if (
        !access ||
        access.kind === 'value' ||
        access.kind === 'staff' ||
        access.kind === 'capability' ||
        access.kind === 'guest' ||
        access.kind === 'provider'
      )
        continue;
      const records: { owner: Subject | undefined; params: Record<string, string> }[] = [];
      if (access.kind === 'owned') {
        for (const owner of subjects.filter((subject) => subject.account)) {
          records.push({ owner, params: await access.record(owner) });
        }
      } else {
        records.push({ owner: undefined, params: await access.unpublished() });
      }
      for (const { owner, params } of records) {
        const url =
          route.url.replaceAll(/:(\w+)/g, (_match, name: string) => params[name] ?? randomUUID()) +
          (access.kind === 'owned' ? (access.query ?? '') : '');
        for (const subject of subjects) {
          // A guest is refused an owned record earlier, for not being signed in (401; the matrix below).
          if (subject === owner || (access.kind === 'owned' && !subject.account)) continue;
          cells += 1;
          const { statusCode } = await call(subject, route, url, access.kind === 'owned' ? access.body : {});
          if (statusCode !== 404) {
            mismatches.push(
              `${route.operationId} ${url} as ${subject.name}: expected 404, answered ${statusCode}`,
            );
          }
        }
      }
    }
    // Guest cases: the id without its secret (none, or another guest case's) opens nothing, for anyone;
    // with the secret, the operation is granted (a claim to the signed-in only).
    for (const route of registeredOperations()) {
      const access = recordOperations[route.operationId];
      if (access?.kind !== 'guest') continue;
      const body = access.body ? await access.body() : {};
      for (const subject of subjects) {
        const loginOnly = route.operationId === 'claimGuestCase' && !subject.account;
        const held = await guestCase();
        const other = await guestCase();
        const url = route.url.replaceAll(/:(\w+)/g, (_match, name: string) =>
          name === 'caseId' ? held.caseId : 'extended-case',
        );
        for (const [label, secret] of [
          ['no secret', undefined],
          ['another case’s secret', other.secret],
        ] as const) {
          cells += 1;
          const { statusCode } = await server.app.inject({
            method: route.method as 'GET',
            url,
            remoteAddress: '127.0.0.1',
            headers: { ...subject.headers, ...(secret ? { 'x-guest-secret': secret } : {}) },
            ...(!['GET', 'HEAD'].includes(route.method) && { payload: body }),
          });
          const expected = loginOnly ? 401 : 404;
          if (statusCode !== expected) {
            mismatches.push(
              `${route.operationId} ${url} as ${subject.name} with ${label}: expected ${expected}, answered ${statusCode}`,
            );
          }
        }
        cells += 1;
        const { statusCode } = await server.app.inject({
          method: route.method as 'GET',
          url,
          remoteAddress: '127.0.0.1',
          headers: { ...subject.headers, 'x-guest-secret': held.secret },
          ...(!['GET', 'HEAD'].includes(route.method) && { payload: body }),
        });
        const expected = loginOnly ? 401 : 200;
        if (statusCode !== expected) {
          mismatches.push(
            `${route.operationId} ${url} as ${subject.name} with its secret: expected ${expected}, answered ${statusCode}`,
          );
        }
      }
    }
    // A provider's records: another provider's members get 404; its administrator gets them.
    for (const route of registeredOperations()) {
      const access = recordOperations[route.operationId];
      if (access?.kind !== 'provider') continue;
      const params = await access.record();
      const url =
        route.url.replaceAll(/:(\w+)/g, (_match, name: string) => params[name] ?? randomUUID()) +
        (access.query ?? '');
      for (const subject of subjects) {
        const member = subject.name === 'provider administrator';
        if (!member && subject.name !== 'another provider’s administrator') continue;
        cells += 1;
        const { statusCode } = await call(subject, route, url, providerBody(access, params));
        const matches = member ? statusCode < 300 : statusCode === 404;
        if (!matches) {
          mismatches.push(
            `${route.operationId} ${url} as ${subject.name}: expected ${member ? 'a success' : 404}, answered ${statusCode}`,
          );
        }
      }
    }
    console.log(
      `Records of others: ${cells} requests, ${mismatches.length} mismatches` +
        mismatches.map((mismatch) => `\n  ${mismatch}`).join(''),
    );
    expect(cells).toBeGreaterThan(0);
    expect(mismatches).toEqual([]);
  });
});

/**
 * Whether every answer of an operation carries `Cache-Control: no-store`: what the caller's health
 * data, records, provider inbox, guest secret or the development mailbox put in it must not be
 * kept by any cache. Kept here, apart from the contracts' `noStore`, so that a flag dropped from
 * (or added to) one operation fails the test; a new operation must be classified to compile.
 */
const answersNoStore = {
  getHealth: false,
  getReady: false,
  getWebConfig: false,
  listRegions: false,
  searchPlaces: false,
  listRelationshipTypes: false,
  listServiceTypes: false,
  listServices: false,
  getService: false,
  sendContactMessage: false,
  signUp: false,
  joinAsProvider: false,
  getCurrentUser: true,
  updateCurrentUser: true,
  deleteCurrentUser: false,
  changePassword: false,
  resendEmailConfirmation: false,
  confirmEmail: false,
  requestPasswordReset: false,
  resetPassword: false,
  createCase: true,
  getCase: true,
  renameCase: true,
  getCaseSurvey: true,
  saveCaseSurvey: true,
  createGuestCase: true,
  getGuestCase: true,
  getGuestCaseSurvey: true,
  saveGuestCaseSurvey: true,
  claimGuestCase: true,
  listMyClients: true,
  createClient: true,
  getClient: true,
  updateClient: true,
  listClientCases: true,
  createClientCase: true,
  getClientServiceOffer: true,
  getPublishedSurvey: false,
  listSurveyDefinitions: false,
  createSurveyDefinition: false,
  publishSurveyDefinition: false,
  deleteSurveyDefinition: false,
  getSurveyDefinition: true,
  updateSurveyDefinition: true,
  createSurveyDefinitionVersion: true,
  retireSurveyDefinition: true,
  listAdminServiceTypes: true,
  createServiceType: true,
  updateServiceType: true,
  retireServiceType: true,
  unretireServiceType: true,
  deleteServiceType: false,
  updateServiceCategory: true,
  setProviderVerification: false,
  listProviderVerifications: true,
  getProviderVerification: true,
  decideProviderVerification: true,
  downloadVerificationDocument: true,
  listStaffAudit: true,
  getCaseAssistantWork: true,
  claimAssistantTask: true,
  getAssistantTask: true,
  logAssistantCall: true,
  sendAssistantRequest: true,
  closeAssistantTask: true,
  releaseAssistantTask: true,
  reassignAssistantTask: true,
  listAssistants: true,
  listSupportMessages: true,
  getSupportMessage: true,
  assignSupportMessage: true,
  replySupportMessage: true,
  closeSupportMessage: true,
  searchCarers: true,
  getCarerSubscriptions: true,
  grantFreePlan: true,
  revokeFreePlan: true,
  listDevMail: true,
  viewDevMail: true,
  listSubscriptionTypes: false,
  getCurrentSubscription: true,
  cancelCurrentSubscription: true,
  createCheckout: true,
  getCheckout: true,
  viewTestGatewayCheckout: true,
  completeTestGatewayCheckout: true,
  receiveTestGatewayEvent: false,
  receiveStripeEvent: false,
  saveAssistantTask: true,
  listAssistantTasks: true,
  openRequestDraft: true,
  saveRequestDraftSurvey: true,
  sendRequestDraft: true,
  getCareRequest: true,
  withdrawCareRequest: true,
  listClientCareRequests: true,
  putRequestDraftDocument: true,
  downloadRequestDraftDocument: true,
  deleteRequestDraftDocument: false,
  putCareRequestDocument: true,
  downloadCareRequestDocument: true,
  deleteCareRequestDocument: false,
  listProviderMemberships: true,
  getProviderTeam: true,
  listProviderCareRequests: true,
  exportProviderCareRequests: true,
  getProviderCareRequest: true,
  changeProviderCareRequestStatus: true,
  saveProviderCareRequestNote: true,
  assignProviderCareRequest: true,
  downloadProviderCareRequestDocument: true,
  listProviderDocuments: true,
  putProviderDocument: true,
  downloadProviderDocument: true,
  deleteProviderDocument: false,
  createProviderExportJob: true,
  listProviderExportJobs: true,
  getProviderProfile: true,
  updateProviderProfile: true,
  createProviderFacility: true,
  getProviderFacility: true,
  updateProviderFacility: true,
  createProviderContact: true,
  updateProviderContact: true,
  deleteProviderContact: true,
  getImage: false,
  getStoredImage: false,
  getProviderImages: true,
  putProviderLogo: true,
  deleteProviderLogo: false,
  putFacilityPhoto: true,
  updateFacilityPhotoAlt: true,
  deleteFacilityPhoto: false,
  orderFacilityPhotos: true,
  downloadProviderExport: true,
  getProviderDashboard: true,
  getProviderPlan: true,
  createProviderPlanCheckout: true,
  listProviderServiceCapacities: true,
  getProviderServiceCapacity: true,
  updateProviderServiceCapacity: true,
  getListingConfirmation: true,
  confirmListing: true,
  listProviderServices: true,
  createProviderService: true,
  getProviderService: true,
  updateProviderService: true,
  changeProviderServiceStatus: true,
  previewProviderService: true,
  getProviderServiceSurveys: true,
  saveProviderServiceSurveys: true,
  createProviderSurveyDefinition: true,
  deleteProviderSurveyDefinition: true,
  createProviderClient: true,
  getProviderClient: true,
  createProviderClientRequest: true,
  listProviderTeamMembers: true,
  inviteProviderUser: true,
  updateProviderTeamMember: true,
  removeProviderTeamMember: true,
  resendProviderInvitation: true,
  getProviderInvitation: true,
  acceptProviderInvitation: true,
  signUpWithProviderInvitation: true,
} as const satisfies Record<OperationId, boolean>;

const noStoreDirective = /(?:^|,)\s*no-store\s*(?:,|$)/i;

describe('no-store', () => {
  // A sweep of every operation: hundreds of requests, so it is given time for a busy machine.
  it('marks every answer of exactly the no-store operations, success or failure', {
    timeout: 180_000,
  }, async () => {
    const mismatches: string[] = [];
    let answers = 0;
    let successes = 0;
    const check = (
      operationId: OperationId,
      caller: string,
      response: { statusCode: number; headers: Record<string, unknown> },
    ) => {
      answers += 1;
      if (response.statusCode < 300) successes += 1;
      const header = response.headers['cache-control'];
      const noStore = typeof header === 'string' && noStoreDirective.test(header);
      if (noStore !== answersNoStore[operationId]) {
        mismatches.push(
          `${operationId} ${caller} (${response.statusCode}): Cache-Control ${String(header ?? '(none)')}, ` +
            `expected ${answersNoStore[operationId] ? 'no-store' : 'no no-store'}`,
        );
      }
    };
    const [guest] = subjects;
    const providerAdministrator = subjects.find((subject) => subject.name === 'provider administrator');
    // An owner of its own: the tests above left records (an open checkout) with the columns' clients.
    const account = await server.createAccount({ realmRoles: ['client'] });
    const { accessToken } = await server.signIn(account.email, account.password);
    const owner: Subject = { name: 'the owner', roles: ['client'], account, headers: bearer(accessToken) };
    for (const operation of Object.values(operations)) {
      const { operationId } = operation;
      const route: ApiRoute = { method: operation.method, url: operation.path, operationId };
      // Made-up ids and an empty body: refused (401), not found, invalid, or answered.
      if (guest) check(operationId, 'as a guest', await call(guest, route));
      // Deleting the account would end the session the matrix below needs.
      const granted = subjects.find((subject) => subject.account && rolesCan(subject.roles, operationId));
      if (granted && operationId !== 'deleteCurrentUser') {
        check(operationId, `as ${granted.name}`, await call(granted, route));
      }
      // A record the caller may see: the answer a person gets.
      const access = recordOperations[operationId];
      const withParams = (params: Record<string, string>) =>
        route.url.replaceAll(/:(\w+)/g, (_match, name: string) => params[name] ?? randomUUID());
      if (access?.kind === 'owned') {
        const url = withParams(await access.record(owner)) + (access.query ?? '');
        check(operationId, 'as the owner', await call(owner, route, url, access.body ?? {}));
      } else if (access?.kind === 'provider' && providerAdministrator) {
        const params = await access.record();
        check(
          operationId,
          'as the provider’s administrator',
          await call(
            providerAdministrator,
            route,
            withParams(params) + (access.query ?? ''),
            providerBody(access, params),
          ),
        );
      } else if (access?.kind === 'guest') {
        const held = await guestCase();
        const response = await server.app.inject({
          method: route.method as 'GET',
          url: withParams({ caseId: held.caseId, type: 'extended-case' }),
          remoteAddress: '127.0.0.1',
          headers: { ...owner.headers, 'x-guest-secret': held.secret },
          ...(route.method !== 'GET' && { payload: access.body ? await access.body() : {} }),
        });
        check(operationId, 'with the guest case’s secret', response);
      }
    }
    console.log(
      `No-store: ${answers} answers (${successes} successes) of ${Object.keys(operations).length} ` +
        `operations, ${mismatches.length} mismatches` +
        mismatches.map((mismatch) => `\n  ${mismatch}`).join(''),
    );
    expect(mismatches).toEqual([]);
  });

  it('leaves it off the 404 of a route hidden from the caller, which must look like no route', async () => {
    // The development mailbox answers this machine only.
    const hidden = await server.app.inject({
      method: 'GET',
      url: '/api/v1/dev/mail',
      remoteAddress: someClientAddress(),
    });
    const missing = await server.app.inject({
      method: 'GET',
      url: '/api/v1/dev/nothing',
      remoteAddress: someClientAddress(),
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.headers['cache-control']).toBe(missing.headers['cache-control']);
  });
});

describe('authorization matrix', () => {
  // A sweep of every operation: hundreds of requests, so it is given time for a busy machine.
  it('answers every operation for every role as the permission table says', {
    timeout: 180_000,
  }, async () => {
    // Deleting the account goes last: it ends the caller's session.
    const operations = registeredOperations().toSorted(
      (a, b) => Number(a.operationId === 'deleteCurrentUser') - Number(b.operationId === 'deleteCurrentUser'),
    );
    const mismatches: string[] = [];
    for (const operation of operations) {
      for (const subject of subjects) {
        const granted = rolesCan(
          subject.roles.filter((role) => role !== 'guest'),
          operation.operationId,
        );
        const expected = granted ? 'granted' : subject.account ? '403' : '401';
        const { statusCode } = await call(subject, operation);
        const matches = granted
          ? ![401, 403].includes(statusCode) && statusCode < 500
          : String(statusCode) === expected;
        if (!matches) {
          mismatches.push(
            `${operation.operationId} (${operation.method} ${operation.url}) as ${subject.name}: ` +
              `expected ${expected}, answered ${statusCode}`,
          );
        }
      }
    }
    console.log(
      `Authorization matrix: ${operations.length} operations × ${subjects.length} roles = ` +
        `${operations.length * subjects.length} cells, ${mismatches.length} mismatches` +
        mismatches.map((mismatch) => `\n  ${mismatch}`).join(''),
    );
    expect(mismatches).toEqual([]);
  });
});
