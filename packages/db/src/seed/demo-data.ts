import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import {
  basicNeedQuestionName,
  basicNeeds,
  SurveyDocumentSchema,
  surveyAnswersSchema,
} from '@opora/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { copyCaseSurveysToRequest } from '../care-requests/case-survey-copies.ts';
import type { DbExecutor } from '../client.ts';
import { excluded } from '../excluded.ts';
import { insertIdentityUser } from '../identity/identity-users.ts';
import { startProviderTrial } from '../provider-plans/provider-trial.ts';
import type { PlatformRole } from '../schema/enums.ts';
import { identityUsers } from '../schema/identity.ts';
import {
  careRequestEvents,
  careRequests,
  cases,
  clientPersons,
  clients,
  consents,
  contacts,
  facilities,
  facilityAssignments,
  facilityServiceCounties,
  facilityServices,
  priceColumns,
  providers,
  providerUsers,
  relationshipTypes,
  requestStatuses,
  serviceTypes,
  subscriptions,
  subscriptionTypes,
  users,
} from '../schema/index.ts';
import { storedImages } from '../schema/stored-images.ts';
import { facilityServiceSurveys, surveyAnswers, surveyDefinitions } from '../schema/surveys.ts';
import {
  type DemoProvider,
  type DemoService,
  demoCatalogue,
  demoPrice,
  demoProviders,
  slovakTaxCodeFor,
  withIcoCheckDigit,
} from './demo-catalogue.ts';
import { demoLogoPng } from './demo-logo.ts';
import { serviceTypeDefinitions } from './reference-data.ts';
import { demoProviderSurveyV1 } from './surveys/demo-provider-survey.ts';

/** A seeded price in another currency than the demo catalogue's (`excluded`); null when either has none. */
const currencyChanged = sql`${facilityServices.priceCurrency} <> ${excluded(facilityServices.priceCurrency)}`;

/** Password of every demo account (listed in the README). */
export const demoPassword = 'Opora2026!';

export const demoAccounts = {
  client: { email: 'klient@opora.test', firstName: 'Jana', lastName: 'Nováková', phone: '+420601100001' },
  provider: {
    email: 'poskytovatel@opora.test',
    firstName: 'Petr',
    lastName: 'Dvořák',
    phone: '+420601100002',
  },
  admin: { email: 'admin@opora.test', firstName: 'Alena', lastName: 'Horáková', phone: '+420601100003' },
  coordinator: {
    email: 'koordinatorka@opora.test',
    firstName: 'Lucie',
    lastName: 'Malá',
    phone: '+420601100004',
  },
  worker: {
    email: 'pracovnik@opora.test',
    firstName: 'Tomáš',
    lastName: 'Veselý',
    phone: '+420601100005',
  },
  /** Platform staff acting for carers on the with-assistant plan (issue 25 §2). */
  assistant: {
    email: 'asistentka@opora.test',
    firstName: 'Marta',
    lastName: 'Pomocná',
    phone: '+420601100006',
  },
} as const;

/** The provider whose administrator is the demo provider account. */
export const demoProviderAccountProviderKey = 'vlidna-pece';

const demoNamespace = 'b9a4f0e2-8f4c-4d1e-9a57-0c8f3e6d2a11';

