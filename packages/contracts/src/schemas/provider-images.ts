import { z } from 'zod';
import { isOneOf } from '../one-of.ts';
import { optionalText } from '../validation/fields.ts';
import { validationKey } from '../validation/keys.ts';
import { IdParamSchema, IdSchema } from './common.ts';

// Logos and facility photos (SPEC §7 image proxy, decision records 0105 and 0106). What may be
// uploaded is decided here once: the API checks it against the bytes, the web before sending.

/** The types an uploaded image may have, as sniffed from its content. SVG is refused (decision 0105). */
export const imageUploadContentTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const;
export type ImageUploadContentType = (typeof imageUploadContentTypes)[number];
export function isImageUploadContentType(value: string): value is ImageUploadContentType {
  return isOneOf(imageUploadContentTypes, value);
}
/** What people call them, in the order they are listed. */
export const imageFormatNames = ['JPEG', 'PNG', 'WebP', 'AVIF'] as const;
/** What the file picker offers (`accept`); the content decides. */
export const imageFileAccept = 'image/jpeg,image/png,image/webp,image/avif';

/** 10 MiB per image, as documents: a phone photo fits; the route reads no more. */
export const maxImageBytes = 10 * 1024 * 1024;
export const maxImageMegabytes = maxImageBytes / (1024 * 1024);
/** Largest side an uploaded image may have, read from its header before it is decoded. */
export const maxImageSide = 8000;
/** Most pixels an uploaded image may have (a 40-megapixel camera); checked before decoding. */
export const maxImagePixels = 40_000_000;
/** Smallest sides: a logo must stay sharp on a card, a photo at the width of a phone. */
export const minImageSide = { logo: 64, photo: 320 } as const;
/** Sides a stored image is reduced to (never enlarged): a photo stays above the proxy's largest size (1920). */
export const storedImageMaxSide = { logo: 1024, photo: 2048 } as const;
/** Photos per facility. */
export const maxPhotosPerFacility = 12;
export const imageAltMaxLength = 300;

/** Widths the image proxy makes (and heights, when given): a closed set so it cannot be made to burn CPU. */
export const imageProxySizes = [
  32, 48, 64, 96, 128, 160, 192, 240, 256, 320, 384, 400, 480, 512, 640, 768, 800, 960, 1024, 1280, 1600,
  1920,
] as const;
export const imageProxyFormats = ['auto', 'webp', 'avif', 'jpeg', 'png'] as const;
export type ImageProxyFormat = (typeof imageProxyFormats)[number];
/** The path stored images are served under; the proxy serves nothing else. */
export const storedImagePathPrefix = '/api/v1/images/stored/';

/** A stored image as its owner sees it. */
export const StoredImageSchema = z
  .object({
    /** Path of the stored (normalised) image; give it to the image proxy. */
    path: z.string(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'StoredImage' });
export type StoredImage = z.infer<typeof StoredImageSchema>;

const altText = () => optionalText({ max: imageAltMaxLength }).meta({ maxLength: imageAltMaxLength });

export const ImageAltSchema = z
  .object({ cs: z.string().nullable(), sk: z.string().nullable(), en: z.string().nullable() })
  .meta({ id: 'ImageAlt' });
export type ImageAlt = z.infer<typeof ImageAltSchema>;

export const FacilityPhotoSchema = z
  .object({
    id: IdSchema,
    facilityId: IdSchema,
    image: StoredImageSchema,
    position: z.number().int(),
    alt: ImageAltSchema,
  })
  .meta({ id: 'FacilityPhoto' });
export type FacilityPhoto = z.infer<typeof FacilityPhotoSchema>;

/** The logo and each facility's photos, for the provider's "Logo and photos" screen. */
export const ProviderImagesSchema = z
  .object({
    logo: StoredImageSchema.nullable(),
    facilities: z.array(z.object({ id: IdSchema, name: z.string(), photos: z.array(FacilityPhotoSchema) })),
  })
  .meta({ id: 'ProviderImages' });
export type ProviderImages = z.infer<typeof ProviderImagesSchema>;

export const ProviderLogoSchema = z.object({ logo: StoredImageSchema }).meta({ id: 'ProviderLogo' });

export const FacilityPhotosParamsSchema = z.object({
  providerId: IdParamSchema,
  facilityId: IdParamSchema,
});
/** A photo of a facility; its id is chosen by the uploader, so a retry is safe. */
export const FacilityPhotoParamsSchema = z.object({
  providerId: IdParamSchema,
  facilityId: IdParamSchema,
  photoId: IdParamSchema,
});

/** Alt text per language; a blank one is none. */
export const FacilityPhotoAltSchema = z
  .object({ alt: z.object({ cs: altText(), sk: altText(), en: altText() }) })
  .meta({ id: 'FacilityPhotoAltBody' });
export type FacilityPhotoAltInput = z.input<typeof FacilityPhotoAltSchema>;

/** The facility's photos in their new order: every photo once. */
export const FacilityPhotoOrderSchema = z
  .object({ photoIds: z.array(IdSchema).min(1).max(maxPhotosPerFacility) })
  .meta({ id: 'FacilityPhotoOrderBody' });

export const FacilityPhotoListSchema = z.array(FacilityPhotoSchema).meta({ id: 'FacilityPhotoList' });

/** `?url=&width=&height=&format=` of the image proxy (SPEC §7). */
export const ImageProxyQuerySchema = z.object({
  url: z
    .string()
    .min(1)
    .max(2048)
    .meta({
      description: `A stored image: its path (\`${storedImagePathPrefix}{key}\`) or that path on this API's address. Nothing else is fetched.`,
    }),
  width: z.coerce
    .number()
    .int()
    .refine((value) => (imageProxySizes as readonly number[]).includes(value), {
      error: validationKey('invalid'),
    })
    .optional()
    .meta({ type: 'integer', enum: [...imageProxySizes] }),
  height: z.coerce
    .number()
    .int()
    .refine((value) => (imageProxySizes as readonly number[]).includes(value), {
      error: validationKey('invalid'),
    })
    .optional()
    .meta({ type: 'integer', enum: [...imageProxySizes] }),
  format: z.enum(imageProxyFormats).default('auto'),
});
export type ImageProxyQuery = z.infer<typeof ImageProxyQuerySchema>;

/** `{key}` of a stored image: hex SHA-256 of its bytes. */
export const StoredImageParamsSchema = z.object({
  key: z.string().regex(/^[0-9a-f]{64}$/, { error: validationKey('invalid') }),
});
