import { z } from 'zod';
import { surveyTypes } from '../enums.ts';
import { isJson, JsonStringSchema, requiredOr, requiredText } from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';
import { IdSchema } from './common.ts';

export const SurveyTypeSchema = z.enum(surveyTypes, { error: requiredOr('invalidOption') });

/** A questionnaire's JSON definition (a form-builder document); its shape is the form builder's. */
export const SurveyJsonSchema = z.record(z.string(), z.unknown());

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
    definition: SurveyJsonSchema,
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
      (text) => !isJson(text) || isPlainObject(JSON.parse(text)),
      validationKey('json'),
    ),
  })
  .meta({ id: 'SurveyDefinitionBody' });
export type SurveyDefinitionInput = z.infer<typeof SurveyDefinitionInputSchema>;

function isPlainObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