/** Name-based UUID, RFC 9562 version 5 (SHA-1). */
export function uuidV5(namespace: string, name: string): string {
  const namespaceBytes = Buffer.from(namespace.replaceAll('-', ''), 'hex');
  const bytes = createHash('sha1').update(namespaceBytes).update(name).digest().subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The same demo row gets the same id in every database, so the demo seed can insert-or-skip by key. */
export function demoId(name: string): string {
  return uuidV5(demoNamespace, name);
}

export async function hashDemoPassword(): Promise<string> {
  // @node-rs/argon2 defaults to argon2id (19 MiB, 2 passes), the OWASP baseline.
  return hash(demoPassword);
}

async function idsByCode(
  db: DbExecutor,
  table: typeof serviceTypes | typeof relationshipTypes | typeof requestStatuses | typeof subscriptionTypes,
): Promise<Map<string, string>> {
  const rows = await db.select({ id: table.id, code: table.code }).from(table);
  return new Map(rows.map((row) => [row.code, row.id]));
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Demo seed: ${what} is missing; seed the reference data first`);
  return value;
}

/**
 * Inserts the demo catalogue and accounts. Rows that exist are left as they are, so a demo database
 * keeps what people changed in it across restarts; only a demo service's form follows the catalogue.
 */
const dayMs = 24 * 60 * 60 * 1000;

/**
 * Varied live capacity for the demo catalogue (issue 23 §4), relative to when the seed runs: free
 * places, full with a waiting list, accepting without a count, stale (confirmed 45 days ago, shown
 * as unknown) and never stated. Only for new rows: a re-seed keeps what a provider set since.
 */
function demoCapacity(index: number) {
  const confirmed = (daysAgo: number) => new Date(Date.now() - daysAgo * dayMs);
  const variants = [
    { acceptingClients: true, freePlaces: 3, waitingWeeks: null, capacityConfirmedAt: confirmed(2) },
    { acceptingClients: false, freePlaces: 0, waitingWeeks: 8, capacityConfirmedAt: confirmed(5) },
    { acceptingClients: true, freePlaces: 1, waitingWeeks: 2, capacityConfirmedAt: confirmed(1) },
    { acceptingClients: true, freePlaces: 2, waitingWeeks: null, capacityConfirmedAt: confirmed(45) },
    { acceptingClients: null, freePlaces: null, waitingWeeks: null, capacityConfirmedAt: null },
    { acceptingClients: true, freePlaces: null, waitingWeeks: 3, capacityConfirmedAt: confirmed(12) },
  ] as const;
  return variants[index % variants.length] ?? variants[0];
}

const socialServiceTypes = new Set<string>(
  serviceTypeDefinitions.filter((type) => type.category === 'social').map((type) => type.code),
);

/**
 * A verified social service's number in the public register (invented, like the demo's IČO): seven
 * digits from 999 on as a Czech *identifikátor*, an entry and year as in a Slovak regional register.
 * Health care has none.
 */
function demoRegisterNumber(provider: DemoProvider, service: DemoService, index: number): string | null {
  if (!provider.verified || !service.verified || !socialServiceTypes.has(service.type)) return null;
  return provider.country === 'CZ'
    ? `999${String(index).padStart(4, '0')}`
    : `${String(index).padStart(4, '0')}/2019`;
}

export async function seedDemoData(db: DbExecutor, passwordHash: string): Promise<void> {
  const serviceTypeIds = await idsByCode(db, serviceTypes);
  const typeRows = await db
    .select({
      id: serviceTypes.id,
      code: serviceTypes.code,
      categoryId: serviceTypes.categoryId,
      form: serviceTypes.form,
    })
    .from(serviceTypes);
  const categoryByType = new Map(typeRows.map((row) => [row.id, row.categoryId]));
  const formByType = new Map(typeRows.map((row) => [row.id, row.form]));
  const verifiedAt = new Date('2026-10-01T08:00:00Z');
  // One provider has not confirmed its listing for eight months (decision 0108): carers see its
  // services as possibly out of date. The others confirmed it when the demo was seeded.
  const listingConfirmedMonthsAgo: Record<string, number> = { jarni: 8 };

  let serviceIndex = 0;
  for (const provider of demoCatalogue) {
    const providerId = demoId(`provider:${provider.key}`);
    const identificationCode = withIcoCheckDigit(provider.identificationCodeBase);
    const taxCode =
      provider.country === 'CZ' ? `CZ${identificationCode}` : `SK${slovakTaxCodeFor(identificationCode)}`;
    await db
      .insert(providers)
      .values({
        id: providerId,
        name: provider.name,
        country: provider.country,
        street: provider.street,
        city: provider.city,
        zipcode: provider.zipcode,
        // The county of the provider's own site (its "same as provider" facility), else its first.
        countyCode: (
          provider.facilities.find((facility) => facility.sameAsProvider) ?? provider.facilities[0]
        )?.countyCode,
        billingName: provider.name,
        billingStreet: provider.street,
        billingCity: provider.city,
        billingZipcode: provider.zipcode,
        identificationCode,
        taxCode,
        requestsEmail: `zadosti@${provider.domain}`,
        contactPhone: provider.contactPhone,
        contactEmail: `info@${provider.domain}`,
        url: `https://www.${provider.domain}`,
        description: provider.description,
        verified: provider.verified,
        verifiedAt: provider.verified ? verifiedAt : null,
        listingConfirmedAt: sql`now() - make_interval(months => ${listingConfirmedMonthsAgo[provider.key] ?? 0})`,
      })
      .onConflictDoNothing();
    // Seeds before the DIČ check gave Slovak providers `SK20` + IČO (twelve digits): corrected, as
    // long as nobody has changed it since.
    await db
      .update(providers)
      .set({ taxCode })
      .where(and(eq(providers.id, providerId), eq(providers.taxCode, `SK20${identificationCode}`)));
    // Every demo provider on its plan's free months from the day the demo was seeded.
    await startProviderTrial(db, providerId, new Date());
    if (provider.key === 'vlidna-pece') {
      // The demo provider shows a logo on its cards and detail (issue 23 §5); a later upload replaces it.
      const logo = demoLogoPng();
      await db
        .insert(storedImages)
        .values({
          key: logo.key,
          contentType: 'image/png',
          width: logo.width,
          height: logo.height,
          sizeBytes: logo.content.byteLength,
          content: logo.content,
        })
        .onConflictDoNothing();
      await db
        .update(providers)
        .set({ logoImageKey: logo.key, logoUrl: `/api/v1/images/stored/${logo.key}` })
        .where(sql`${providers.id} = ${providerId} and ${providers.logoImageKey} is null`);
    }
    await db
      .insert(contacts)
      .values([
        // Shown on the provider tab of a service.
        {
          id: demoId(`contact:${provider.key}:public`),
          providerId,
          firstName: provider.country === 'CZ' ? 'Lenka' : 'Zuzana',
          lastName: provider.country === 'CZ' ? 'Procházková' : 'Kováčová',
          email: `socialni.pracovnice@${provider.domain}`,
          phone: provider.contactPhone,
          note: null,
          type: 'public' as const,
        },
        // Staff only; never public.
        {
          id: demoId(`contact:${provider.key}:private`),
          providerId,
          firstName: 'Martin',
          lastName: 'Kučera',
          email: `reditel@${provider.domain}`,
          phone: null,
          note: 'Ředitel, jedná o smlouvách.',
          type: 'private' as const,
        },
      ])
      .onConflictDoNothing();

    for (const facility of provider.facilities) {
      const facilityId = demoId(`facility:${provider.key}:${facility.key}`);
      await db
        .insert(facilities)
        .values({
          id: facilityId,
          providerId,
          name: facility.name,
          street: facility.street,
          city: facility.city,
          zipcode: facility.zipcode,
          countyCode: facility.countyCode,
          type: facility.type,
          web: `https://www.${provider.domain}`,
          description: facility.description,
          sameAsProvider: facility.sameAsProvider ?? false,
        })
        .onConflictDoNothing();

      for (const service of facility.services) {
        serviceIndex += 1;
        const facilityServiceId = demoId(`facility-service:${provider.key}:${facility.key}:${service.key}`);
        const serviceTypeId = required(serviceTypeIds.get(service.type), `service type ${service.type}`);
        await db
          .insert(facilityServices)
          .values({
            id: facilityServiceId,
            providerId,
            facilityId,
            serviceTypeId,
            serviceCategoryId: required(categoryByType.get(serviceTypeId), `category of ${service.type}`),
            name: service.name,
            form: service.form ?? required(formByType.get(serviceTypeId), `form of ${service.type}`),
            description: service.description,
            place: service.place ?? null,
            registerNumber: demoRegisterNumber(provider, service, serviceIndex),
            status: service.status,
            sponsored: service.sponsored ?? false,
            verified: service.verified,
            ...priceColumns(demoPrice(provider.country, service)),
            // A service without a price is priced per client, which counts as complete (decision 0101).
            individualPrice: service.price === null,
            url: `https://www.${provider.domain}`,
            ...demoCapacity(serviceIndex),
          })
          // The form, and a price in the wrong currency (Slovak services seeded in crowns before prices had a
          // currency), are the catalogue's to correct in databases seeded before; the rest is kept.
          .onConflictDoUpdate({
            target: facilityServices.id,
            set: {
              form: excluded(facilityServices.form),
              priceAmountMinor: sql`case when ${currencyChanged} then ${excluded(facilityServices.priceAmountMinor)}
                                    else ${facilityServices.priceAmountMinor} end`,
              priceCurrency: sql`case when ${currencyChanged} then ${excluded(facilityServices.priceCurrency)}
                                 else ${facilityServices.priceCurrency} end`,
              priceVatRatePercent: sql`case when ${currencyChanged} then ${excluded(facilityServices.priceVatRatePercent)}
                                       else ${facilityServices.priceVatRatePercent} end`,
            },
            setWhere: sql`${facilityServices.form} is distinct from ${excluded(facilityServices.form)} or ${currencyChanged}`,
          });
        await db
          .insert(facilityServiceCounties)
          .values(service.counties.map((countyCode) => ({ countyCode, facilityServiceId })))
          .onConflictDoNothing();
      }
    }
  }

  const userIds = await seedDemoAccounts(db, passwordHash);
  await seedDemoProviderMembership(
    db,
    required(userIds.get(demoAccounts.provider.email), 'provider account'),
  );
  await seedDemoColleagues(db, userIds);
  await seedDemoClient(
    db,
    required(userIds.get(demoAccounts.client.email), 'client account'),
    required(userIds.get(demoAccounts.provider.email), 'provider account'),
  );
  await seedDemoProviderSurvey(db);
}

