/**
 * Closed value sets, defined once: zod schemas, `pgEnum`s in packages/db and translation keys
 * (`enums:sex.male`, ...) are all derived from these tuples.
 */

// The languages live in a module of their own: the web app's first download needs them, and a module
// there brings every export used anywhere in the app into it (these enums are for the pages).
export { type Locale, locales } from './locales.ts';

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

/** Legal form of a social service (CZ 108/2006 Sb. § 33); `health` for health care at home. */
export const serviceForms = ['residential', 'day', 'field', 'health'] as const;
export type ServiceForm = (typeof serviceForms)[number];

/** Legal category of a service type; names are translated in the UI (`catalogue:categories.<code>`). */
export const serviceCategoryCodes = ['social', 'health'] as const;
export type ServiceCategoryCode = (typeof serviceCategoryCodes)[number];

/**
 * Service types for older and disabled people (CZ 108/2006 Sb., SK 448/2008 Z. z., home nursing under
 * CZ 372/2011 Sb.); names are translated in the UI (`catalogue:serviceTypes.<code>`).
 */
export const serviceTypeCodes = [
  'personal-assistance',
  'home-care-service',
  'emergency-care',
  'respite-care',
  'day-services-centre',
  'day-care-centre',
  'home-for-seniors',
  'special-regime-home',
  'social-activation',
  'social-counselling',
  'home-nursing',
] as const;
export type ServiceTypeCode = (typeof serviceTypeCodes)[number];

/** What the account holder is to the client ("I am the client's child"); `self` for "I am the client". */
export const relationshipTypeCodes = [
  'self',
  'child',
  'spouse-partner',
  'parent',
  'sibling',
  'grandchild',
  'other-relative',
  'guardian',
  'social-worker',
  'other',
] as const;
export type RelationshipTypeCode = (typeof relationshipTypeCodes)[number];

/**
 * States of a care request. `waiting-list` keeps a request open with the client on the provider's
 * waiting list; `rejected` ("declined") ends it unmet with one of `careRequestDeclineReasons`, so a
 * provider answers honestly instead of leaving it unanswered (DOMAIN.md); `withdrawn` is the client's
 * own decision, `expired` the platform's after nobody answered.
 */
export const careRequestStatusCodes = [
  'new',
  'in-progress',
  'waiting-list',
  'accepted',
  'rejected',
  'withdrawn',
  'expired',
] as const;
export type CareRequestStatusCode = (typeof careRequestStatusCodes)[number];

/** The states a request may move to from each state; a terminal state allows none. */
export const careRequestTransitions: Record<CareRequestStatusCode, readonly CareRequestStatusCode[]> = {
  new: ['in-progress', 'waiting-list', 'accepted', 'rejected', 'withdrawn', 'expired'],
  'in-progress': ['waiting-list', 'accepted', 'rejected', 'withdrawn'],
  'waiting-list': ['in-progress', 'accepted', 'rejected', 'withdrawn'],
  accepted: [],
  rejected: [],
  withdrawn: [],
  expired: [],
};

/**
 * What an entry of a request's history records (also the database's `care_request_event_kind`).
 */
export const careRequestEventKinds = [
  'created',
  'status-changed',
  'note-changed',
  'document-added',
  'document-removed',
  'survey-answered',
  'updated',
  /** The provider assigned it to a colleague or a facility team (or took the assignment away). */
  'assigned',
  /** Still `new` after 2 working days: the provider was reminded (once). */
  'reminder-sent',
  /** Still `new` after 4 working days: the provider's administrators were told (once). */
  'escalated',
] as const;
export type CareRequestEventKind = (typeof careRequestEventKinds)[number];

export function isTerminalCareRequestStatus(code: CareRequestStatusCode): boolean {
  return careRequestTransitions[code].length === 0;
}

export function canChangeCareRequestStatus(from: CareRequestStatusCode, to: CareRequestStatusCode): boolean {
  return careRequestTransitions[from].includes(to);
}

/** Currencies prices are given in: Czech providers price in crowns, Slovak ones in euro. */
export const currencies = ['CZK', 'EUR'] as const;
export type Currency = (typeof currencies)[number];

export const contactTypes = ['private', 'public'] as const;
export type ContactType = (typeof contactTypes)[number];

/**
 * The plans: the carers' three, and `provider` — the provider plan (its 3 months free, then monthly;
 * decision 0097), charged and renewed by the same machinery but never offered to carers.
 */
export const subscriptionTypeCodes = ['self-managed', 'with-assistant', 'free', 'provider'] as const;
export type SubscriptionTypeCode = (typeof subscriptionTypeCodes)[number];
/** The provider plan's code (never listed to carers, never bought by them). */
export const providerPlanCode = 'provider' satisfies SubscriptionTypeCode;

