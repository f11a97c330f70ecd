import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Price, SurveyDocument } from '@opora/contracts';
import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import { insertIdentityUser, type NewIdentityUser } from '../identity/identity-users.ts';
import type { SubscriptionTypeCode } from '../schema/enums.ts';
import {
  careRequests,
  cases,
  clientPersons,
  clients,
  facilities,
  facilityServiceCounties,
  facilityServices,
  priceColumns,
  providers,
  requestStatuses,
  serviceTypes,
  subscriptions,
  subscriptionTypes,
  users,
} from '../schema/index.ts';
import { facilityServiceSurveys, surveyAnswers, surveyDefinitions } from '../schema/surveys.ts';
import type { RequestStatusCode, ServiceTypeCode } from '../seed/reference-data.ts';

// Factories mint unique rows per call, so tests own their data and never lean on demo ids. Each
// creates what it needs and was not given (a facility creates its provider, and so on). They rely on
// the reference data the test template is seeded with.

export type User = typeof users.$inferSelect;
export type Provider = typeof providers.$inferSelect;
export type Facility = typeof facilities.$inferSelect;
export type FacilityService = typeof facilityServices.$inferSelect;
export type Client = typeof clients.$inferSelect;
export type Case = typeof cases.$inferSelect;
export type ClientPerson = typeof clientPersons.$inferSelect;
export type CareRequest = typeof careRequests.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;

let sequence = 0;

/** Unique within the run: a per-process counter plus random bytes (test files run in parallel processes). */
export function uniqueSuffix(): string {
  sequence += 1;
  return `${sequence}-${randomBytes(4).toString('hex')}`;
}

function inserted<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('Insert returned no row');
  return row;
}