/** The demo provider's own questionnaire, published and asked with requests to its Chodov services. */
async function seedDemoProviderSurvey(db: DbExecutor): Promise<void> {
  const providerKey = demoProviderAccountProviderKey;
  const surveyDefinitionId = demoId(`survey-definition:${providerKey}:v1`);
  await db
    .insert(surveyDefinitions)
    .values({
      id: surveyDefinitionId,
      type: 'service',
      version: 1,
      code: `${providerKey}-before-admission-v1`,
      definition: SurveyDocumentSchema.parse(demoProviderSurveyV1),
      providerId: demoId(`provider:${providerKey}`),
      status: 'published',
      publishedAt: new Date('2026-10-01T08:00:00Z'),
    })
    .onConflictDoNothing();
  await db
    .insert(facilityServiceSurveys)
    .values(
      ['domov', 'dementia', 'respite', 'pecovatelska'].map((service) => ({
        facilityServiceId: demoId(`facility-service:${providerKey}:chodov:${service}`),
        surveyDefinitionId,
      })),
    )
    .onConflictDoNothing();
}

async function seedDemoAccounts(db: DbExecutor, passwordHash: string): Promise<Map<string, string>> {
  const accounts: { key: keyof typeof demoAccounts; platformRoles: PlatformRole[]; realmRoles: string[] }[] =
    [
      { key: 'client', platformRoles: [], realmRoles: ['client'] },
      { key: 'provider', platformRoles: [], realmRoles: ['client'] },
      { key: 'admin', platformRoles: ['admin'], realmRoles: ['client', 'admin'] },
      { key: 'coordinator', platformRoles: [], realmRoles: ['client'] },
      { key: 'worker', platformRoles: [], realmRoles: ['client'] },
      { key: 'assistant', platformRoles: ['assistant'], realmRoles: ['client', 'assistant'] },
    ];
  const verifiedAt = new Date('2026-10-01T08:00:00Z');
  const emails = accounts.map(({ key }) => demoAccounts[key].email);

  // The identity server's accounts first: the app's users point at them by subject.
  for (const { key, realmRoles } of accounts) {
    const account = demoAccounts[key];
    await insertIdentityUser(db, {
      id: demoId(`identity-user:${key}`),
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
      passwordHash,
      emailVerified: true,
      realmRoles,
    });
  }
  const identityRows = await db
    .select({ id: identityUsers.id, username: identityUsers.username })
    .from(identityUsers)
    .where(inArray(identityUsers.username, emails));
  const subjects = new Map(identityRows.map((row) => [row.username, row.id]));

  await db
    .insert(users)
    .values(
      accounts.map(({ key, platformRoles }) => ({
        id: demoId(`user:${key}`),
        ...demoAccounts[key],
        identitySubject: subjects.get(demoAccounts[key].email) ?? null,
        locale: 'cs' as const,
        platformRoles,
        emailVerifiedAt: verifiedAt,
      })),
    )
    // Skips an existing id and an address someone already registered.
    .onConflictDoNothing();

  // A demo database made before the identity server existed gets its accounts linked now.
  for (const { key } of accounts) {
    const subject = subjects.get(demoAccounts[key].email);
    if (!subject) continue;
    await db
      .update(users)
      .set({ identitySubject: subject })
      .where(sql`${users.id} = ${demoId(`user:${key}`)} and ${users.identitySubject} is null`);
  }

  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  return new Map(rows.map((row) => [row.email?.toLowerCase() ?? '', row.id]));
}

