import { z } from 'zod';
import { errorCodes } from './error-codes.ts';

export { type ErrorCode, errorCodes, errorMessageKey, errorStatus, isErrorCode } from './error-codes.ts';

export const ErrorCodeSchema = z.enum(errorCodes);

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
