import { z } from 'zod';
import { isOneOf } from '../one-of.ts';
import { IdParamSchema } from './common.ts';

// Files attached to a request (SPEC §2 request/{id} documents tab, the review page). What may be
// uploaded is decided here once: the API checks it against the bytes, the web before sending.

/** The types a document may have, as sniffed from its content (never the name or the browser's word). */
export const documentContentTypes = [
  'application/pdf',
  'image/jpeg',
  'image/png',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;
export type DocumentContentType = (typeof documentContentTypes)[number];

/** What people call each type, in the order they are listed to them. */
export const documentFormatNames: Record<DocumentContentType, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
};

/** Extensions the file picker offers (`accept`); the content decides, not the extension. */
export const documentFileExtensions = ['.pdf', '.jpg', '.jpeg', '.png', '.docx'] as const;

/** 10 MiB per file: a scanned medical report or a phone photo fits; the route reads no more. */
export const maxDocumentBytes = 10 * 1024 * 1024;
/** The limit as people read it ("10 MB"). */
export const maxDocumentMegabytes = maxDocumentBytes / (1024 * 1024);
/** Files per request (or per request being prepared). */
export const maxDocumentsPerRequest = 10;
/** A file name is kept to this many characters (its extension kept), after it is cleaned. */
export const documentFileNameMaxLength = 120;
/** The longest name the upload takes before cleaning; longer ones are refused (400). */
export const documentUploadNameMaxLength = 1000;

export function isDocumentContentType(value: string): value is DocumentContentType {
  return isOneOf(documentContentTypes, value);
}

/**
 * The file as uploaded: the raw bytes (`application/octet-stream`). A `Uint8Array` in code (Node's
 * `Buffer` is one), a binary string in the OpenAPI document.
 */
export const DocumentBytesSchema =
  // `unknown` + a check rather than `z.instanceof`: a custom type has no JSON Schema of its own.
  (
    z.unknown().refine((value) => value instanceof Uint8Array, {
      error: 'validation:required',
    }) as unknown as z.ZodType<Uint8Array>
  ).meta({
    type: 'string',
    format: 'binary',
    description: `The file’s bytes: ${Object.values(documentFormatNames).join(', ')}, at most ${maxDocumentMegabytes} MB.`,
  });

/** `?name=`: the file's name as the person's device had it; cleaned before it is stored. */
export const DocumentUploadQuerySchema = z.object({
  name: z
    .string()
    .min(1)
    .max(documentUploadNameMaxLength)
    .meta({ description: 'The file’s name; path parts, control characters and invalid text are removed.' }),
});
export type DocumentUploadQuery = z.infer<typeof DocumentUploadQuerySchema>;

/** A document of a request being prepared; its id is chosen by the uploader, so a retry is safe. */
export const RequestDraftDocumentParamsSchema = z.object({
  draftId: IdParamSchema,
  documentId: IdParamSchema,
});
/** A document of a sent request; its id is chosen by the uploader, so a retry is safe. */
export const CareRequestDocumentParamsSchema = z.object({
  careRequestId: IdParamSchema,
  documentId: IdParamSchema,
});
