import { z } from 'zod';
import { serviceStatuses } from '../enums.ts';
import {
  DateTimeSchema,
  optionalField,
  optionalText,
  requiredText,
  UrlSchema,
} from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';
import {
  ServiceCategoryRefSchema,
  ServiceFormSchema,
  ServiceStatusSchema,
  ServiceTypeRefSchema,
} from './catalogue.ts';
import { EntityRefSchema, IdParamSchema, IdSchema, OptionalPriceInputSchema, PriceSchema } from './common.ts';
import { RegisterNumberSchema } from './provider-verification.ts';
import { CountyRefSchema, SelectedCountyCodeSchema } from './regions.ts';
import { LocalizedTextSchema } from './survey-document.ts';
import { SurveyDefinitionSchema } from './surveys.ts';

/**
 * A provider's services (issue 23 §3, decision 0101): created and edited by the provider's
 * administrators and coordinators, read by every member, moved draft → active → archive along
 * `serviceStatusTransitions`, saved with the `revision` they were read at.
 */

/**
 * The status changes a provider may make (decision 0101): activate a draft, deactivate an active
 * service back to a draft, archive either, restore an archived one to a draft. The database refuses
 * any other (trigger `facility_services_status_transition`).
 */
export const serviceStatusTransitions = {
  draft: ['active', 'archive'],
  active: ['draft', 'archive'],
  archive: ['draft'],
} as const satisfies Record<(typeof serviceStatuses)[number], readonly (typeof serviceStatuses)[number][]>;

export function isServiceStatusTransition(
  from: (typeof serviceStatuses)[number],
  to: (typeof serviceStatuses)[number],
): boolean {
  return (serviceStatusTransitions[from] as readonly string[]).includes(to);
}

/** What a service needs before it may be activated; the detail lists what is still missing. */
export const serviceActivationRequirements = ['counties', 'price', 'description'] as const;
export type ServiceActivationRequirement = (typeof serviceActivationRequirements)[number];

export const ProviderServiceParamsSchema = z.object({ providerId: IdParamSchema, serviceId: IdParamSchema });
export const ProviderSurveyDefinitionParamsSchema = z.object({
  providerId: IdParamSchema,
  surveyDefinitionId: IdParamSchema,
});

/** `?status=active&facilityId=…`: the provider's services, optionally of one status or facility. */
export const ProviderServiceListQuerySchema = z.object({
  status: z.enum(serviceStatuses).optional(),
  facilityId: IdParamSchema.optional(),
});
export type ProviderServiceListQuery = z.input<typeof ProviderServiceListQuerySchema>;

/** A service as its provider manages it. */
export const ProviderServiceSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    facility: EntityRefSchema,
    serviceType: ServiceTypeRefSchema,
    serviceCategory: ServiceCategoryRefSchema,
    form: ServiceFormSchema,
    /** Counties the service is available in. */
    counties: z.array(CountyRefSchema),
    status: ServiceStatusSchema,
    url: z.string().nullable(),
    price: PriceSchema.nullable(),
    /** Priced per client: stands in for a price when activating. */
    individualPrice: z.boolean(),
    description: z.string().nullable(),
    /** Where the service is provided, in words (e.g. "in the client's home"). */
    place: z.string().nullable(),
    /** Its number in the public register of social services (staff check it; carers see it once verified). */
    registerNumber: z.string().nullable(),
    /** Raised by every save and status change; a save names the revision it was made on. */
    revision: z.number().int().min(1),
    /** What activation still needs (empty: complete). */
    missingForActivation: z.array(z.enum(serviceActivationRequirements)),
    /** The statuses the service may move to from its own. */
    allowedStatuses: z.array(ServiceStatusSchema),
    surveysCount: z.number().int().min(0),
    updatedAt: DateTimeSchema,
  })
  .meta({ id: 'ProviderService' });
export type ProviderService = z.infer<typeof ProviderServiceSchema>;

export const ProviderServiceListItemSchema = ProviderServiceSchema.pick({
  id: true,
  name: true,
  facility: true,
  serviceType: true,
  form: true,
  status: true,
  revision: true,
  updatedAt: true,
}).meta({ id: 'ProviderServiceListItem' });
export type ProviderServiceListItem = z.infer<typeof ProviderServiceListItemSchema>;

export const ProviderServiceListSchema = z
  .object({ items: z.array(ProviderServiceListItemSchema) })
  .meta({ id: 'ProviderServiceList' });
export type ProviderServiceList = z.infer<typeof ProviderServiceListSchema>;

/**
 * The service form. `form` defaults to the type's usual one; a price or `individualPrice` (never
 * both); counties: at least one.
 */
