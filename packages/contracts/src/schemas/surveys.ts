import { z } from 'zod';
import { basicNeeds, careAllowanceDegrees } from '../care-allowance.ts';
import { caseSurveyTypes, surveyDefinitionStatuses, surveyTypes } from '../enums.ts';
import { DateTimeSchema, isJson, JsonStringSchema, requiredOr, requiredText } from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';
import { IdParamSchema, IdSchema } from './common.ts';
import { SurveyAnswersSchema, SurveyDocumentSchema } from './survey-document.ts';

export const SurveyTypeSchema = z.enum(surveyTypes, { error: requiredOr('invalidOption') });

export const CaseSurveyTypeSchema = z.enum(caseSurveyTypes);
export const SurveyDefinitionStatusSchema = z.enum(surveyDefinitionStatuses);

/**
 * A questionnaire definition. Type + version and code are each unique; a definition that already has
 * answers cannot be deleted (catalogue codes `SurveyDefinition*`).
 */
export const SurveyDefinitionSchema = z
  .object({
    id: IdSchema,
    type: SurveyTypeSchema,
    version: z.number().int().min(1),
    code: z.string(),
    status: SurveyDefinitionStatusSchema,
    /** The provider whose form this is; null for the platform's questionnaires. */
    providerId: IdSchema.nullable(),
    definition: SurveyDocumentSchema,
  })
  .meta({ id: 'SurveyDefinition' });
export type SurveyDefinition = z.infer<typeof SurveyDefinitionSchema>;

/** Staff edit a definition as JSON text; it must parse to an object (invalid JSON is reported once, by `JsonStringSchema`). */
export const SurveyDefinitionInputSchema = z
  .object({
    type: SurveyTypeSchema,
    version: z
      .number({ error: requiredOr('number') })
      .int(validationKey('integer'))
      .min(1, validationKey('min')),
    code: requiredText({ max: 100 }).regex(/^[A-Za-z0-9_-]+$/, validationKey('format')),
    definition: JsonStringSchema.refine(
      (text) =>
        !isJson(text) ||
        (isPlainObject(JSON.parse(text)) && SurveyDocumentSchema.safeParse(JSON.parse(text)).success),
      validationKey('json'),
    ),
  })
  .meta({ id: 'SurveyDefinitionBody' });
export type SurveyDefinitionInput = z.infer<typeof SurveyDefinitionInputSchema>;

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A definition as staff list and open it: with how many answer sets are bound to it, and its dates. */
export const SurveyDefinitionSummarySchema = SurveyDefinitionSchema.extend({
  answersCount: z.number().int().min(0),
  publishedAt: DateTimeSchema.nullable(),
  updatedAt: DateTimeSchema,
}).meta({ id: 'SurveyDefinitionSummary' });
export type SurveyDefinitionSummary = z.infer<typeof SurveyDefinitionSummarySchema>;

export const SurveyDefinitionListSchema = z.array(SurveyDefinitionSummarySchema);

/** A draft's edit: its code, version and document (its type stays). */
export const SurveyDefinitionUpdateSchema = SurveyDefinitionInputSchema.omit({ type: true }).meta({
  id: 'SurveyDefinitionUpdateBody',
});
export type SurveyDefinitionUpdate = z.infer<typeof SurveyDefinitionUpdateSchema>;

/** A new version of a definition: a draft copy, the next version of its type, under a new code. */
export const SurveyDefinitionVersionSchema = SurveyDefinitionInputSchema.pick({ code: true }).meta({
  id: 'SurveyDefinitionVersionBody',
});
export type SurveyDefinitionVersion = z.infer<typeof SurveyDefinitionVersionSchema>;
export const SurveyDefinitionIdParamsSchema = z.object({ surveyDefinitionId: IdParamSchema });
export const CaseSurveyTypeParamsSchema = z.object({ type: CaseSurveyTypeSchema });
export const CaseSurveyParamsSchema = z.object({ caseId: IdParamSchema, type: CaseSurveyTypeSchema });

/** What the extended case survey's answers point to (contracts' `estimateCareAllowance`). */
export const CareAllowanceEstimateSchema = z
  .object({
    unmanagedNeeds: z.array(z.enum(basicNeeds)),
    unansweredNeeds: z.array(z.enum(basicNeeds)),
    degree: z.union(careAllowanceDegrees.map((entry) => z.literal(entry.degree))).nullable(),
    monthlyAmountCzk: z.number().int().nullable(),
  })
  .meta({ id: 'CareAllowanceEstimate' });

/**
 * A case's questionnaire of one type: the definition its answers are bound to (the latest published
 * one when nothing is answered yet), the answers so far, and whether they were sent as complete.
 */
export const CaseSurveySchema = z
  .object({
    caseId: IdSchema,
    type: CaseSurveyTypeSchema,
    definition: SurveyDefinitionSchema,
    answers: SurveyAnswersSchema,
    /** When the questionnaire was sent as complete; null while it is a draft or not started. */
    submittedAt: DateTimeSchema.nullable(),
    updatedAt: DateTimeSchema.nullable(),
    /** Extended case survey only. */
    careAllowanceEstimate: CareAllowanceEstimateSchema.nullable(),
  })
  .meta({ id: 'CaseSurvey' });
export type CaseSurvey = z.infer<typeof CaseSurveySchema>;

/**
 * `PUT /api/v1/web/cases/{caseId}/surveys/{type}`: answers saved as the user goes (`complete: false`:
 * whatever is answered must be valid) or sent as complete (every visible required question
 * answered). `surveyDefinitionId` names the version the answers were given for; a case already bound
 * to another version answers 409.
 */
export const CaseSurveySaveSchema = z
  .object({
    surveyDefinitionId: IdSchema,
    answers: SurveyAnswersSchema,
    complete: z.boolean().default(false),
  })
  .meta({ id: 'CaseSurveySaveBody' });
export type CaseSurveySave = z.infer<typeof CaseSurveySaveSchema>;
