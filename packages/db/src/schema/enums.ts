import {
  assistantCallOutcomes,
  assistantTaskEntryKinds,
  assistantTaskStatuses,
  careRequestDeclineReasons,
  careRequestEventKinds,
  careRequestSources,
  checkoutStatuses,
  clientPersonRoles,
  contactTypes,
  countries,
  currencies,
  freePlanReasons,
  locales,
  paymentKinds,
  paymentStatuses,
  providerDocumentKinds,
  providerRejectionReasons,
  providerRoles,
  providerVerificationKinds,
  providerVerificationStatuses,
  serviceForms,
  serviceStatuses,
  sexValues,
  staffActions,
  staffAuditRecordTypes,
  subscriptionStatuses,
  subscriptionTypeCodes,
  subscriptionVariants,
  supportMessageStatuses,
  surveyDefinitionStatuses,
  surveyTypes,
} from '@opora/contracts';
import { pgEnum } from 'drizzle-orm/pg-core';

// The wire values are defined once in the contracts; the database enums reuse them.
export {
  assistantTaskStatuses,
  careRequestDeclineReasons,
  careRequestEventKinds,
  checkoutStatuses,
  clientPersonRoles,
  contactTypes,
  countries,
  currencies,
  locales,
  paymentKinds,
  paymentStatuses,
  providerRoles,
  serviceForms,
  serviceStatuses,
  sexValues,
  subscriptionStatuses,
  subscriptionTypeCodes,
  subscriptionVariants,
  surveyDefinitionStatuses,
  surveyTypes,
};

// Owned by the data layer until a contract needs them.
/** Platform staff roles; clients need no role, provider staff get theirs from `provider_users`. */
export const platformRoles = ['admin', 'assistant'] as const;
/**
 * GDPR consents; `health-data` is the explicit consent of Art. 9, `provider-sharing` the request review
 * one, `provider-record` a provider's own client's consent to the provider keeping their record here
 * (recorded by the provider user who entered them, `on_behalf_of_client_id` the client).
 */
export const consentKinds = [
  'terms',
  'personal-data',
  'health-data',
  'marketing',
  'provider-sharing',
  'provider-record',
  'assistant-sharing',
] as const;
export const emailOutboxStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
/** A provider's export made in the background (a large selection). */
export const providerExportStates = ['queued', 'running', 'ready', 'failed'] as const;
export const providerExportFormats = ['csv', 'xlsx'] as const;

export type ServiceStatus = (typeof serviceStatuses)[number];
export type Sex = (typeof sexValues)[number];
export type ContactType = (typeof contactTypes)[number];
export type SubscriptionTypeCode = (typeof subscriptionTypeCodes)[number];
export type Country = (typeof countries)[number];
export type Currency = (typeof currencies)[number];
export type Locale = (typeof locales)[number];
export type SurveyType = (typeof surveyTypes)[number];
export type ServiceForm = (typeof serviceForms)[number];
export type PlatformRole = (typeof platformRoles)[number];
export type ProviderRole = (typeof providerRoles)[number];
export type ConsentKind = (typeof consentKinds)[number];
export type SubscriptionVariant = (typeof subscriptionVariants)[number];
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];
export type PaymentStatus = (typeof paymentStatuses)[number];
export type PaymentKind = (typeof paymentKinds)[number];
export type CheckoutStatus = (typeof checkoutStatuses)[number];
export type AssistantTaskStatus = (typeof assistantTaskStatuses)[number];
export type EmailOutboxStatus = (typeof emailOutboxStatuses)[number];

export const serviceStatusEnum = pgEnum('service_status', serviceStatuses);
export const sexEnum = pgEnum('sex', sexValues);
export const contactTypeEnum = pgEnum('contact_type', contactTypes);
export const subscriptionTypeCodeEnum = pgEnum('subscription_type_code', subscriptionTypeCodes);
export const countryEnum = pgEnum('country', countries);
export const currencyEnum = pgEnum('currency', currencies);
export const localeEnum = pgEnum('locale', locales);
export const serviceFormEnum = pgEnum('service_form', serviceForms);
export const platformRoleEnum = pgEnum('platform_role', platformRoles);
export const providerRoleEnum = pgEnum('provider_role', providerRoles);
export const surveyTypeEnum = pgEnum('survey_type', surveyTypes);
export const surveyDefinitionStatusEnum = pgEnum('survey_definition_status', surveyDefinitionStatuses);
export const clientPersonRoleEnum = pgEnum('client_person_role', clientPersonRoles);
export const consentKindEnum = pgEnum('consent_kind', consentKinds);
export const careRequestEventKindEnum = pgEnum('care_request_event_kind', careRequestEventKinds);
export const subscriptionVariantEnum = pgEnum('subscription_variant', subscriptionVariants);
export const subscriptionStatusEnum = pgEnum('subscription_status', subscriptionStatuses);
export const paymentStatusEnum = pgEnum('payment_status', paymentStatuses);
export const paymentKindEnum = pgEnum('payment_kind', paymentKinds);
export const checkoutStatusEnum = pgEnum('checkout_status', checkoutStatuses);
export const assistantTaskStatusEnum = pgEnum('assistant_task_status', assistantTaskStatuses);
export const emailOutboxStatusEnum = pgEnum('email_outbox_status', emailOutboxStatuses);
export const careRequestDeclineReasonEnum = pgEnum('care_request_decline_reason', careRequestDeclineReasons);
export const careRequestSourceEnum = pgEnum('care_request_source', careRequestSources);
export const providerExportStateEnum = pgEnum('provider_export_state', providerExportStates);
export const providerExportFormatEnum = pgEnum('provider_export_format', providerExportFormats);
export const providerVerificationKindEnum = pgEnum('provider_verification_kind', providerVerificationKinds);
export const providerVerificationStatusEnum = pgEnum(
  'provider_verification_status',
  providerVerificationStatuses,
);
export const providerRejectionReasonEnum = pgEnum('provider_rejection_reason', providerRejectionReasons);
export const providerDocumentKindEnum = pgEnum('provider_document_kind', providerDocumentKinds);
export const staffActionEnum = pgEnum('staff_action', staffActions);
export const freePlanReasonEnum = pgEnum('free_plan_reason', freePlanReasons);
export const staffAuditRecordTypeEnum = pgEnum('staff_audit_record_type', staffAuditRecordTypes);
export const assistantTaskEntryKindEnum = pgEnum('assistant_task_entry_kind', assistantTaskEntryKinds);
export const assistantCallOutcomeEnum = pgEnum('assistant_call_outcome', assistantCallOutcomes);
export const supportMessageStatusEnum = pgEnum('support_message_status', supportMessageStatuses);