export const ProviderServiceInputSchema = z
  .object({
    name: requiredText({ max: 200 }),
    facilityId: z.uuid({ error: validationKey('invalidOption') }),
    serviceTypeId: z.uuid({ error: validationKey('invalidOption') }),
    form: ServiceFormSchema.optional(),
    countyCodes: z
      .array(SelectedCountyCodeSchema)
      .min(1, validationKey('choiceMin'))
      .max(200, validationKey('max')),
    url: optionalField(UrlSchema),
    /** Amount as typed, currency and VAT rate, or none of them (priced individually). */
    price: OptionalPriceInputSchema,
    individualPrice: z.boolean().default(false),
    description: optionalText({ max: 5000, multiline: true }),
    place: optionalText({ max: 500 }),
    /** The Czech *identifikátor sociální služby* or the Slovak register's entry; none for health care. */
    registerNumber: optionalField(RegisterNumberSchema),
  })
  .refine((input) => !(input.individualPrice && input.price), {
    message: validationKey('invalid'),
    path: ['individualPrice'],
  })
  .meta({ id: 'ProviderServiceBody' });
export type ProviderServiceInput = z.input<typeof ProviderServiceInputSchema>;
export type ProviderServiceValues = z.output<typeof ProviderServiceInputSchema>;

/** An edit: the form and the revision the editor started from. */
export const ProviderServiceUpdateSchema = z
  .object({
    service: ProviderServiceInputSchema,
    revision: z
      .number({ error: validationKey('number') })
      .int()
      .min(1)
      .max(2_147_483_647),
  })
  .meta({ id: 'ProviderServiceUpdateBody' });
export type ProviderServiceUpdate = z.input<typeof ProviderServiceUpdateSchema>;

/** Activate, deactivate, archive or restore: the status wanted and the revision it was asked on. */
export const ProviderServiceStatusChangeSchema = z
  .object({
    status: ServiceStatusSchema,
    revision: z
      .number({ error: validationKey('number') })
      .int()
      .min(1)
      .max(2_147_483_647),
  })
  .meta({ id: 'ProviderServiceStatusChangeBody' });
export type ProviderServiceStatusChange = z.infer<typeof ProviderServiceStatusChangeSchema>;

/** The questionnaires of a service and those the provider may attach (published platform `service` ones and its own). */
export const ProviderServiceSurveysSchema = z
  .object({
    attached: z.array(SurveyDefinitionSchema),
    available: z.array(
      SurveyDefinitionSchema.extend({
        /** Somebody answered it: it cannot be deleted, only replaced by a new version. */
        answered: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'ProviderServiceSurveys' });
export type ProviderServiceSurveys = z.infer<typeof ProviderServiceSurveysSchema>;

export const ProviderServiceSurveysSaveSchema = z
  .object({ surveyDefinitionIds: z.array(z.uuid({ error: validationKey('invalidOption') })).max(20) })
  .meta({ id: 'ProviderServiceSurveysBody' });
export type ProviderServiceSurveysSave = z.infer<typeof ProviderServiceSurveysSaveSchema>;

/** One question of a provider's own questionnaire, as the simple editor writes it. */
export const ProviderSurveyQuestionInputSchema = z.object({
  type: z.enum(['text', 'single']),
  label: LocalizedTextSchema,
  required: z.boolean().default(false),
  /** Choices of a `single` question: at least two. */
  choices: z.array(LocalizedTextSchema).max(20).default([]),
});
export type ProviderSurveyQuestionInput = z.input<typeof ProviderSurveyQuestionInputSchema>;

/**
 * A provider's own questionnaire: a version of a code's family (a new version replaces an answered
 * one), a title and a list of text or single-choice questions; published at once.
 */
export const ProviderSurveyDefinitionInputSchema = z
  .object({
    version: z
      .number({ error: validationKey('number') })
      .int()
      .min(1, validationKey('min'))
      .max(10_000),
    code: requiredText({ max: 100 }).regex(/^[A-Za-z0-9_-]+$/, validationKey('format')),
    title: LocalizedTextSchema,
    questions: z.array(ProviderSurveyQuestionInputSchema).min(1, validationKey('choiceMin')).max(50),
  })
  .superRefine((input, ctx) => {
    input.questions.forEach((question, index) => {
      if (question.type === 'single' && question.choices.length < 2) {
        ctx.addIssue({
          code: 'custom',
          message: validationKey('choiceMin'),
          path: ['questions', index, 'choices'],
          input: question.choices,
        });
      }
    });
  })
  .meta({ id: 'ProviderSurveyDefinitionBody' });
export type ProviderSurveyDefinitionInput = z.input<typeof ProviderSurveyDefinitionInputSchema>;