async function seedDemoProviderMembership(db: DbExecutor, userId: string): Promise<void> {
  const provider = required(
    demoProviders.find((candidate) => candidate.key === demoProviderAccountProviderKey),
    'demo provider',
  );
  const providerId = demoId(`provider:${provider.key}`);
  const providerUserId = demoId(`provider-user:${provider.key}:provider`);
  await db
    .insert(providerUsers)
    .values({ id: providerUserId, providerId, userId, roles: ['providerAdmin'] })
    .onConflictDoNothing();
  const [membership] = await db
    .select({ id: providerUsers.id })
    .from(providerUsers)
    .where(sql`${providerUsers.providerId} = ${providerId} and ${providerUsers.userId} = ${userId}`);
  if (!membership) return;
  await db
    .insert(facilityAssignments)
    .values(
      provider.facilities.map((facility) => ({
        providerId,
        facilityId: demoId(`facility:${provider.key}:${facility.key}`),
        providerUserId: membership.id,
      })),
    )
    .onConflictDoNothing();
}

/**
 * The demo provider's colleagues, so each role can be tried: a coordinator (every request of the
 * provider) and a worker of the Vršovice day centre (its requests and those assigned to him).
 */
async function seedDemoColleagues(db: DbExecutor, userIds: Map<string, string>): Promise<void> {
  const providerKey = demoProviderAccountProviderKey;
  const providerId = demoId(`provider:${providerKey}`);
  const colleagues = [
    { key: 'coordinator', roles: ['providerCoordinator'], facilityKeys: [] },
    { key: 'worker', roles: ['providerUser'], facilityKeys: ['vrsovice'] },
  ] as const;
  for (const colleague of colleagues) {
    const userId = userIds.get(demoAccounts[colleague.key].email);
    if (!userId) continue;
    const providerUserId = demoId(`provider-user:${providerKey}:${colleague.key}`);
    const inserted = await db
      .insert(providerUsers)
      .values({ id: providerUserId, providerId, userId, roles: [...colleague.roles] })
      .onConflictDoNothing()
      .returning({ id: providerUsers.id });
    if (inserted.length === 0 || colleague.facilityKeys.length === 0) continue;
    await db
      .insert(facilityAssignments)
      .values(
        colleague.facilityKeys.map((facilityKey) => ({
          providerId,
          facilityId: demoId(`facility:${providerKey}:${facilityKey}`),
          providerUserId,
        })),
      )
      .onConflictDoNothing();
  }
}

