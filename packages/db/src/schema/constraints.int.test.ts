import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresErrorCodes, postgresErrorOf } from '../errors.ts';
import {
  createCareRequest,
  createCase,
  createFacility,
  createFacilityService,
  createProvider,
  createTestDatabase,
  createUser,
  type TestDatabase,
} from '../testing.ts';
import { careRequests } from './care-requests.ts';
import { facilityServices } from './facility-services.ts';
import { facilityAssignments, providerUsers } from './providers.ts';
import { serviceTypes } from './service-taxonomy.ts';
import { assistantTaskEntries, assistantTasks } from './subscriptions.ts';
import { surveyAnswers, surveyDefinitions } from './surveys.ts';
import { users } from './users.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

/** Runs `action`, expecting PostgreSQL to refuse it on `constraint` with one of `codes`. */
async function expectRefused(
  action: () => Promise<unknown>,
  codes: string | readonly string[],
  constraint: string,
): Promise<void> {
  const error = await action().then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, `expected ${constraint} to refuse the write`).toBeDefined();
  const refusal = postgresErrorOf(error);
  expect(refusal?.constraint).toBe(constraint);
  expect(typeof codes === 'string' ? [codes] : codes).toContain(refusal?.code);
}

async function createProviderUser(providerId: string) {
  const user = await createUser(database.db);
  const [providerUser] = await database.db
    .insert(providerUsers)
    .values({ providerId, userId: user.id, roles: ['providerUser'] })
    .returning();
  if (!providerUser) throw new Error('no provider user');
  return providerUser;
}

describe('care requests', () => {
  it('refuses a second request of the same case for the same facility service', async () => {
    const first = await createCareRequest(database.db);
    await expectRefused(
      () =>
        createCareRequest(database.db, { caseId: first.caseId, facilityServiceId: first.facilityServiceId }),
      postgresErrorCodes.uniqueViolation,
      'care_requests_case_id_facility_service_id_live_unique',
    );
  });

  it('accepts a new request of the same case and service once the first allows it (withdrawn, expired)', async () => {
    const first = await createCareRequest(database.db);
    await database.db
      .update(careRequests)
      .set({ allowsNewRequest: true })
      .where(eq(careRequests.id, first.id));
    await createCareRequest(database.db, {
      caseId: first.caseId,
      facilityServiceId: first.facilityServiceId,
    });
    await expectRefused(
      () =>
        createCareRequest(database.db, { caseId: first.caseId, facilityServiceId: first.facilityServiceId }),
      postgresErrorCodes.uniqueViolation,
      'care_requests_case_id_facility_service_id_live_unique',
    );
  });

  it('accepts requests of one case to different services and of different cases to one service', async () => {
    const first = await createCareRequest(database.db);
    await createCareRequest(database.db, { caseId: first.caseId });
    const otherCase = await createCase(database.db);
    await createCareRequest(database.db, {
      caseId: otherCase.id,
      facilityServiceId: first.facilityServiceId,
    });
    expect(await database.db.$count(careRequests, eq(careRequests.caseId, first.caseId))).toBe(2);
  });

  it('refuses a request whose provider is not the provider of its service', async () => {
    const careRequest = await createCareRequest(database.db);
    const otherProvider = await createProvider(database.db);
    await expectRefused(
      () =>
        database.db
          .update(careRequests)
          .set({ providerId: otherProvider.id })
          .where(eq(careRequests.id, careRequest.id)),
      postgresErrorCodes.foreignKeyViolation,
      'care_requests_facility_service_fk',
    );
  });
});

