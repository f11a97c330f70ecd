import {
  type CareRequestStatusCode,
  careRequestStatusCodes,
  isTerminalCareRequestStatus,
  type RelationshipTypeCode,
  relationshipTypeCodes,
  type ServiceCategoryCode,
  serviceCategoryCodes,
} from '@opora/contracts';
import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../client.ts';
import { excluded } from '../excluded.ts';
import type { Currency, ServiceForm, SubscriptionTypeCode, SubscriptionVariant } from '../schema/enums.ts';
import {
  relationshipTypes,
  requestStatuses,
  serviceCategories,
  serviceTypes,
  subscriptionTypePrices,
  subscriptionTypes,
} from '../schema/index.ts';
import type { LocalizedNames } from '../schema/service-taxonomy.ts';

export {
  type CareRequestStatusCode as RequestStatusCode,
  type RelationshipTypeCode,
  relationshipTypeCodes,
  type ServiceCategoryCode,
  serviceCategoryCodes,
};

export interface ServiceTypeDefinition {
  code: string;
  category: ServiceCategoryCode;
  form: ServiceForm;
  legalReference: string;
}

/** Types for older and disabled people from CZ 108/2006 Sb. (SK 448/2008 Z. z. has close equivalents). */
export const serviceTypeDefinitions = [
  { code: 'personal-assistance', category: 'social', form: 'field', legalReference: '108/2006 Sb. § 39' },
  { code: 'home-care-service', category: 'social', form: 'field', legalReference: '108/2006 Sb. § 40' },
  { code: 'emergency-care', category: 'social', form: 'field', legalReference: '108/2006 Sb. § 41' },
  { code: 'respite-care', category: 'social', form: 'residential', legalReference: '108/2006 Sb. § 44' },
  { code: 'day-services-centre', category: 'social', form: 'day', legalReference: '108/2006 Sb. § 45' },
  { code: 'day-care-centre', category: 'social', form: 'day', legalReference: '108/2006 Sb. § 46' },
  { code: 'home-for-seniors', category: 'social', form: 'residential', legalReference: '108/2006 Sb. § 49' },
  {
    code: 'special-regime-home',
    category: 'social',
    form: 'residential',
    legalReference: '108/2006 Sb. § 50',
  },
  { code: 'social-activation', category: 'social', form: 'day', legalReference: '108/2006 Sb. § 66' },
  { code: 'social-counselling', category: 'social', form: 'day', legalReference: '108/2006 Sb. § 37' },
  // Covered by public health insurance when prescribed by a doctor.
  { code: 'home-nursing', category: 'health', form: 'health', legalReference: '372/2011 Sb. § 10' },
] as const satisfies readonly ServiceTypeDefinition[];
export type ServiceTypeCode = (typeof serviceTypeDefinitions)[number]['code'];

/**
 * The names the migration `service_type_names` backfilled, copied from the locale files of that day
 * (`catalogue:serviceTypes`, `catalogue:categories`); a new database is seeded with them. Staff edit
 * them in the console afterwards (decision 0131): the seed never overwrites a stored name.
 */
export const serviceTypeNames: Record<string, LocalizedNames> = {
  'personal-assistance': { cs: 'Osobní asistence', en: 'Personal assistance', sk: 'Osobná asistencia' },
  'home-care-service': { cs: 'Pečovatelská služba', en: 'Home care service', sk: 'Opatrovateľská služba' },
  'emergency-care': {
    cs: 'Tísňová péče',
    en: 'Emergency alarm care',
    sk: 'Monitorovanie a signalizácia potreby pomoci',
  },
  'respite-care': { cs: 'Odlehčovací služba', en: 'Respite care', sk: 'Odľahčovacia služba' },
  'day-services-centre': {
    cs: 'Centrum denních služeb',
    en: 'Day services centre',
    sk: 'Centrum denných služieb',
  },
  'day-care-centre': { cs: 'Denní stacionář', en: 'Day care centre', sk: 'Denný stacionár' },
  'home-for-seniors': { cs: 'Domov pro seniory', en: 'Home for seniors', sk: 'Zariadenie pre seniorov' },
  'special-regime-home': {
    cs: 'Domov se zvláštním režimem',
    en: 'Special-regime home (dementia care)',
    sk: 'Špecializované zariadenie',
  },
  'social-activation': {
    cs: 'Sociálně aktivizační služba',
    en: 'Social activation services',
    sk: 'Sociálne aktivizačná služba',
  },
  'social-counselling': {
    cs: 'Odborné sociální poradenství',
    en: 'Specialist social counselling',
    sk: 'Špecializované sociálne poradenstvo',
  },
  'home-nursing': {
    cs: 'Domácí zdravotní péče',
    en: 'Home nursing',
    sk: 'Domáca ošetrovateľská starostlivosť',
  },
};

export const serviceCategoryNames: Record<ServiceCategoryCode, LocalizedNames> = {
  social: { cs: 'Sociální služby', en: 'Social services', sk: 'Sociálne služby' },
  health: { cs: 'Zdravotní služby', en: 'Health care', sk: 'Zdravotná starostlivosť' },
};

/** Statuses of a request in the provider inbox, in the order of `careRequestStatusCodes`. */
export const requestStatusDefinitions = careRequestStatusCodes.map((code) => ({
  code,
  isTerminal: isTerminalCareRequestStatus(code),
}));

/**
 * The plans and their monthly prices with VAT (docs/decisions.md "Subscriptions"): Czech users pay in
 * crowns with 21 % VAT, Slovak ones in euro with 23 %. `free` is offered only while staff switch it
 * on (a launch or a partner's promotion): the payment page then says the service is now free.
 */