async function seedDemoClient(
  db: DbExecutor,
  ownerUserId: string,
  providerAccountUserId: string,
): Promise<void> {
  const relationshipTypeIds = await idsByCode(db, relationshipTypes);
  const statusIds = await idsByCode(db, requestStatuses);
  const subscriptionTypeIds = await idsByCode(db, subscriptionTypes);
  const clientId = demoId('client:marie');
  const caseId = demoId('case:marie');

  await db
    .insert(clients)
    .values({
      id: clientId,
      ownerUserId,
      firstName: 'Marie',
      lastName: 'Nováková',
      phone: '+420601100011',
      dateOfBirth: '1941-03-12',
      sex: 'female',
      street: 'Hrnčířská 1402/7',
      city: 'Praha 4',
      zipcode: '149 00',
      countyCode: 'CZ0100',
      relationshipTypeId: required(relationshipTypeIds.get('child'), 'relationship type child'),
    })
    .onConflictDoNothing();
  await db
    .insert(clientPersons)
    .values([
      {
        id: demoId('client-person:marie:tomas'),
        clientId,
        role: 'contact-person',
        firstName: 'Tomáš',
        lastName: 'Novák',
        phone: '+420601100012',
      },
      {
        id: demoId('client-person:marie:doctor'),
        clientId,
        role: 'attending-doctor',
        firstName: 'Hana',
        lastName: 'Veselá',
        phone: '+420241400111',
      },
    ])
    .onConflictDoNothing();

  // The case code comes from a sequence; checking first keeps a repeated seed from consuming numbers.
  const [existingCase] = await db.select({ id: cases.id }).from(cases).where(eq(cases.id, caseId));
  if (!existingCase) {
    await db.insert(cases).values({
      id: caseId,
      date: '2026-11-02',
      name: 'Péče o maminku',
      ownerUserId,
      clientId,
    });
  }

  const grantedAt = new Date('2026-11-02T09:00:00Z');
  await seedDemoCaseSurveys(db, { caseId, ownerUserId, answeredAt: new Date('2026-11-02T09:20:00Z') });
  await db
    .insert(consents)
    .values([
      {
        id: demoId('consent:client:terms'),
        userId: ownerUserId,
        kind: 'terms',
        version: '2026-11',
        grantedAt,
      },
      {
        id: demoId('consent:client:personal-data'),
        userId: ownerUserId,
        kind: 'personal-data',
        version: '2026-11',
        grantedAt,
      },
      {
        id: demoId('consent:client:health-data:marie'),
        userId: ownerUserId,
        onBehalfOfClientId: clientId,
        kind: 'health-data',
        version: '2026-11',
        grantedAt,
      },
    ])
    .onConflictDoNothing();

  const startedAt = new Date('2026-11-02T09:05:00Z');
  await db
    .insert(subscriptions)
    .values({
      id: demoId('subscription:client'),
      userId: ownerUserId,
      subscriptionTypeId: required(subscriptionTypeIds.get('self-managed'), 'subscription type self-managed'),
      currency: 'CZK',
      amountMinor: 14_900,
      vatRatePercent: 21,
      gateway: 'test',
      startedAt,
      currentPeriodEnd: new Date('2026-12-02T09:05:00Z'),
    })
    .onConflictDoNothing();

  // Requests in the demo provider's inbox, sent in the last days (relative to the first start, so the
  // reminders do not expire them at once): one new at Chodov, one new at the Vršovice centre (the demo
  // worker's), one being handled by the coordinator, one declined with a reason.
  const providerKey = demoProviderAccountProviderKey;
  const hour = 3_600_000;
  const now = Date.now();
  const demoRequests = [
    {
      key: 'chodov-domov',
      facility: 'chodov',
      service: 'domov',
      status: 'new',
      sentHoursAgo: 20,
      note: 'Maminka po pádu potřebuje celodenní péči. Hledáme místo od ledna, ideálně blízko Chodova.',
    },
    {
      key: 'vrsovice-cds',
      facility: 'vrsovice',
      service: 'cds',
      status: 'new',
      sentHoursAgo: 6,
      note: 'Do doby, než se uvolní místo v domově, by maminka mohla chodit do denního centra.',
    },
    {
      key: 'chodov-respite',
      facility: 'chodov',
      service: 'respite',
      status: 'in-progress',
      sentHoursAgo: 70,
      note: 'Potřebujeme odlehčovací pobyt na dva týdny v prosinci.',
      assignee: 'coordinator',
    },
    {
      key: 'chodov-dementia',
      facility: 'chodov',
      service: 'dementia',
      status: 'rejected',
      sentHoursAgo: 100,
      note: null,
      reason: 'waiting-list',
    },
  ] as const;
  const newStatusId = required(statusIds.get('new'), 'request status new');
  for (const demo of demoRequests) {
    const careRequestId = demoId(`care-request:marie:${demo.key}`);
    const statusId = required(statusIds.get(demo.status), `request status ${demo.status}`);
    const sentAt = new Date(now - demo.sentHoursAgo * hour);
    const answeredAt = demo.status === 'new' ? null : new Date(sentAt.getTime() + 5 * hour);
    const inserted = await db
      .insert(careRequests)
      .values({
        id: careRequestId,
        caseId,
        providerId: demoId(`provider:${providerKey}`),
        facilityServiceId: demoId(`facility-service:${providerKey}:${demo.facility}:${demo.service}`),
        facilityId: demoId(`facility:${providerKey}:${demo.facility}`),
        clientId,
        statusId,
        note: demo.note,
        contractorUserId: ownerUserId,
        createdByUserId: ownerUserId,
        careFrom: '2027-01-04',
        assigneeProviderUserId:
          'assignee' in demo ? demoId(`provider-user:${providerKey}:${demo.assignee}`) : null,
        declineReason: 'reason' in demo ? demo.reason : null,
        firstAnsweredAt: answeredAt,
        closedAt: demo.status === 'rejected' ? answeredAt : null,
        createdAt: sentAt,
        updatedAt: answeredAt ?? sentAt,
      })
      .onConflictDoNothing()
      .returning({ id: careRequests.id });
    if (inserted.length === 0) continue;
    await copyCaseSurveysToRequest(db, { caseId, careRequestId });
    await db.insert(careRequestEvents).values({
      id: demoId(`care-request-event:marie:${demo.key}:created`),
      careRequestId,
      eventDate: sentAt,
      createdByUserId: ownerUserId,
      kind: 'created',
      requestStatusId: newStatusId,
    });
    if (answeredAt) {
      await db.insert(careRequestEvents).values({
        id: demoId(`care-request-event:marie:${demo.key}:answered`),
        careRequestId,
        eventDate: answeredAt,
        createdByUserId: providerAccountUserId,
        kind: 'status-changed',
        requestStatusId: statusId,
        payload: { from: 'new', ...('reason' in demo ? { reason: demo.reason } : {}) },
      });
    }
  }
}