describe('survey definitions', () => {
  const definition = { questions: [] };

  it('refuses a second definition with the same type and version', async () => {
    await database.db
      .insert(surveyDefinitions)
      .values({ type: 'case', version: 101, code: 'test-case-v101', definition });
    await database.db
      .insert(surveyDefinitions)
      .values({ type: 'case', version: 102, code: 'test-case-v102', definition });
    await expectRefused(
      () =>
        database.db
          .insert(surveyDefinitions)
          .values({ type: 'case', version: 101, code: 'test-case-v101-copy', definition }),
      postgresErrorCodes.uniqueViolation,
      'survey_definitions_type_version_unique',
    );
  });

  it('refuses a second definition with the same code', async () => {
    await database.db
      .insert(surveyDefinitions)
      .values({ type: 'service', version: 101, code: 'intake', definition });
    await expectRefused(
      () =>
        database.db
          .insert(surveyDefinitions)
          .values({ type: 'extended-case', version: 103, code: 'intake', definition }),
      postgresErrorCodes.uniqueViolation,
      'survey_definitions_code_unique',
    );
  });

  it('refuses to delete a definition that has answers', async () => {
    const [survey] = await database.db
      .insert(surveyDefinitions)
      .values({
        type: 'service',
        version: 2,
        code: 'needs-v1',
        definition,
        status: 'published',
        publishedAt: new Date(),
      })
      .returning();
    const careCase = await createCase(database.db);
    await database.db.insert(surveyAnswers).values({
      surveyDefinitionId: survey?.id ?? '',
      surveyType: 'service',
      caseId: careCase.id,
      answers: { mobility: 2 },
    });
    await expectRefused(
      () => database.db.delete(surveyDefinitions).where(eq(surveyDefinitions.id, survey?.id ?? '')),
      // PostgreSQL 18 reports `on delete restrict` as restrict_violation, earlier versions as a foreign key one.
      [postgresErrorCodes.restrictViolation, postgresErrorCodes.foreignKeyViolation],
      'survey_answers_definition_fk',
    );
  });

  it('freezes a definition once answered, and keeps a published one published', async () => {
    const [survey] = await database.db
      .insert(surveyDefinitions)
      .values({
        type: 'case',
        version: 7,
        code: 'case-v7',
        definition,
        status: 'published',
        publishedAt: new Date(),
      })
      .returning();
    const id = survey?.id ?? '';
    // Unanswered: a published definition may still be corrected.
    await database.db
      .update(surveyDefinitions)
      .set({ definition: { questions: ['corrected'] } })
      .where(eq(surveyDefinitions.id, id));
    await expectRefused(
      () =>
        database.db
          .update(surveyDefinitions)
          .set({ status: 'draft', publishedAt: null })
          .where(eq(surveyDefinitions.id, id)),
      postgresErrorCodes.checkViolation,
      'survey_definitions_published_stays',
    );
    const careCase = await createCase(database.db);
    await database.db
      .insert(surveyAnswers)
      .values({ surveyDefinitionId: id, surveyType: 'case', caseId: careCase.id, answers: {} });
    await expectRefused(
      () =>
        database.db
          .update(surveyDefinitions)
          .set({ definition: { questions: ['changed'] } })
          .where(eq(surveyDefinitions.id, id)),
      postgresErrorCodes.checkViolation,
      'survey_definitions_frozen_when_answered',
    );
  });

  it('refuses answers to a draft, answers of another type, and a second answer set of a type in a case', async () => {
    const [draft] = await database.db
      .insert(surveyDefinitions)
      .values({ type: 'extended-case', version: 9, code: 'ext-v9', definition })
      .returning();
    const careCase = await createCase(database.db);
    await expectRefused(
      () =>
        database.db.insert(surveyAnswers).values({
          surveyDefinitionId: draft?.id ?? '',
          surveyType: 'extended-case',
          caseId: careCase.id,
          answers: {},
        }),
      postgresErrorCodes.checkViolation,
      'survey_answers_definition_published',
    );
    const [published] = await database.db
      .insert(surveyDefinitions)
      .values({
        type: 'extended-case',
        version: 10,
        code: 'ext-v10',
        definition,
        status: 'published',
        publishedAt: new Date(),
      })
      .returning();
    await expectRefused(
      () =>
        database.db.insert(surveyAnswers).values({
          surveyDefinitionId: published?.id ?? '',
          surveyType: 'case',
          caseId: careCase.id,
          answers: {},
        }),
      postgresErrorCodes.foreignKeyViolation,
      'survey_answers_definition_fk',
    );
    await database.db.insert(surveyAnswers).values({
      surveyDefinitionId: published?.id ?? '',
      surveyType: 'extended-case',
      caseId: careCase.id,
      answers: {},
    });
    await expectRefused(
      () =>
        database.db.insert(surveyAnswers).values({
          surveyDefinitionId: published?.id ?? '',
          surveyType: 'extended-case',
          caseId: careCase.id,
          answers: {},
        }),
      postgresErrorCodes.uniqueViolation,
      'survey_answers_case_id_survey_type_unique',
    );
  });
});

