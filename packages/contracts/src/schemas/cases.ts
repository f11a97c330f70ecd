import { z } from 'zod';
import { initialServiceLevel } from '../constants.ts';
import { caseSurveyTypes } from '../enums.ts';
import { DateTimeSchema, IsoDateSchema, requiredText } from '../validation/fields.ts';
import { IdParamSchema, IdSchema } from './common.ts';

/** Service level of a case; every case starts at 1. */
export const ServiceLevelSchema = z.number().int().min(1).max(100);

/** `POST /api/v1/web/cases`: `date` is today, `name` a placeholder until the client is known. */
export const CaseCreateInputSchema = z
  .object({
    date: IsoDateSchema,
    fcServiceLevel: ServiceLevelSchema.default(initialServiceLevel),
    name: requiredText({ max: 200 }),
    /**
     * A key the browser makes once per intended case: the same key again (a reload, a double click, a
     * retry after a lost answer) answers the case it created instead of opening another.
     */
    creationKey: IdSchema.optional(),
  })
  .meta({ id: 'CaseCreateBody' });
export type CaseCreateInput = z.infer<typeof CaseCreateInputSchema>;

/** A request as listed inside its case. */
export const CaseCareRequestSummarySchema = z.object({
  id: IdSchema,
  facilityServiceId: IdSchema,
  statusCode: z.string(),
});

/**
 * A case: one person's need, the thread that ties the client, the surveys and the requests together.
 * Its `code` is the reference number people quote.
 */
export const CaseSchema = z
  .object({
    id: IdSchema,
    date: IsoDateSchema,
    fcServiceLevel: ServiceLevelSchema,
    name: z.string(),
    code: z.string(),
    client: z.object({ id: IdSchema, fullName: z.string() }).nullable(),
    requests: z.array(CaseCareRequestSummarySchema),
    facilityServices: z.array(z.object({ id: IdSchema, name: z.string() })),
    /** Where the case's questionnaires stand: the wizards resume at the first step not done. */
    surveys: z.array(
      z.object({ type: z.enum(caseSurveyTypes), state: z.enum(['not-started', 'draft', 'completed']) }),
    ),
    createdDate: DateTimeSchema,
  })
  .meta({ id: 'Case' });
export type Case = z.infer<typeof CaseSchema>;

/** Renaming a case (its `name` is the carer's own label, e.g. "Care for mum after hospital"). */
export const CaseRenameSchema = z.object({ name: requiredText({ max: 200 }) }).meta({ id: 'CaseRenameBody' });
export type CaseRename = z.infer<typeof CaseRenameSchema>;

export const CaseIdParamsSchema = z.object({ caseId: IdParamSchema });
export const CaseListSchema = z.array(CaseSchema);
