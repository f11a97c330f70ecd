import { z } from 'zod';
import { locales } from '../enums.ts';
import { DateTimeSchema, optionalText, requiredOr, requiredText } from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';
import { ServiceCategoryCodeSchema, ServiceFormSchema } from './catalogue.ts';
import {
  IdParamSchema,
  IdSchema,
  SelectedIdSchema,
  ServiceTypeCodeSchema,
  serviceTypeCodePattern,
} from './common.ts';
import { recordChangedProblemSchema } from './provider-profile.ts';

// Service types and categories in the staff console (issue 25 §4, decision 0131).

/** A name as staff type it, in every interface language: one line, 1–120 characters. */
export const ServiceTypeNamesInputSchema = z
  .object(
    Object.fromEntries(locales.map((locale) => [locale, requiredText({ max: 120 })])) as Record<
      (typeof locales)[number],
      ReturnType<typeof requiredText>
    >,
  )
  .meta({ id: 'ServiceTypeNamesBody' });
export type ServiceTypeNamesInput = z.infer<typeof ServiceTypeNamesInputSchema>;

const StoredNamesSchema = z.object({ cs: z.string(), en: z.string(), sk: z.string() });

/** A service type as staff list it: its names, how many services have it, and its revision. */
export const AdminServiceTypeSchema = z
  .object({
    id: IdSchema,
    code: ServiceTypeCodeSchema,
    serviceCategoryId: IdSchema,
    form: ServiceFormSchema,
    legalReference: z.string().nullable(),
    sortOrder: z.number().int(),
    names: StoredNamesSchema,
    /** When it stopped being offered for new services; null while offered. */
    retiredAt: DateTimeSchema.nullable(),
    /** Services (of any status) that have it: a type in use is never deleted. */
    servicesCount: z.number().int().min(0),
    revision: z.number().int().min(0),
  })
  .meta({ id: 'AdminServiceType' });
export type AdminServiceType = z.infer<typeof AdminServiceTypeSchema>;

export const AdminServiceCategorySchema = z
  .object({
    id: IdSchema,
    code: ServiceCategoryCodeSchema,
    sortOrder: z.number().int(),
    names: StoredNamesSchema,
    servicesCount: z.number().int().min(0),
  })
  .meta({ id: 'AdminServiceCategory' });
export type AdminServiceCategory = z.infer<typeof AdminServiceCategorySchema>;

/** 409 `RecordChangedByAnother` of a category's rename: `current` is the category as it is now. */
export const ServiceCategoryChangedProblemSchema = recordChangedProblemSchema(
  AdminServiceCategorySchema,
  'ServiceCategoryChangedProblem',
);

/** `GET /api/v1/admin/service-types`: every category and type, retired ones too, in reference order. */
export const AdminServiceTaxonomySchema = z
  .object({
    categories: z.array(AdminServiceCategorySchema),
    serviceTypes: z.array(AdminServiceTypeSchema),
  })
  .meta({ id: 'AdminServiceTaxonomy' });
export type AdminServiceTaxonomy = z.infer<typeof AdminServiceTaxonomySchema>;

const SortOrderSchema = z
  .number({ error: requiredOr('number') })
  .int(validationKey('integer'))
  .min(0, validationKey('min'))
  .max(100_000, validationKey('max'));

/** A new service type: its code (never changed later), category, usual form, legal reference and names. */
export const ServiceTypeCreateSchema = z
  .object({
    // The OpenAPI document's pattern is the code's own, not the plain text one `requiredText` declares.
    code: requiredText({ max: 60 })
      .regex(serviceTypeCodePattern, validationKey('format'))
      .meta({ pattern: serviceTypeCodePattern.source }),
    serviceCategoryId: SelectedIdSchema,
    form: ServiceFormSchema,
    legalReference: optionalText({ max: 200 }),
    sortOrder: SortOrderSchema.optional(),
    names: ServiceTypeNamesInputSchema,
  })
  .meta({ id: 'ServiceTypeCreateBody' });
export type ServiceTypeCreate = z.infer<typeof ServiceTypeCreateSchema>;

/** An edit, saved on the revision the administrator read (409 `RecordChangedByAnother` otherwise). */
export const ServiceTypeUpdateSchema = z
  .object({
    revision: z.number().int().min(0),
    legalReference: optionalText({ max: 200 }),
    sortOrder: SortOrderSchema,
    names: ServiceTypeNamesInputSchema,
  })
  .meta({ id: 'ServiceTypeUpdateBody' });
export type ServiceTypeUpdate = z.infer<typeof ServiceTypeUpdateSchema>;

/** Retire or bring back, on the revision the administrator read. */
export const ServiceTypeRevisionSchema = z
  .object({ revision: z.number().int().min(0) })
  .meta({ id: 'ServiceTypeRevisionBody' });
export type ServiceTypeRevision = z.infer<typeof ServiceTypeRevisionSchema>;

export const ServiceTypeIdParamsSchema = z.object({ serviceTypeId: IdParamSchema });

/**
 * A category's names as the administrator read them: `service_categories` has no revision, so the save
 * is refused (409 `RecordChangedByAnother`) when the stored names are no longer these (decision 0131).
 * Compared exactly as sent (not trimmed) and never stored: any strings of at most 1,000 characters.
 */
const PreviousNamesSchema = z
  .object({
    cs: z.string().max(1000, validationKey('maxLength')),
    en: z.string().max(1000, validationKey('maxLength')),
    sk: z.string().max(1000, validationKey('maxLength')),
  })
  .meta({ id: 'ServiceCategoryPreviousNames' });

/** A category's new names (its code and order stay), saved on the names the administrator read. */
export const ServiceCategoryUpdateSchema = z
  .object({
    names: ServiceTypeNamesInputSchema,
    previousNames: PreviousNamesSchema,
  })
  .meta({ id: 'ServiceCategoryUpdateBody' });
export type ServiceCategoryUpdate = z.infer<typeof ServiceCategoryUpdateSchema>;

export const ServiceCategoryIdParamsSchema = z.object({ serviceCategoryId: IdParamSchema });