describe('facility assignments', () => {
  it('assigns a provider user to a facility of the same provider', async () => {
    const facility = await createFacility(database.db);
    const providerUser = await createProviderUser(facility.providerId);
    await database.db
      .insert(facilityAssignments)
      .values({ providerId: facility.providerId, facilityId: facility.id, providerUserId: providerUser.id });
    expect(
      await database.db.$count(facilityAssignments, eq(facilityAssignments.providerUserId, providerUser.id)),
    ).toBe(1);
  });

  it('refuses to assign a provider user to a facility of another provider', async () => {
    const ownProvider = await createProvider(database.db);
    const providerUser = await createProviderUser(ownProvider.id);
    const foreignFacility = await createFacility(database.db);

    await expectRefused(
      () =>
        database.db.insert(facilityAssignments).values({
          providerId: ownProvider.id,
          facilityId: foreignFacility.id,
          providerUserId: providerUser.id,
        }),
      postgresErrorCodes.foreignKeyViolation,
      'facility_assignments_facility_fk',
    );
    await expectRefused(
      () =>
        database.db.insert(facilityAssignments).values({
          providerId: foreignFacility.providerId,
          facilityId: foreignFacility.id,
          providerUserId: providerUser.id,
        }),
      postgresErrorCodes.foreignKeyViolation,
      'facility_assignments_provider_user_fk',
    );
  });
});

describe('facility services', () => {
  it('accepts a price of zero and refuses a negative price', async () => {
    const free = await createFacilityService(database.db, {
      price: { amountMinor: 0, currency: 'EUR', vatRatePercent: 0 },
    });
    expect(free).toMatchObject({ priceAmountMinor: 0, priceCurrency: 'EUR', priceVatRatePercent: 0 });
    await expectRefused(
      () =>
        createFacilityService(database.db, {
          price: { amountMinor: -1, currency: 'CZK', vatRatePercent: 0 },
        }),
      postgresErrorCodes.checkViolation,
      'facility_services_price_non_negative',
    );
  });

  it('keeps a price whole: amount, currency and VAT rate all set or all null', async () => {
    const none = await createFacilityService(database.db, { price: null });
    expect(none).toMatchObject({ priceAmountMinor: null, priceCurrency: null, priceVatRatePercent: null });
    const partial: Partial<typeof facilityServices.$inferInsert>[] = [
      { priceAmountMinor: 100 },
      { priceCurrency: 'CZK' },
      { priceVatRatePercent: 21 },
      { priceAmountMinor: 100, priceCurrency: 'CZK' },
      { priceAmountMinor: 100, priceVatRatePercent: 21 },
      { priceCurrency: 'EUR', priceVatRatePercent: 23 },
    ];
    for (const columns of partial) {
      await expectRefused(
        () => createFacilityService(database.db, { price: null, ...columns }),
        postgresErrorCodes.checkViolation,
        'facility_services_price_complete',
      );
      // Taking one part away from a whole price is refused too, and leaves the row as it was.
      await expectRefused(
        () =>
          database.db
            .update(facilityServices)
            .set({
              priceAmountMinor: columns.priceAmountMinor ?? null,
              priceCurrency: columns.priceCurrency ?? null,
              priceVatRatePercent: columns.priceVatRatePercent ?? null,
            })
            .where(eq(facilityServices.id, none.id)),
        postgresErrorCodes.checkViolation,
        'facility_services_price_complete',
      );
    }
    const [unchanged] = await database.db
      .select()
      .from(facilityServices)
      .where(eq(facilityServices.id, none.id));
    expect(unchanged).toMatchObject({
      priceAmountMinor: null,
      priceCurrency: null,
      priceVatRatePercent: null,
    });
  });

  it('refuses a VAT rate outside 0–99 % and a currency that is not CZK or EUR', async () => {
    for (const vatRatePercent of [-1, 100]) {
      await expectRefused(
        () =>
          createFacilityService(database.db, {
            price: { amountMinor: 100, currency: 'CZK', vatRatePercent },
          }),
        postgresErrorCodes.checkViolation,
        'facility_services_price_vat_rate_range',
      );
    }
    const service = await createFacilityService(database.db);
    const error = await database.db
      .execute(sql`update facility_services set price_currency = 'USD' where id = ${service.id}`)
      .then(
        () => undefined,
        (reason: unknown) => reason,
      );
    expect(postgresErrorOf(error)?.code).toBe('22P02');
  });

  it('refuses a category that is not the category of the service type', async () => {
    const service = await createFacilityService(database.db, { serviceTypeCode: 'home-care-service' });
    const [healthType] = await database.db
      .select({ categoryId: serviceTypes.categoryId })
      .from(serviceTypes)
      .where(eq(serviceTypes.code, 'home-nursing'));
    await expectRefused(
      () =>
        database.db
          .update(facilityServices)
          .set({ serviceCategoryId: healthType?.categoryId ?? '' })
          .where(eq(facilityServices.id, service.id)),
      postgresErrorCodes.foreignKeyViolation,
      'facility_services_service_type_fk',
    );
  });
});