export const paymentStatuses = ['pending', 'paid', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
/** A payment opens a subscription (`initial`, through a checkout) or pays its next month (`renewal`). */
export const paymentKinds = ['initial', 'renewal'] as const;
export type PaymentKind = (typeof paymentKinds)[number];

/** Self-managed, or with an assistant who contacts providers on the user's behalf (SPEC §1). */
export const subscriptionVariants = ['self-managed', 'with-assistant'] as const;
export type SubscriptionVariant = (typeof subscriptionVariants)[number];

/**
 * A subscription is `active` while paid; `past-due` while a failed renewal is retried (access kept);
 * `cancelled` once a cancelled subscription's month ran out; `expired` when the retries failed.
 */
export const subscriptionStatuses = ['active', 'past-due', 'cancelled', 'expired'] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * Why staff gave someone the free plan (decision 0129): hardship, a social worker's referral, a partner
 * organisation's programme, or another reason written out.
 */
export const freePlanReasons = ['hardship', 'social-worker', 'partner-programme', 'other'] as const;
export type FreePlanReason = (typeof freePlanReasons)[number];

/** A checkout at the payment gateway: open until the gateway reports its outcome, or it is abandoned. */
export const checkoutStatuses = ['open', 'paid', 'failed', 'cancelled', 'expired'] as const;
export type CheckoutStatus = (typeof checkoutStatuses)[number];

/** An assistant's task to contact providers for a with-assistant subscriber. */
export const assistantTaskStatuses = ['open', 'done'] as const;
export type AssistantTaskStatus = (typeof assistantTaskStatuses)[number];

/** How a with-assistant subscriber wants to be contacted. */
export const assistantContactChannels = ['phone', 'email'] as const;
export type AssistantContactChannel = (typeof assistantContactChannels)[number];

/** Kinds of questionnaire: the extended case survey (public), the case survey, and a service's own survey. */
export const surveyTypes = ['extended-case', 'case', 'service'] as const;
export type SurveyType = (typeof surveyTypes)[number];

/** The questionnaires of the platform a case is described with (the `service` ones are providers'). */
export const caseSurveyTypes = ['extended-case', 'case'] as const;
export type CaseSurveyType = (typeof caseSurveyTypes)[number];

/**
 * A definition is edited as a draft and frozen once published; answers bind to a published version. A
 * retired one is offered to nobody new; answers bound to it stay, and a case half-way through it may
 * finish it (decision 0125).
 */
export const surveyDefinitionStatuses = ['draft', 'published', 'retired'] as const;
export type SurveyDefinitionStatus = (typeof surveyDefinitionStatuses)[number];

/** Roles of the people around a client that the client form records. */
export const clientPersonRoles = ['contact-person', 'attending-doctor'] as const;
export type ClientPersonRole = (typeof clientPersonRoles)[number];

/**
 * Roles of a provider's staff (the "groups" of a provider user) in one provider: an administrator
 * (everything, colleagues included), a coordinator (every request of the provider, assigns them) and
 * a worker (`providerUser`: the requests of their facilities and those assigned to them).
 */
export const providerRoles = ['providerAdmin', 'providerCoordinator', 'providerUser'] as const;
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

// Accountability (issue 25 §5, decision 0122): what the staff audit log records, kept zod-free so the
// console's pages list them without the schemas.
/** What staff did. */
export const staffActions = [
  'provider-verification-approved',
  'provider-verification-rejected',
  'provider-claim-approved',
  'provider-claim-rejected',
  'provider-verification-set',
  /** A staff member downloaded a provider's verification document from a check (decision 0130). */
  'provider-document-downloaded',
  'survey-definition-created',
  'survey-definition-published',
  'survey-definition-deleted',
  'survey-definition-updated',
  'survey-definition-versioned',
  'survey-definition-retired',
  'assistant-task-claimed',
  /** The claimant, or a platform administrator, gave a claimed task back to the queue (decision 0127). */
  'assistant-task-released',
  /** A platform administrator moved a claimed task to another assistant. */
  'assistant-task-reassigned',
  'assistant-call-logged',
  'assistant-request-sent',
  'assistant-task-closed',
  /** A staff member opened a client's record (health data) through a claimed task. */
  'client-record-viewed',
  'support-message-assigned',
  'support-message-answered',
  'support-message-closed',
  /** A platform administrator added, edited, retired, brought back or deleted a service type (decision 0131). */
  'service-type-created',
  'service-type-updated',
  'service-type-retired',
  'service-type-unretired',
  'service-type-deleted',
  /** A platform administrator opened a person's subscriptions and payments (decision 0129). */
  'subscription-viewed',
  /** A free plan given to a person with a reason, or taken back (SPEC §4 "free service"; decision 0129). */
  'free-plan-granted',
  'free-plan-revoked',
] as const;
export type StaffAction = (typeof staffActions)[number];

/** The kind of record an action was taken on. */
export const staffAuditRecordTypes = [
  'provider',
  'survey-definition',
  'assistant-task',
  'support-message',
  'service-type',
  /** A person's account (their subscriptions, decision 0129). */
  'user',
] as const;
export type StaffAuditRecordType = (typeof staffAuditRecordTypes)[number];

// The support inbox (issue 25 §4, decision 0124), zod-free for the console's pages.
/** `open`: nobody has it; `assigned`: someone does; `answered`: a reply went out; `closed`: done. */
export const supportMessageStatuses = ['open', 'assigned', 'answered', 'closed'] as const;
export type SupportMessageStatus = (typeof supportMessageStatuses)[number];

/** Closed messages are deleted this many months after closing (the sender's personal data). */
export const supportMessageRetentionMonths = 12;
