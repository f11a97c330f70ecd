import type { AssistantOfferItem, ServiceOfferItem } from '@opora/contracts';
import {
  contacts,
  type DbExecutor,
  facilities,
  facilityServiceSurveys,
  facilityServices,
  providers,
  surveyDefinitions,
} from '@opora/db';
import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';

type Phone = NonNullable<AssistantOfferItem['phone']>;

/**
 * Of `serviceIds`, those that ask their own published questionnaire with a request. Only the carer can
 * answer it, so an assistant cannot send such a request (`assistantServiceHasForms`, decision 0123)
 * and the task's offer says so beforehand.
 */
export async function servicesWithOwnQuestionnaire(
  db: DbExecutor,
  serviceIds: readonly string[],
): Promise<Set<string>> {
  if (serviceIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: facilityServiceSurveys.facilityServiceId })
    .from(facilityServiceSurveys)
    .innerJoin(surveyDefinitions, eq(surveyDefinitions.id, facilityServiceSurveys.surveyDefinitionId))
    .where(
      and(
        inArray(facilityServiceSurveys.facilityServiceId, [...serviceIds]),
        eq(surveyDefinitions.status, 'published'),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

/**
 * The public phone to call about each service, as the service's page lists whom to call: the first
 * public contact of its facility with a phone (unless the facility is "same as provider"), else the
 * provider's, else the provider's own contact line. Private contacts are never read.
 */
export async function publicPhonesOf(
  db: DbExecutor,
  serviceIds: readonly string[],
): Promise<Map<string, Phone>> {
  if (serviceIds.length === 0) return new Map();
  const services = await db
    .select({
      id: facilityServices.id,
      facilityId: facilities.id,
      sameAsProvider: facilities.sameAsProvider,
      providerId: providers.id,
      contactPhone: providers.contactPhone,
    })
    .from(facilityServices)
    .innerJoin(facilities, eq(facilities.id, facilityServices.facilityId))
    .innerJoin(providers, eq(providers.id, facilityServices.providerId))
    .where(inArray(facilityServices.id, [...serviceIds]));
  const facilityIds = [...new Set(services.filter((s) => !s.sameAsProvider).map((s) => s.facilityId))];
  const providerIds = [...new Set(services.map((s) => s.providerId))];
  const publicContacts = await db
    .select({
      providerId: contacts.providerId,
      facilityId: contacts.facilityId,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      phone: contacts.phone,
    })
    .from(contacts)
    .where(
      and(
        eq(contacts.type, 'public'),
        isNotNull(contacts.phone),
        or(
          facilityIds.length > 0 ? inArray(contacts.facilityId, facilityIds) : undefined,
          inArray(contacts.providerId, providerIds),
        ),
      ),
    )
    .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id));
  const firstOf = (owner: 'facilityId' | 'providerId', id: string): Phone | undefined => {
    const contact = publicContacts.find((row) => row[owner] === id && row.phone);
    if (!contact?.phone) return undefined;
    const name = [contact.firstName, contact.lastName].filter(Boolean).join(' ').trim();
    return { number: contact.phone, contactName: name || null };
  };
  const phones = new Map<string, Phone>();
  for (const service of services) {
    const phone =
      (service.sameAsProvider ? undefined : firstOf('facilityId', service.facilityId)) ??
      firstOf('providerId', service.providerId) ??
      (service.contactPhone ? { number: service.contactPhone, contactName: null } : undefined);
    if (phone) phones.set(service.id, phone);
  }
  return phones;
}

/** The offer's services with what the assistant needs beside them: the questionnaire mark and the phone. */
export async function markOffer(
  db: DbExecutor,
  offer: readonly ServiceOfferItem[],
): Promise<AssistantOfferItem[]> {
  const ids = offer.map((service) => service.id);
  const [withForms, phones] = await Promise.all([
    servicesWithOwnQuestionnaire(db, ids),
    publicPhonesOf(db, ids),
  ]);
  return offer.map((service) => ({
    ...service,
    needsCarerQuestionnaire: withForms.has(service.id),
    phone: phones.get(service.id) ?? null,
  }));
}