export async function createUser(
  db: DbExecutor,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<User> {
  const suffix = uniqueSuffix();
  return inserted(
    await db
      .insert(users)
      .values({
        email: `user-${suffix}@opora.test`,
        firstName: 'Test',
        lastName: `User ${suffix}`,
        ...overrides,
      })
      .returning(),
  );
}

export type IdentityUserOverrides = Partial<Omit<NewIdentityUser, 'passwordHash'>> & {
  /** Plain password to hash (argon2id, slow: prefer `passwordHash` computed once per file). */
  password?: string;
  passwordHash?: string;
};

export interface CreatedIdentityUser {
  id: string;
  email: string;
  password: string | undefined;
}

/** Password of factory-made identity users unless the test gives one. */
export const factoryPassword = 'Factory-Passw0rd!';

/**
 * An account of the embedded identity server with a password credential (unique e-mail, names, the
 * `client` realm role by default). Hashing costs ~50 ms: pass `passwordHash` when creating many.
 */
export async function createIdentityUser(
  db: DbExecutor,
  overrides: IdentityUserOverrides = {},
): Promise<CreatedIdentityUser> {
  const { password: givenPassword, passwordHash: givenHash, ...columns } = overrides;
  const password = givenHash === undefined ? (givenPassword ?? factoryPassword) : givenPassword;
  const passwordHash = givenHash ?? (await hash(password ?? factoryPassword));
  const suffix = uniqueSuffix();
  const email = (columns.email ?? `identity-${suffix}@opora.test`).toLowerCase();
  const created = await insertIdentityUser(db, {
    firstName: 'Test',
    lastName: `Identity ${suffix}`,
    ...columns,
    email,
    passwordHash,
  });
  if (!created) throw new Error('createIdentityUser: the id or e-mail exists already');
  return { id: created.id, email, password };
}

export async function createProvider(
  db: DbExecutor,
  overrides: Partial<typeof providers.$inferInsert> = {},
): Promise<Provider> {
  const suffix = uniqueSuffix();
  const verified = overrides.verified ?? true;
  return inserted(
    await db
      .insert(providers)
      .values({
        name: `Test Provider ${suffix}`,
        city: 'Praha',
        requestsEmail: `requests-${suffix}@opora.test`,
        verified,
        verifiedAt: verified ? new Date() : null,
        ...overrides,
      })
      .returning(),
  );
}

export async function createFacility(
  db: DbExecutor,
  overrides: Partial<typeof facilities.$inferInsert> = {},
): Promise<Facility> {
  const providerId = overrides.providerId ?? (await createProvider(db)).id;
  return inserted(
    await db
      .insert(facilities)
      .values({
        name: `Test Facility ${uniqueSuffix()}`,
        city: 'Praha',
        countyCode: 'CZ0100',
        ...overrides,
        providerId,
      })
      .returning(),
  );
}

export type FacilityServiceOverrides = Partial<
  Omit<typeof facilityServices.$inferInsert, 'providerId' | 'serviceTypeId' | 'serviceCategoryId'>
> & {
  serviceTypeCode?: ServiceTypeCode;
  /** LAU 1 codes the service is offered in; default Prague (`CZ0100`). */
  counties?: string[];
  /** The price's three columns at once; default 150 CZK without VAT, `null` for none. */
  price?: Price | null;
};

/**
 * A facility service (active by default) with its type's category, its type's form unless `form` says
 * otherwise, and the counties it serves.
 */
export async function createFacilityService(
  db: DbExecutor,
  overrides: FacilityServiceOverrides = {},
): Promise<FacilityService> {
  const {
    serviceTypeCode = 'home-care-service',
    counties = ['CZ0100'],
    price = { amountMinor: 15_000, currency: 'CZK', vatRatePercent: 0 },
    ...columns
  } = overrides;
  const facility = columns.facilityId
    ? inserted(await db.select().from(facilities).where(eq(facilities.id, columns.facilityId)))
    : await createFacility(db);
  const serviceType = inserted(
    await db
      .select({ id: serviceTypes.id, categoryId: serviceTypes.categoryId, form: serviceTypes.form })
      .from(serviceTypes)
      .where(eq(serviceTypes.code, serviceTypeCode)),
  );
  const facilityService = inserted(
    await db
      .insert(facilityServices)
      .values({
        name: `Test Service ${uniqueSuffix()}`,
        status: 'active',
        verified: true,
        ...priceColumns(price),
        form: serviceType.form,
        ...columns,
        facilityId: facility.id,
        providerId: facility.providerId,
        serviceTypeId: serviceType.id,
        serviceCategoryId: serviceType.categoryId,
      })
      .returning(),
  );
  if (counties.length > 0) {
    await db
      .insert(facilityServiceCounties)
      .values(counties.map((countyCode) => ({ countyCode, facilityServiceId: facilityService.id })));
  }
  return facilityService;
}

/** A client managed by `ownerUserId` (a new user when not given). */
export async function createClient(
  db: DbExecutor,
  overrides: Partial<typeof clients.$inferInsert> = {},
): Promise<Client> {
  const ownerUserId = overrides.ownerUserId ?? (overrides.providerId ? null : (await createUser(db)).id);
  return inserted(
    await db
      .insert(clients)
      .values({
        firstName: 'Test',
        lastName: `Client ${uniqueSuffix()}`,
        dateOfBirth: '1944-05-17',
        countyCode: 'CZ0100',
        ...overrides,
        ownerUserId,
      })
      .returning(),
  );
}

/** A person around a client (`contact-person` unless `role` says otherwise). */
export async function createClientPerson(
  db: DbExecutor,
  overrides: Partial<typeof clientPersons.$inferInsert> & { clientId: string },
): Promise<ClientPerson> {
  return inserted(
    await db
      .insert(clientPersons)
      .values({
        role: 'contact-person',
        firstName: 'Test',
        lastName: `Person ${uniqueSuffix()}`,
        ...overrides,
      })
      .returning(),
  );
}

/**
 * A case of a client (a new client and owner when not given). `clientId: null` makes a case whose
 * client is not entered yet (the wizard's first step), owned by `ownerUserId` or a new user.
 */
export async function createCase(
  db: DbExecutor,
  overrides: Partial<typeof cases.$inferInsert> = {},
): Promise<Case> {
  if (overrides.clientId === null) {
    const ownerUserId = overrides.ownerUserId ?? (await createUser(db)).id;
    return inserted(
      await db
        .insert(cases)
        .values({ name: `Test case ${uniqueSuffix()}`, ...overrides, ownerUserId })
        .returning(),
    );
  }
  const client = overrides.clientId
    ? inserted(await db.select().from(clients).where(eq(clients.id, overrides.clientId)))
    : await createClient(db, overrides.ownerUserId ? { ownerUserId: overrides.ownerUserId } : {});
  return inserted(
    await db
      .insert(cases)
      .values({
        name: `Test case ${uniqueSuffix()}`,
        ownerUserId: client.ownerUserId,
        ...overrides,
        clientId: client.id,
      })
      .returning(),
  );
}

export type CareRequestOverrides = Partial<
  Omit<typeof careRequests.$inferInsert, 'providerId' | 'statusId' | 'clientId'>
> & { statusCode?: RequestStatusCode };

/** A request of a case to a facility service (both new when not given), in status `new` by default. */
export async function createCareRequest(
  db: DbExecutor,
  overrides: CareRequestOverrides = {},
): Promise<CareRequest> {
  const { statusCode = 'new', ...columns } = overrides;
  const careCase = columns.caseId
    ? inserted(await db.select().from(cases).where(eq(cases.id, columns.caseId)))
    : await createCase(db);
  if (!careCase.clientId) throw new Error('createCareRequest: the case has no client');
  const facilityService = columns.facilityServiceId
    ? inserted(
        await db.select().from(facilityServices).where(eq(facilityServices.id, columns.facilityServiceId)),
      )
    : await createFacilityService(db);
  const status = inserted(
    await db
      .select({ id: requestStatuses.id })
      .from(requestStatuses)
      .where(eq(requestStatuses.code, statusCode)),
  );
  return inserted(
    await db
      .insert(careRequests)
      .values({
        contractorUserId: careCase.ownerUserId,
        createdByUserId: careCase.ownerUserId,
        ...columns,
        caseId: careCase.id,
        facilityServiceId: facilityService.id,
        providerId: facilityService.providerId,
        facilityId: facilityService.facilityId,
        clientId: careCase.clientId,
        statusId: status.id,
      })
      .returning(),
  );
}

export type SurveyDefinitionRow = typeof surveyDefinitions.$inferSelect;
export type SurveyAnswersRow = typeof surveyAnswers.$inferSelect;

/** A small valid questionnaire: a required single choice, a text shown for one of its answers. */
export function testSurveyDocument(title = 'Test questionnaire'): SurveyDocument {
  const text = (value: string) => ({ cs: value, en: value, sk: value });
  return {
    title: text(title),
    pages: [
      {
        name: 'page',
        title: text('Page'),
        questions: [
          {
            name: 'colour',
            type: 'single',
            required: true,
            title: text('Colour'),
            choices: [
              { value: 'red', label: text('Red') },
              { value: 'other', label: text('Other') },
            ],
          },
          {
            name: 'other-colour',
            type: 'text',
            required: false,
            multiline: false,
            maxLength: 100,
            title: text('Which one?'),
            visibleIf: { question: 'colour', anyOf: ['other'] },
          },
        ],
      },
    ],
  };
}

/**
 * A questionnaire definition: a platform draft of type `service` with `testSurveyDocument` unless
 * told otherwise, with a unique code and a version no other factory call takes. `published` status
 * gets its `publishedAt`.
 */
export async function createSurveyDefinition(
  db: DbExecutor,
  overrides: Partial<typeof surveyDefinitions.$inferInsert> = {},
): Promise<SurveyDefinitionRow> {
  const suffix = uniqueSuffix();
  const status = overrides.status ?? 'draft';
  return inserted(
    await db
      .insert(surveyDefinitions)
      .values({
        type: 'service',
        version: 100_000 + sequence * 1_000 + (randomBytes(2).readUInt16BE() % 1_000),
        code: `test-survey-${suffix}`,
        definition: testSurveyDocument(),
        publishedAt: status === 'published' ? new Date() : null,
        ...overrides,
        status,
      })
      .returning(),
  );
}

/** Answers of a case to a (published) definition, as a draft unless `submittedAt` is given. */
export async function createSurveyAnswers(
  db: DbExecutor,
  overrides: Partial<typeof surveyAnswers.$inferInsert> & { surveyDefinitionId: string },
): Promise<SurveyAnswersRow> {
  const definition = inserted(
    await db
      .select({ type: surveyDefinitions.type })
      .from(surveyDefinitions)
      .where(eq(surveyDefinitions.id, overrides.surveyDefinitionId)),
  );
  const caseId = overrides.careRequestId || overrides.caseId ? overrides.caseId : (await createCase(db)).id;
  return inserted(
    await db
      .insert(surveyAnswers)
      .values({ answers: {}, ...overrides, caseId, surveyType: definition.type })
      .returning(),
  );
}

export type SubscriptionOverrides = Partial<Omit<typeof subscriptions.$inferInsert, 'subscriptionTypeId'>> & {
  typeCode?: SubscriptionTypeCode;
};

/**
 * A live subscription (self-managed, 149 CZK a month, paid through the test gateway, a month left by
 * default) of the given user, or of a new one.
 */
export async function createSubscription(
  db: DbExecutor,
  { typeCode = 'self-managed', ...overrides }: SubscriptionOverrides = {},
): Promise<Subscription> {
  const [type] = await db
    .select({ id: subscriptionTypes.id })
    .from(subscriptionTypes)
    .where(eq(subscriptionTypes.code, typeCode));
  if (!type) throw new Error(`No subscription type ${typeCode}: is the reference data seeded?`);
  // A provider's plan has no user; a user's subscription is the given user's or a new one's.
  const userId = overrides.providerId ? null : (overrides.userId ?? (await createUser(db)).id);
  return inserted(
    await db
      .insert(subscriptions)
      .values({
        currency: 'CZK',
        amountMinor: typeCode === 'free' ? 0 : 14_900,
        vatRatePercent: 21,
        gateway: 'test',
        currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
        ...overrides,
        userId,
        subscriptionTypeId: type.id,
      })
      .returning(),
  );
}

/**
 * A provider's published questionnaire (type `service`, `testSurveyDocument` unless told otherwise)
 * that the facility service asks for with every request.
 */
export async function createServiceSurvey(
  db: DbExecutor,
  overrides: Partial<typeof surveyDefinitions.$inferInsert> & { facilityServiceId: string },
): Promise<SurveyDefinitionRow> {
  const { facilityServiceId, ...columns } = overrides;
  const service = inserted(
    await db
      .select({ providerId: facilityServices.providerId })
      .from(facilityServices)
      .where(eq(facilityServices.id, facilityServiceId)),
  );
  const definition = await createSurveyDefinition(db, {
    type: 'service',
    status: 'published',
    providerId: service.providerId,
    ...columns,
  });
  await db.insert(facilityServiceSurveys).values({ facilityServiceId, surveyDefinitionId: definition.id });
  return definition;
}
