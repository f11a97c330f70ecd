import { createHash } from 'node:crypto';
import {
  type ImageUploadContentType,
  imageFormatNames,
  isImageUploadContentType,
  maxImageBytes,
  maxImagePixels,
  maxImageSide,
  minImageSide,
  storedImageMaxSide,
} from '@opora/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { AppError } from '../platform/errors.ts';

/** What an uploaded image is for: the limits and the quality it is stored with differ. */
export type ImageKind = 'logo' | 'photo';

/** An image as stored: JPEG or WebP bytes, their hash (the key) and dimensions. */
export interface NormalisedImage {
  key: string;
  contentType: 'image/jpeg' | 'image/webp';
  content: Buffer;
  width: number;
  height: number;
}

/** What sharp may decode: the checked formats, never more pixels than the limit. */
const decodeOptions = { limitInputPixels: maxImagePixels, failOn: 'error', sequentialRead: true } as const;

/** sharp's name of each format the upload takes. */
const sharpFormats: Record<ImageUploadContentType, readonly string[]> = {
  'image/jpeg': ['jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/avif': ['heif'],
};

function notAnImage(detail = `The file is not one of ${imageFormatNames.join(', ')}.`): AppError {
  return new AppError('ImageTypeNotAllowed', detail);
}

/**
 * An uploaded image made safe and uniform (decision 0105):
 * 1. at most `maxImageBytes` (413);
 * 2. the type sniffed from the bytes — JPEG, PNG, WebP, AVIF; SVG, GIF and anything else 415 whatever
 *    the name or the browser said;
 * 3. dimensions read from the header before anything is decoded: more than `maxImageSide` a side or
 *    `maxImagePixels` pixels (a decompression bomb: a 20,000 × 20,000 PNG is a few kB) or less than
 *    the kind's minimum is 422 `ImageDimensionsNotAllowed`;
 * 4. decoded with the same pixel limit, turned upright by its EXIF orientation, reduced to the kind's
 *    largest side and re-encoded without any metadata (EXIF, GPS, XMP, ICC: converted to sRGB) —
 *    whatever else the file carried (a script, a zip appended) is not in the stored bytes. An opaque
 *    photo is stored as baseline JPEG, so the proxy's resizes decode it at 1/2–1/8 scale
 *    (shrink-on-load, decision 0105); logos and transparent photos as WebP, which keeps the alpha.
 */
export async function normaliseImage(content: Uint8Array, kind: ImageKind): Promise<NormalisedImage> {
  if (content.byteLength > maxImageBytes) {
    throw new AppError('PayloadTooLarge', `An image can be at most ${maxImageBytes} bytes.`);
  }
  const found = content.byteLength === 0 ? undefined : await fileTypeFromBuffer(content);
  if (!found || !isImageUploadContentType(found.mime)) throw notAnImage();
  const input = Buffer.isBuffer(content)
    ? content
    : Buffer.from(content.buffer, content.byteOffset, content.byteLength);

  let metadata: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    // The header only: nothing is decoded, so the pixel limit is checked below with its own answer.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage('The image cannot be read.');
  }
  if (!sharpFormats[found.mime].includes(metadata.format ?? '')) throw notAnImage();
  const { width, height } = metadata;
  if (!width || !height || width > maxImageSide || height > maxImageSide || width * height > maxImagePixels) {
    throw new AppError(
      'ImageDimensionsNotAllowed',
      `An image may have at most ${maxImageSide} pixels a side and ${maxImagePixels} pixels in all.`,
    );
  }
  if (Math.min(width, height) < minImageSide[kind]) {
    throw new AppError(
      'ImageDimensionsNotAllowed',
      `A ${kind} must be at least ${minImageSide[kind]} pixels on its shorter side.`,
    );
  }

  let output: Awaited<ReturnType<ReturnType<typeof sharp>['toBuffer']>> & {
    info: { width: number; height: number };
  };
  const asJpeg = kind === 'photo' && !metadata.hasAlpha;
  try {
    const side = storedImageMaxSide[kind];
    const upright = sharp(input, decodeOptions)
      .rotate()
      .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
    output = await (asJpeg
      ? // Baseline (not progressive): libjpeg's scaled decoding is cheapest on it.
        upright.jpeg({ quality: 85, progressive: false, chromaSubsampling: '4:2:0' })
      : upright.webp(
          kind === 'logo' ? { quality: 90, alphaQuality: 100, effort: 4 } : { quality: 82, effort: 4 },
        )
    ).toBuffer({ resolveWithObject: true });
  } catch {
    throw notAnImage('The image cannot be decoded.');
  }
  return {
    key: createHash('sha256').update(output.data).digest('hex'),
    contentType: asJpeg ? 'image/jpeg' : 'image/webp',
    content: output.data,
    width: output.info.width,
    height: output.info.height,
  };
}
