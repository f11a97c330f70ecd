import { isOneOf } from './one-of.ts';
// No zod here: the web bundle maps codes to messages without loading any schema.

/**
 * The closed catalogue of error codes the API may answer with (SPEC §8), plus the
 * platform codes every HTTP API needs. The web app maps each code to `errors:<code>`;
 * anything outside the tuple is shown as `errors:unknown`.
 */
export const errorCodes = [
  // SPEC §8 domain codes
  'InsufficientSubscription',
  'NotUniqueValidator',
  'FacilityServiceAlreadyRequested',
  'SurveyDefinitionTypeVersionUnique',
  'SurveyDefinitionCodeUnique',
  'SurveyDefinitionDeleteRestriction',
  'ProviderInviteEmailAlreadyAssigned',
  'IncorrectCurrentPassword',
  'InvalidUserCredentials',
  'NotFoundException',
  'FacilityServiceProviderNotVerified',
  /** A provider's new client resembles people it has already (same birth number, or name and date of birth). */
  'PossibleDuplicateClient',
  // platform codes
  'ValidationFailed',
  /** The HTTP request itself cannot be read: a URL that does not decode, a malformed request line. */
  'MalformedRequest',
  'MalformedJson',
  'PayloadTooLarge',
  'UnsupportedMediaType',
  'UriTooLong',
  'HeadersTooLarge',
  'RequestTimeout',
  'Unauthorized',
  'Forbidden',
  'RouteNotFound',
  'MethodNotAllowed',
  'Conflict',
  'RateLimited',
  'ServiceUnavailable',
  'SaveFailed',
  'DownloadFailed',
  'unknown',
  // accounts
  /** A link from an e-mail (confirmation, password reset) that is unknown, used or past its time. */
  'InvalidOrExpiredToken',
  /** Resending a confirmation for an address that is already confirmed. */
  'EmailAlreadyConfirmed',
  // documents
  /** The file's content is none of the allowed types (PDF, JPEG, PNG, DOCX), whatever its name says. */
  'DocumentTypeNotAllowed',
  /** The request (or the request being prepared) has as many files as it may have. */
  'DocumentLimitReached',
  /** A verification document's content is not PDF, JPEG or PNG, whatever its name says (decision 0130). */
  'ProviderDocumentTypeNotAllowed',
  /** The provider keeps as many verification documents as it may; remove one to add another. */
  'ProviderDocumentLimitReached',
  // provider inbox
  /** The status cannot change that way (not an allowed transition, or a colleague changed it first). */
  'CareRequestStatusChangeNotAllowed',
  /** An export selection too large to stream: it runs as a job instead. */
  'ExportTooLarge',
  // provider team
  /** The provider's last registered administrator can be neither removed nor demoted. */
  'ProviderLastAdministrator',
  // platform staff
  /** Another staff member decided this provider's check already (decision 0121). */
  'ProviderVerificationDecided',
  /** Another assistant took this task first (decision 0123). */
  'AssistantTaskClaimed',
  /** The task is closed: nothing more is logged or sent in it. */
  'AssistantTaskClosed',
  /** Nobody has the task (it went back to the queue meanwhile): there is no claim to release or move. */
  'AssistantTaskNotClaimed',
  /** The support message is closed: no more replies (decision 0124). */
  'SupportMessageClosed',
  /** The person pays for a plan now: a free plan is given once it has ended (decision 0129). */
  'SubscriptionPaidPlanLive',
  /** The person has a free plan from Opora already; revoke it first to give another. */
  'FreePlanAlreadyGranted',
  /** Only a draft questionnaire is edited; a published one gets a new version (decision 0125). */
  'SurveyDefinitionNotDraft',
  /** The platform's only published questionnaire of a type new cases need cannot be retired. */
  'SurveyDefinitionLastPublished',
  /** A service type some service uses cannot be deleted, only retired (decision 0131). */
  'ServiceTypeInUse',
  // service capacity
  /** "Confirm as is" on a service whose capacity was never stated: there is nothing to confirm. */
  'ServiceCapacityNotStated',
  // provider services
  /**
   * The record was saved by someone else since the caller read it (its `revision` moved on); the
   * answer carries the current record in `current`.
   */
  'RecordChangedByAnother',
  /** The service's status cannot move that way (decision 0101). */
  'ServiceStatusChangeNotAllowed',
  /** Activation needs what the service still lacks (`errors` names each missing field). */
  'ServiceIncomplete',
  // provider images
  /** The file's content is not a JPEG, PNG, WebP or AVIF image (an SVG included), whatever its name says. */
  'ImageTypeNotAllowed',
  /** The image is smaller or larger than it may be (read from its header, before it is decoded). */
  'ImageDimensionsNotAllowed',
  /** The facility has as many photos as it may have. */
  'ImageLimitReached',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return isOneOf(errorCodes, value);
}

/** Translation key of a catalogue code; unknown codes fall back to the generic message. */
export function errorMessageKey(code: unknown): `errors:${ErrorCode}` {
  return `errors:${isErrorCode(code) ? code : 'unknown'}`;
}

/** HTTP status each platform/domain code is answered with by default. */
export const errorStatus: Record<ErrorCode, number> = {
  InsufficientSubscription: 402,
  NotUniqueValidator: 409,
  FacilityServiceAlreadyRequested: 409,
  SurveyDefinitionTypeVersionUnique: 409,
  SurveyDefinitionCodeUnique: 409,
  SurveyDefinitionDeleteRestriction: 409,
  ProviderInviteEmailAlreadyAssigned: 409,
  PossibleDuplicateClient: 409,
  IncorrectCurrentPassword: 400,
  InvalidUserCredentials: 401,
  NotFoundException: 404,
  FacilityServiceProviderNotVerified: 409,
  ValidationFailed: 400,
  MalformedRequest: 400,
  MalformedJson: 400,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
  UriTooLong: 414,
  HeadersTooLarge: 431,
  RequestTimeout: 408,
  Unauthorized: 401,
  Forbidden: 403,
  RouteNotFound: 404,
  MethodNotAllowed: 405,
  Conflict: 409,
  RateLimited: 429,
  ServiceUnavailable: 503,
  SaveFailed: 500,
  DownloadFailed: 500,
  unknown: 500,
  InvalidOrExpiredToken: 400,
  EmailAlreadyConfirmed: 409,
  DocumentTypeNotAllowed: 415,
  DocumentLimitReached: 409,
  ProviderDocumentTypeNotAllowed: 415,
  ProviderDocumentLimitReached: 409,
  CareRequestStatusChangeNotAllowed: 409,
  ExportTooLarge: 422,
  ProviderLastAdministrator: 409,
  ProviderVerificationDecided: 409,
  AssistantTaskClaimed: 409,
  AssistantTaskClosed: 409,
  AssistantTaskNotClaimed: 409,
  SupportMessageClosed: 409,
  SubscriptionPaidPlanLive: 409,
  FreePlanAlreadyGranted: 409,
  SurveyDefinitionNotDraft: 409,
  SurveyDefinitionLastPublished: 409,
  ServiceTypeInUse: 409,
  ServiceCapacityNotStated: 409,
  RecordChangedByAnother: 409,
  ServiceStatusChangeNotAllowed: 409,
  ServiceIncomplete: 409,
  ImageTypeNotAllowed: 415,
  ImageDimensionsNotAllowed: 422,
  ImageLimitReached: 409,
};
