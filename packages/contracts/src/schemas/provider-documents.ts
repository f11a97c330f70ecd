import { z } from 'zod';
import { DateTimeSchema } from '../validation/fields.ts';
import { IdParamSchema, IdSchema } from './common.ts';
import { type DocumentContentType, DocumentUploadQuerySchema, documentFormatNames } from './documents.ts';

// Documents a provider uploads for its verification (issue 25 §1, decision 0130): the registration of
// a social service (rozhodnutí o registraci) or the licence to provide health care (oprávnění
// k poskytování zdravotních služeb). Staff see them on the check; the bytes live in the documents store.

/** What the document is. */
export const providerDocumentKinds = ['social-services-registration', 'health-care-licence'] as const;
export type ProviderDocumentKind = (typeof providerDocumentKinds)[number];

/** The types a verification document may have (a scan or the authority's PDF; no Word files). */
export const providerDocumentContentTypes = [
  'application/pdf',
  'image/jpeg',
  'image/png',
] as const satisfies readonly DocumentContentType[];
export type ProviderDocumentContentType = (typeof providerDocumentContentTypes)[number];
/** Extensions the file picker offers (`accept`); the content decides. */
export const providerDocumentFileExtensions = ['.pdf', '.jpg', '.jpeg', '.png'] as const;
/** The formats as people read them ("PDF, JPEG, PNG"). */
export const providerDocumentFormats = providerDocumentContentTypes
  .map((type) => documentFormatNames[type])
  .join(', ');
/** Documents a provider keeps at once (removed ones a decision relied on do not count). */
export const maxProviderDocuments = 20;

export const ProviderDocumentParamsSchema = z.object({
  providerId: IdParamSchema,
  documentId: IdParamSchema,
});

/** `?name=&kind=&facilityServiceId=`: the file's name, what it is, and the service it registers. */
export const ProviderDocumentUploadQuerySchema = DocumentUploadQuerySchema.extend({
  kind: z.enum(providerDocumentKinds),
  /** The provider's service the document registers or licenses; none for the whole organisation. */
  facilityServiceId: IdParamSchema.optional(),
});
export type ProviderDocumentUploadQuery = z.infer<typeof ProviderDocumentUploadQuerySchema>;

const ProviderDocumentServiceSchema = z.object({ id: IdSchema, name: z.string() });

/** A verification document as its provider and staff see it. */
export const ProviderDocumentSchema = z
  .object({
    id: IdSchema,
    kind: z.enum(providerDocumentKinds),
    fileName: z.string(),
    contentType: z.enum(providerDocumentContentTypes),
    size: z.number().int().min(0),
    uploadedAt: DateTimeSchema,
    /** The service it is for; null for the whole organisation (or a service deleted since). */
    service: ProviderDocumentServiceSchema.nullable(),
    /** The provider removed it after a decision relied on it: kept for staff, gone from the provider's list. */
    removed: z.boolean(),
  })
  .meta({ id: 'ProviderDocument' });
export type ProviderDocument = z.infer<typeof ProviderDocumentSchema>;

/** The provider's verification documents, newest first, and whether the caller may change them. */
export const ProviderDocumentListSchema = z
  .object({
    items: z.array(ProviderDocumentSchema),
    /** Administrators upload and remove; other members read. */
    canEdit: z.boolean(),
    /** The services a document can be linked to (not archived). */
    services: z.array(ProviderDocumentServiceSchema),
    /** The provider waits for staff's check (the hint says documents speed it up). */
    verificationPending: z.boolean(),
  })
  .meta({ id: 'ProviderDocumentList' });
export type ProviderDocumentList = z.infer<typeof ProviderDocumentListSchema>;

/** A document on a check: staff download it through the check. */
export const VerificationDocumentParamsSchema = z.object({
  verificationId: IdParamSchema,
  documentId: IdParamSchema,
});
