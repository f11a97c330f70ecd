/**
 * Closed value sets, defined once: zod schemas, `pgEnum`s in packages/db and translation keys
 * (`enums:sex.male`, ...) are all derived from these tuples.
 */

export const locales = ['cs', 'en', 'sk'] as const;
export type Locale = (typeof locales)[number];

export const countries = ['CZ', 'SK'] as const;
export type Country = (typeof countries)[number];

/** `indetermined` (sic, the product's wire value) covers people whose sex is not recorded as male or female. */
export const sexValues = ['male', 'female', 'indetermined'] as const;
export type Sex = (typeof sexValues)[number];

/** List filters accept every sex value plus `all`. */
export const sexFilterValues = [...sexValues, 'all'] as const;
export type SexFilter = (typeof sexFilterValues)[number];

export const serviceStatuses = ['active', 'draft', 'archive'] as const;
export type ServiceStatus = (typeof serviceStatuses)[number];

export const contactTypes = ['private', 'public'] as const;
export type ContactType = (typeof contactTypes)[number];

export const subscriptionTypeCodes = ['self-managed', 'with-assistant', 'free'] as const;
export type SubscriptionTypeCode = (typeof subscriptionTypeCodes)[number];

/** Kinds of questionnaire: the extended case survey (public), the case survey, and a service's own survey. */
export const surveyTypes = ['extended-case', 'case', 'service'] as const;
export type SurveyType = (typeof surveyTypes)[number];

/** Roles of a provider's staff (the "groups" of a provider user). */
export const providerRoles = ['providerAdmin', 'providerUser'] as const;
export type ProviderRole = (typeof providerRoles)[number];

/**
 * Roles kept by the identity server as realm roles: `client` is every registered user (a client or
 * a family carer acting for one), `assistant` is staff acting for clients, `admin` platform staff.
 */
export const realmRoles = ['client', 'assistant', 'admin'] as const;
export type RealmRole = (typeof realmRoles)[number];

/** Every role the permission table knows: `guest` (not signed in), the realm roles, the provider roles. */
export const roles = ['guest', 'client', 'assistant', ...providerRoles, 'admin'] as const;
export type Role = (typeof roles)[number];
