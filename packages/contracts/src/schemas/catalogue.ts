import { z } from 'zod';
import {
  contactTypes,
  countries,
  providerRoles,
  serviceCategoryCodes,
  serviceForms,
  serviceStatuses,
} from '../enums.ts';
import {
  DateTimeSchema,
  EmailSchema,
  nameText,
  optionalField,
  optionalText,
  requiredOr,
} from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';
import { E164PhoneSchema, PhoneSchema } from '../validation/phone.ts';
import {
  defaultPageSize,
  EntityRefSchema,
  IdParamSchema,
  IdSchema,
  maxPageSize,
  PriceSchema,
  paginatedSchema,
  SelectedIdSchema,
  ServiceTypeCodeSchema,
} from './common.ts';
import { StoredImageSchema } from './provider-images.ts';
import { CountyCodeSchema, CountyRefSchema, RegionCodeSchema, RegionRefSchema } from './regions.ts';
import { ServiceCapacitySchema } from './service-capacity.ts';

export const ServiceStatusSchema = z.enum(serviceStatuses, { error: requiredOr('invalidOption') });
export const ContactTypeSchema = z.enum(contactTypes, { error: requiredOr('invalidOption') });
export const ProviderRoleSchema = z.enum(providerRoles);

export const AddressSchema = z
  .object({
    street: z.string().nullable(),
    city: z.string(),
    zipcode: z.string(),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof AddressSchema>;

/**
 * How a service is shown to clients: `verified` (staff checked the provider's registration),
 * `sponsored` (paid placement, always marked), `alreadyRequested` (within the current case).
 */
export const ServiceFlagsSchema = z
  .object({
    alreadyRequested: z.boolean(),
    sponsored: z.boolean(),
    verified: z.boolean(),
  })
  .meta({ id: 'ServiceFlags' });
export type ServiceFlags = z.infer<typeof ServiceFlagsSchema>;

export const ServiceFormSchema = z.enum(serviceForms);
export const ServiceCategoryCodeSchema = z.enum(serviceCategoryCodes);

/** A service type as lists name it: the UI translates `code` (`catalogue:serviceTypes.<code>`). */
export const ServiceTypeRefSchema = z
  .object({ id: IdSchema, code: ServiceTypeCodeSchema, form: ServiceFormSchema })
  .meta({ id: 'ServiceTypeRef' });
export type ServiceTypeRef = z.infer<typeof ServiceTypeRefSchema>;

/** A service category as lists name it: the UI translates `code` (`catalogue:categories.<code>`). */
export const ServiceCategoryRefSchema = z
  .object({ id: IdSchema, code: ServiceCategoryCodeSchema })
  .meta({ id: 'ServiceCategoryRef' });
export type ServiceCategoryRef = z.infer<typeof ServiceCategoryRefSchema>;

/**
 * A name in each interface language, as stored on a service type or category (decision 0131): what the
 * web adds to i18next, so a type a platform administrator added is named like the seeded ones.
 */
export const LocalizedNamesSchema = z
  .object({ cs: z.string(), en: z.string(), sk: z.string() })
  .meta({ id: 'LocalizedNames' });
export type LocalizedNames = z.infer<typeof LocalizedNamesSchema>;

/**
 * `GET /api/v1/web/service-types`: the taxonomy the catalogue filters and the provider's service form
 * offer, with names. A retired type is listed only while a service still has it (`retired: true`): new
 * services cannot pick it (decision 0131).
 */
export const ServiceTaxonomySchema = z
  .object({
    categories: z.array(ServiceCategoryRefSchema.extend({ names: LocalizedNamesSchema })),
    serviceTypes: z.array(
      ServiceTypeRefSchema.extend({
        serviceCategoryId: IdSchema,
        names: LocalizedNamesSchema,
        retired: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'ServiceTaxonomy' });
export type ServiceTaxonomy = z.infer<typeof ServiceTaxonomySchema>;

/**
 * How current the provider says its listing is (issue 23 §6, decision 0108): carers see "updated on" and,
 * a month after a reconfirmation fell due, "possibly out of date".
 */
const ListingFreshnessFields = {
  /** When the provider last confirmed (or saved) its listing. */
  listingConfirmedAt: DateTimeSchema,
  /** Unconfirmed for longer than `listingOutdatedMonths`. */
  listingPossiblyOutdated: z.boolean(),
};

/** A service as clients browse it: offered by a facility, with its type, category and flags. */
export const FacilityServiceSchema = z
  .object({
    id: IdSchema,
    name: z.string(),
    /**
     * Indicative price, VAT included, in the provider's currency (CZK or EUR); null when the provider
     * prices individually.
     */
    price: PriceSchema.nullable(),
    /** Where the service is provided when it is not the facility's address ("in the client's home"). */
    place: z.string().nullable(),
    facility: z.object({
      id: IdSchema,
      name: z.string(),
      address: AddressSchema.nullable(),
      county: CountyRefSchema.nullable(),
    }),
    provider: z.object({
      id: IdSchema,
      name: z.string(),
      verified: z.boolean(),
      ...ListingFreshnessFields,
      /** The provider's logo (show it through the image proxy), or null. */
      logo: StoredImageSchema.nullable(),
    }),
    serviceType: ServiceTypeRefSchema,
    /**
     * The form this service is provided in. A type may exist in several (respite care: residential,
     * day or field); `serviceType.form` is only the type's usual one.
     */
    form: ServiceFormSchema,
    serviceCategory: ServiceCategoryRefSchema,
    flags: ServiceFlagsSchema,
    /** Live capacity; `unknown` when not confirmed in the last 30 days. */
    capacity: ServiceCapacitySchema,
  })
  .meta({ id: 'FacilityService' });
export type FacilityService = z.infer<typeof FacilityServiceSchema>;

/**
 * Orders of the public list. `recommended`: verified services first, then by name — sponsorship
 * never changes the order, it is only marked (DOMAIN "pay-to-play rankings").
 */
export const serviceListSorts = ['recommended', 'name', 'price', '-price'] as const;
export type ServiceListSort = (typeof serviceListSorts)[number];

/**
 * `GET /api/v1/web/services`: exactly one of `regionCode` (NUTS 3) or `countyCode` (LAU 1) chooses the
 * area; the other filters narrow it. SPEC's `regionId`/`countyId` are these codes. No component id:
 * OpenAPI query parameters are listed one by one and cannot be a `$ref`.
 */
export const ServiceListQuerySchema = z
  .object({
    regionCode: RegionCodeSchema.optional(),
    countyCode: CountyCodeSchema.optional(),
    serviceTypeId: IdParamSchema.optional(),
    categoryId: IdParamSchema.optional(),
    form: ServiceFormSchema.optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
    sort: z.enum(serviceListSorts).default('recommended'),
  })
  .superRefine((query, ctx) => {
    if ((query.regionCode === undefined) === (query.countyCode === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: validationKey('required'),
        path: [query.regionCode === undefined ? 'regionCode' : 'countyCode'],
      });
    }
  });
export type ServiceListQuery = z.input<typeof ServiceListQuerySchema>;

/**
 * A page of the public list. `area` is what was asked for; `scope` is what the items cover: with a
 * county whose filtered list is empty, the API answers its region's services instead and sets
 * `fallback` (SPEC §4). `regionServiceCount` counts the region's active services without filters, so
 * the page can tell "nothing matches your filters" from "no services in this region yet".
 */
export const ServiceListSchema = paginatedSchema(FacilityServiceSchema)
  .extend({
    area: z.object({ region: RegionRefSchema, county: CountyRefSchema.nullable() }),
    scope: z.enum(['county', 'region']),
    fallback: z.boolean(),
    regionServiceCount: z.number().int().min(0),
  })
  .meta({ id: 'ServiceList' });
export type ServiceList = z.infer<typeof ServiceListSchema>;

/** A provider's contact person shown to the public (contacts of type `public` only). */
export const PublicContactSchema = z
  .object({
    fullName: z.string(),
    email: z.string().nullable(),
    phone: E164PhoneSchema.nullable(),
  })
  .meta({ id: 'PublicContact' });
export type PublicContact = z.infer<typeof PublicContactSchema>;

/** `GET /api/v1/web/services/{serviceId}`: the detail's tabs info, location and provider. */
export const ServiceDetailSchema = FacilityServiceSchema.extend({
  description: z.string().nullable(),
  /** The service's number in the public register (shown with the provider's check). */
  registerNumber: z.string().nullable(),
  url: z.string().nullable(),
  /** Counties the service is available in. */
  counties: z.array(CountyRefSchema),
  /** Region of the facility's county (for the way back to the list). */
  region: RegionRefSchema.nullable(),
  facility: z.object({
    id: IdSchema,
    name: z.string(),
    address: AddressSchema.nullable(),
    county: CountyRefSchema.nullable(),
    type: z.string().nullable(),
    web: z.string().nullable(),
    description: z.string().nullable(),
    /** Whom to call about this place: the facility's public contacts, else the provider's. */
    contacts: z.array(PublicContactSchema),
  }),
  provider: z.object({
    id: IdSchema,
    name: z.string(),
    verified: z.boolean(),
    /** When staff last checked the provider's registration (null: not verified now). */
    verifiedAt: DateTimeSchema.nullable(),
    /** The yearly check ran out without a new one (issue 25 §1): shown as such, requests refused. */
    verificationLapsedAt: DateTimeSchema.nullable(),
    country: z.enum(countries),
    address: AddressSchema.nullable(),
    identificationCode: z.string().nullable(),
    contactPhone: E164PhoneSchema.nullable(),
    contactEmail: z.string().nullable(),
    url: z.string().nullable(),
    description: z.string().nullable(),
    logoUrl: z.string().nullable(),
    logo: StoredImageSchema.nullable(),
    contacts: z.array(PublicContactSchema),
    ...ListingFreshnessFields,
  }),
}).meta({ id: 'ServiceDetail' });
export type ServiceDetail = z.infer<typeof ServiceDetailSchema>;

export const ServiceIdParamsSchema = z.object({ serviceId: IdParamSchema });

/** A provider's contact person; `public` contacts are shown to clients, `private` ones only to staff. */
export const ContactSchema = z
  .object({
    id: IdSchema,
    firstName: z.string(),
    lastName: z.string(),
    fullName: z.string(),
    email: z.string().nullable(),
    phone: E164PhoneSchema.nullable(),
    alternatePhone: E164PhoneSchema.nullable(),
    note: z.string().nullable(),
    type: ContactTypeSchema,
  })
  .meta({ id: 'Contact' });
export type Contact = z.infer<typeof ContactSchema>;

export const ContactInputSchema = z
  .object({
    firstName: nameText(100),
    lastName: nameText(100),
    email: optionalField(EmailSchema),
    phone: optionalField(PhoneSchema),
    alternatePhone: optionalField(PhoneSchema),
    note: optionalText({ max: 2000, multiline: true }),
    type: ContactTypeSchema,
  })
  .meta({ id: 'ContactBody' });
export type ContactInput = z.infer<typeof ContactInputSchema>;

/**
 * A member of a provider's staff. `registeredAndAssigned` is false while an invitation waits
 * for the person to register; `inviteEmail` is where it was sent.
 */
export const ProviderUserSchema = z
  .object({
    id: IdSchema,
    email: z.string(),
    groups: z.array(ProviderRoleSchema),
    registeredAndAssigned: z.boolean(),
    inviteEmail: z.string().nullable(),
    facilities: z.array(EntityRefSchema),
  })
  .meta({ id: 'ProviderUser' });
export type ProviderUser = z.infer<typeof ProviderUserSchema>;

/** Invite a colleague to the provider, optionally straight to some facilities. */
export const ProviderUserInviteSchema = z
  .object({
    email: EmailSchema,
    groups: z.array(ProviderRoleSchema).min(1, validationKey('choiceMin')),
    facilityIds: z.array(SelectedIdSchema).default([]),
  })
  .meta({ id: 'ProviderUserInvite' });
export type ProviderUserInvite = z.infer<typeof ProviderUserInviteSchema>;

/** Why a service is in a client's pool (shown beside it: the order is explained, never bought). */
export const serviceOfferReasons = ['matches-need', 'in-county', 'in-region', 'verified'] as const;
export type ServiceOfferReason = (typeof serviceOfferReasons)[number];

/**
 * `GET /api/v1/web/clients/{clientId}/service-offer`: the services pool of a client. `area` chooses
 * the county where care is provided (falling back to its region when the county has none, SPEC §4)
 * or the region of permanent residence; `caseId` (default: the client's latest case) supplies the
 * case survey's answers the recommendation follows.
 */
export const ServiceOfferQuerySchema = z.object({
  caseId: IdParamSchema.optional(),
  area: z.enum(['county', 'region']).default('county'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
});
export type ServiceOfferQuery = z.input<typeof ServiceOfferQuerySchema>;

export const ServiceOfferItemSchema = FacilityServiceSchema.extend({
  reasons: z.array(z.enum(serviceOfferReasons)),
}).meta({ id: 'ServiceOfferItem' });
export type ServiceOfferItem = z.infer<typeof ServiceOfferItemSchema>;

/**
 * A page of the pool: services whose type the case survey asks for first, each part in the
 * catalogue's `recommended` order (accepting, unknown, full; then verified, then by name);
 * `recommendedTypes` are those types (empty before the case survey is answered).
 */
export const ServiceOfferSchema = paginatedSchema(ServiceOfferItemSchema)
  .extend({
    area: z.object({ region: RegionRefSchema, county: CountyRefSchema.nullable() }),
    scope: z.enum(['county', 'region']),
    fallback: z.boolean(),
    recommendedTypes: z.array(ServiceTypeCodeSchema),
    caseId: IdSchema.nullable(),
  })
  .meta({ id: 'ServiceOffer' });
export type ServiceOffer = z.infer<typeof ServiceOfferSchema>;