/**
 * The demo case's own questionnaires, as Marie's daughter answered them: the provider's inbox shows
 * them with each demo request (what a request carries of the need). Complete answers are submitted.
 */
async function seedDemoCaseSurveys(
  db: DbExecutor,
  { caseId, ownerUserId, answeredAt }: { caseId: string; ownerUserId: string; answeredAt: Date },
): Promise<void> {
  const needsHelp = new Set(['mobility', 'hygiene', 'dressing', 'household']);
  const byType = {
    'extended-case': {
      living: 'alone',
      'current-help': ['family'],
      'care-allowance': 'applied',
      ...Object.fromEntries(
        basicNeeds.map((need) => [basicNeedQuestionName(need), needsHelp.has(need) ? 'needs-help' : 'alone']),
      ),
    },
    case: {
      'help-needed': ['personal-care-at-home', 'residential-care'],
      place: 'either',
      frequency: 'daily',
      'start-date': '2027-01-04',
      urgency: 'within-weeks',
      notes:
        'Maminka žije sama, od pádu v říjnu chodí jen s chodítkem. Dopoledne jsem v práci; ' +
        'nejvíc potřebujeme pomoc ráno s hygienou a oblékáním.',
    },
  } as const;
  const definitions = await db
    .select({
      id: surveyDefinitions.id,
      type: surveyDefinitions.type,
      definition: surveyDefinitions.definition,
    })
    .from(surveyDefinitions)
    .where(inArray(surveyDefinitions.code, ['extended-case-v1', 'case-v1']));
  for (const found of definitions) {
    if (found.type !== 'extended-case' && found.type !== 'case') continue;
    const answers = byType[found.type];
    const complete = surveyAnswersSchema(SurveyDocumentSchema.parse(found.definition), {
      complete: true,
    }).safeParse(answers).success;
    await db
      .insert(surveyAnswers)
      .values({
        id: demoId(`survey-answers:marie:${found.type}`),
        surveyDefinitionId: found.id,
        surveyType: found.type,
        caseId,
        answers,
        createdByUserId: ownerUserId,
        submittedAt: complete ? answeredAt : null,
        createdAt: answeredAt,
        updatedAt: answeredAt,
      })
      .onConflictDoNothing();
  }
}
