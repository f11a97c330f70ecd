import { z } from 'zod';
import { caseSurveyTypes } from '../enums.ts';
import {
  DateTimeSchema,
  HealthDataConsentSchema,
  IsoDateSchema,
  requiredText,
} from '../validation/fields.ts';
import { IdParamSchema, IdSchema } from './common.ts';

/**
 * The header that carries a guest case's secret (anonymous wizard). The secret is made by the server
 * when the case is created and answered once; the guest's browser keeps it (localStorage). Without it,
 * or with another, a guest case answers 404 exactly as a missing one.
 */
export const guestSecretHeader = 'x-guest-secret';

/** How long a guest case nobody claimed is kept (then deleted with its answers). */
export const guestCaseRetentionDays = 30;

/**
 * `POST /api/v1/web/guest-cases`: a guest's case, opened on the first answer of the anonymous wizard's
 * extended survey. `healthDataConsent` must be given before any answer is stored. `creationKey` (made
 * once by the browser) makes a repeat answer the same case while nothing is saved in it yet.
 */
export const GuestCaseCreateSchema = z
  .object({
    date: IsoDateSchema,
    name: requiredText({ max: 200 }),
    creationKey: IdSchema,
    healthDataConsent: HealthDataConsentSchema,
  })
  .meta({ id: 'GuestCaseCreateBody' });
export type GuestCaseCreate = z.infer<typeof GuestCaseCreateSchema>;

/** A guest's case as the guest sees it (no owner yet). */
export const GuestCaseSchema = z
  .object({
    id: IdSchema,
    code: z.string(),
    date: IsoDateSchema,
    name: z.string(),
    createdDate: DateTimeSchema,
    /** When the case and its answers are deleted unless an account claims it first. */
    expiresAt: DateTimeSchema,
    consentedAt: DateTimeSchema,
    surveys: z.array(
      z.object({ type: z.enum(caseSurveyTypes), state: z.enum(['not-started', 'draft', 'completed']) }),
    ),
  })
  .meta({ id: 'GuestCase' });
export type GuestCase = z.infer<typeof GuestCaseSchema>;

/** The answer to a create: the case and its secret, which is never answered again. */
export const GuestCaseCreatedSchema = z
  .object({
    case: GuestCaseSchema,
    /** 32 random bytes, base64url: send it as `X-Guest-Secret` with every call about this case. */
    secret: z.string(),
  })
  .meta({ id: 'GuestCaseCreated' });
export type GuestCaseCreated = z.infer<typeof GuestCaseCreatedSchema>;

export const GuestCaseIdParamsSchema = z.object({ caseId: IdParamSchema });