export const subscriptionTypeDefinitions: readonly {
  code: SubscriptionTypeCode;
  variant: SubscriptionVariant;
  isActive: boolean;
  prices: readonly { currency: Currency; amountMinor: number; vatRatePercent: number }[];
}[] = [
  {
    code: 'self-managed',
    variant: 'self-managed',
    isActive: true,
    prices: [
      { currency: 'CZK', amountMinor: 14_900, vatRatePercent: 21 },
      { currency: 'EUR', amountMinor: 690, vatRatePercent: 23 },
    ],
  },
  {
    code: 'with-assistant',
    variant: 'with-assistant',
    isActive: true,
    prices: [
      { currency: 'CZK', amountMinor: 44_900, vatRatePercent: 21 },
      { currency: 'EUR', amountMinor: 1_890, vatRatePercent: 23 },
    ],
  },
  // The provider plan (decision 0097): after a provider's 3 free months; never offered to carers.
  {
    code: 'provider',
    variant: 'self-managed',
    isActive: true,
    prices: [
      { currency: 'CZK', amountMinor: 99_000, vatRatePercent: 21 },
      { currency: 'EUR', amountMinor: 3_900, vatRatePercent: 23 },
    ],
  },
  {
    code: 'free',
    variant: 'self-managed',
    isActive: false,
    prices: [
      { currency: 'CZK', amountMinor: 0, vatRatePercent: 21 },
      { currency: 'EUR', amountMinor: 0, vatRatePercent: 23 },
    ],
  },
];

const sortOrder = (index: number) => (index + 1) * 10;

/** Upserts all reference data keyed by `code`; rows already equal are left untouched. */
export async function seedReferenceData(db: DbExecutor): Promise<void> {
  await db
    .insert(relationshipTypes)
    .values(relationshipTypeCodes.map((code, index) => ({ code, sortOrder: sortOrder(index) })))
    .onConflictDoUpdate({
      target: relationshipTypes.code,
      set: { sortOrder: excluded(relationshipTypes.sortOrder) },
      setWhere: sql`${relationshipTypes.sortOrder} is distinct from ${excluded(relationshipTypes.sortOrder)}`,
    });

  await db
    .insert(serviceCategories)
    .values(
      serviceCategoryCodes.map((code, index) => ({
        code,
        sortOrder: sortOrder(index),
        names: serviceCategoryNames[code],
      })),
    )
    .onConflictDoUpdate({
      target: serviceCategories.code,
      set: { sortOrder: excluded(serviceCategories.sortOrder) },
      setWhere: sql`${serviceCategories.sortOrder} is distinct from ${excluded(serviceCategories.sortOrder)}`,
    });
  const categories = await db
    .select({ id: serviceCategories.id, code: serviceCategories.code })
    .from(serviceCategories);
  const categoryIds = new Map(categories.map((category) => [category.code, category.id]));

  await db
    .insert(serviceTypes)
    .values(
      serviceTypeDefinitions.map((type, index) => ({
        code: type.code,
        categoryId: categoryIds.get(type.category)!,
        form: type.form,
        legalReference: type.legalReference,
        sortOrder: sortOrder(index),
        names: serviceTypeNames[type.code]!,
      })),
    )
    .onConflictDoUpdate({
      target: serviceTypes.code,
      set: {
        categoryId: excluded(serviceTypes.categoryId),
        form: excluded(serviceTypes.form),
        legalReference: excluded(serviceTypes.legalReference),
        sortOrder: excluded(serviceTypes.sortOrder),
      },
      setWhere: sql`(${serviceTypes.categoryId}, ${serviceTypes.form}, ${serviceTypes.legalReference}, ${serviceTypes.sortOrder})
        is distinct from (${excluded(serviceTypes.categoryId)}, ${excluded(serviceTypes.form)}, ${excluded(serviceTypes.legalReference)}, ${excluded(serviceTypes.sortOrder)})`,
    });

  await db
    .insert(requestStatuses)
    .values(
      requestStatusDefinitions.map((status, index) => ({
        code: status.code,
        isTerminal: status.isTerminal,
        sortOrder: sortOrder(index),
      })),
    )
    .onConflictDoUpdate({
      target: requestStatuses.code,
      set: {
        isTerminal: excluded(requestStatuses.isTerminal),
        sortOrder: excluded(requestStatuses.sortOrder),
      },
      setWhere: sql`(${requestStatuses.isTerminal}, ${requestStatuses.sortOrder})
        is distinct from (${excluded(requestStatuses.isTerminal)}, ${excluded(requestStatuses.sortOrder)})`,
    });

  const types = await db
    .insert(subscriptionTypes)
    .values(
      subscriptionTypeDefinitions.map(({ code, variant, isActive }, index) => ({
        code,
        variant,
        isActive,
        sortOrder: sortOrder(index),
      })),
    )
    .onConflictDoUpdate({
      target: subscriptionTypes.code,
      // Whether a plan is offered is left alone: once staff change it, it is theirs, not the seed's.
      set: { variant: excluded(subscriptionTypes.variant), sortOrder: excluded(subscriptionTypes.sortOrder) },
    })
    .returning({ id: subscriptionTypes.id, code: subscriptionTypes.code });
  const typeIds = new Map(types.map((type) => [type.code, type.id]));
  await db
    .insert(subscriptionTypePrices)
    .values(
      subscriptionTypeDefinitions.flatMap(({ code, prices }) =>
        prices.map((price) => ({ subscriptionTypeId: typeIds.get(code) ?? '', ...price })),
      ),
    )
    // Prices too: staff change them; the seed only fills what is missing.
    .onConflictDoNothing();
}
