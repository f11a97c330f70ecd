import { z } from 'zod';

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
  // platform codes
  'ValidationFailed',
  'MalformedJson',
  'PayloadTooLarge',
  'UnsupportedMediaType',
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
] as const;

export const ErrorCodeSchema = z.enum(errorCodes);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (errorCodes as readonly string[]).includes(value);
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
  IncorrectCurrentPassword: 400,
  InvalidUserCredentials: 401,
  NotFoundException: 404,
  FacilityServiceProviderNotVerified: 409,
  ValidationFailed: 400,
  MalformedJson: 400,
  PayloadTooLarge: 413,
  UnsupportedMediaType: 415,
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
};

/** One failed rule on one field (SPEC §3 "Error detail"). */
export const ErrorDetailSchema = z
  .object({
    /** Stable id of this occurrence, unique within the response. */
    id: z.string(),
    /** Rule or catalogue code, e.g. `required`, `minLength`, `NotUniqueValidator`. */
    code: z.string(),
    /** Translation key of the message, e.g. `validation:required`. */
    instructions: z.string(),
    /** Dotted path of the offending field, e.g. `client.phone`; empty for the whole body. */
    property: z.string(),
    /** Values the message interpolates, e.g. `{ min: 8 }`. */
    parameters: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'ErrorDetail' });
export type ErrorDetail = z.infer<typeof ErrorDetailSchema>;

/** RFC 9457 problem details (SPEC §3), with the catalogue code. */
export const ProblemDetailsSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string().optional(),
    instance: z.string().optional(),
    code: ErrorCodeSchema,
  })
  .meta({ id: 'ProblemDetails' });
export type ProblemDetails = z.infer<typeof ProblemDetailsSchema>;

/** Problem details of a failed validation: the envelope `identifier` + `errors` (SPEC §3). */
export const ValidationProblemSchema = ProblemDetailsSchema.extend({
  identifier: z.string(),
  errors: z.array(ErrorDetailSchema),
}).meta({ id: 'ValidationProblem' });
export type ValidationProblem = z.infer<typeof ValidationProblemSchema>;

/** `?_envelope=1` wraps a success body as `{ data }`. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ data });
}