describe('assistant task entries', () => {
  /** An assistant task and the fields every entry of it has. */
  async function entryOf(kind: typeof assistantTaskEntries.$inferInsert.kind) {
    const owner = await createUser(database.db);
    const careCase = await createCase(database.db, { ownerUserId: owner.id, clientId: null });
    const [task] = await database.db
      .insert(assistantTasks)
      .values({ caseId: careCase.id, userId: owner.id, contactChannel: 'phone' })
      .returning();
    if (!task) throw new Error('no task');
    return { taskId: task.id, kind, createdByName: 'Eva Správcová' };
  }

  it('names whose claim a release or a reassignment ended, and only then', async () => {
    await expectRefused(
      async () => database.db.insert(assistantTaskEntries).values(await entryOf('released')),
      postgresErrorCodes.checkViolation,
      'assistant_task_entries_release_names_claimant',
    );
    await expectRefused(
      async () =>
        database.db
          .insert(assistantTaskEntries)
          .values({ ...(await entryOf('claimed')), releasedFromName: 'Alena Pomocná' }),
      postgresErrorCodes.checkViolation,
      'assistant_task_entries_release_names_claimant',
    );
    await database.db
      .insert(assistantTaskEntries)
      .values({ ...(await entryOf('released')), releasedFromName: 'Alena Pomocná' });
  });

  it('names whom a reassignment gave the task to, and only a reassignment', async () => {
    await expectRefused(
      async () =>
        database.db
          .insert(assistantTaskEntries)
          .values({ ...(await entryOf('reassigned')), releasedFromName: 'Alena Pomocná' }),
      postgresErrorCodes.checkViolation,
      'assistant_task_entries_reassign_names_assignee',
    );
    await expectRefused(
      async () =>
        database.db.insert(assistantTaskEntries).values({
          ...(await entryOf('released')),
          releasedFromName: 'Alena Pomocná',
          assignedToName: 'Boris Volající',
        }),
      postgresErrorCodes.checkViolation,
      'assistant_task_entries_reassign_names_assignee',
    );
    await database.db.insert(assistantTaskEntries).values({
      ...(await entryOf('reassigned')),
      releasedFromName: 'Alena Pomocná',
      assignedToName: 'Boris Volající',
    });
  });
});

describe('users', () => {
  it('refuses an e-mail address that differs from an existing one only in letter case', async () => {
    const user = await createUser(database.db, { email: 'Jana.Dvorakova@opora.test' });
    expect(user.email).toBe('Jana.Dvorakova@opora.test');
    await expectRefused(
      () => createUser(database.db, { email: 'jana.dvorakova@OPORA.test' }),
      postgresErrorCodes.uniqueViolation,
      'users_email_lower_unique',
    );
  });

  it('refuses a phone number that is not in E.164 form', async () => {
    await expectRefused(
      () => database.db.insert(users).values({ email: 'phone-check@opora.test', phone: '601 123 456' }),
      postgresErrorCodes.checkViolation,
      'users_phone_e164',
    );
  });
});
