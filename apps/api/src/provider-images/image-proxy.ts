import { createHash } from 'node:crypto';
import { type ImageProxyFormat, maxImagePixels, storedImagePathPrefix } from '@opora/contracts';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { AppError } from '../platform/errors.ts';

const storedPath = new RegExp(`^${storedImagePathPrefix.replaceAll('/', '\\/')}([0-9a-f]{64})$`);

/**
 * The stored image a proxy `url` names, or undefined (decision 0106). The allow-list is the shape of
 * the address itself: exactly `/api/v1/images/stored/{64 hex}` — or that path on this API's own
 * origin (`publicUrl`), because SPEC §7 builds the source as the API base plus the path. Nothing is
 * ever fetched: the key is looked up in our own store, so no address (a metadata service, `file:`,
 * another host, `..`, percent-encoded tricks) can reach anything else; they simply do not match.
 */
export function storedImageKeyOf(url: string, publicUrl: string): string | undefined {
  const relative = storedPath.exec(url);
  if (relative) return relative[1];
  const origin = new URL(publicUrl).origin;
  if (!url.startsWith(`${origin}/`)) return undefined;
  return storedPath.exec(url.slice(origin.length))?.[1];
}

/** The output format: `auto` picks by the browser's `Accept` — AVIF, then WebP, then JPEG or PNG. */
export function outputFormat(
  format: ImageProxyFormat,
  accept: string | undefined,
  hasAlpha: boolean,
): 'avif' | 'webp' | 'jpeg' | 'png' {
  if (format !== 'auto') return format;
  const accepted = (accept ?? '').toLowerCase();
  if (accepted.includes('image/avif')) return 'avif';
  if (accepted.includes('image/webp')) return 'webp';
  return hasAlpha ? 'png' : 'jpeg';
}

export interface ImageVariant {
  key: string;
  width: number | undefined;
  height: number | undefined;
  format: 'avif' | 'webp' | 'jpeg' | 'png';
}

export interface RenderedImage {
  contentType: string;
  content: Buffer;
  etag: string;
}

/**
 * Resizes a stored image to fit inside `width` × `height` (either may be absent; never enlarged,
 * never cropped: the page reserves the box, so the result cannot shift it) and encodes it. A stored
 * JPEG is decoded at 1/2, 1/4 or 1/8 scale when the box allows (libjpeg's shrink-on-load), which is
 * most of a cold render's cost (decision 0105).
 */
export async function renderVariant(source: Buffer, variant: ImageVariant): Promise<RenderedImage> {
  let pipeline = sharp(source, { failOn: 'error', limitInputPixels: maxImagePixels, sequentialRead: true });
  if (variant.width !== undefined || variant.height !== undefined) {
    pipeline = pipeline.resize({
      ...(variant.width !== undefined && { width: variant.width }),
      ...(variant.height !== undefined && { height: variant.height }),
      fit: 'inside',
      withoutEnlargement: true,
    });
  }
  const encoded =
    variant.format === 'avif'
      ? pipeline.avif({ quality: 55, effort: 2 })
      : variant.format === 'webp'
        ? pipeline.webp({ quality: 80, effort: 3 })
        : variant.format === 'png'
          ? pipeline.png({ compressionLevel: 8 })
          : pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
  const content = await encoded.toBuffer();
  return { contentType: `image/${variant.format}`, content, etag: variantEtag(variant) };
}

/** A strong validator: the variant's bytes follow from the stored image's key and the parameters. */
export function variantEtag(variant: ImageVariant): string {
  const digest = createHash('sha256')
    .update(`${variant.key}|${variant.width ?? ''}|${variant.height ?? ''}|${variant.format}`)
    .digest('base64url')
    .slice(0, 27);
  return `"${digest}"`;
}

/**
 * Rendered variants kept in memory, bounded by their bytes (least recently used out first), and
 * renders in progress shared: a hundred browsers asking for the same new variant cost one resize.
 */
export class VariantCache {
  readonly #cache: LRUCache<string, RenderedImage>;
  readonly #inFlight = new Map<string, Promise<RenderedImage>>();

  constructor(maxBytes: number) {
    this.#cache = new LRUCache<string, RenderedImage>({
      maxSize: maxBytes,
      sizeCalculation: (image) => Math.max(1, image.content.byteLength),
    });
  }

  static keyOf(variant: ImageVariant): string {
    return `${variant.key}|${variant.width ?? ''}|${variant.height ?? ''}|${variant.format}`;
  }

  peek(variant: ImageVariant): RenderedImage | undefined {
    return this.#cache.get(VariantCache.keyOf(variant));
  }

  async getOrRender(variant: ImageVariant, render: () => Promise<RenderedImage>): Promise<RenderedImage> {
    const id = VariantCache.keyOf(variant);
    const cached = this.#cache.get(id);
    if (cached) return cached;
    const running = this.#inFlight.get(id);
    if (running) return running;
    const started = render()
      .then((image) => {
        this.#cache.set(id, image);
        return image;
      })
      .finally(() => this.#inFlight.delete(id));
    this.#inFlight.set(id, started);
    return started;
  }

  /** Forgets every variant of a stored image (it was deleted). */
  forget(key: string) {
    for (const id of this.#cache.keys()) {
      if (id.startsWith(`${key}|`)) this.#cache.delete(id);
    }
  }
}

export function notStoredImage(): AppError {
  return new AppError('NotFoundException', 'No image is stored at that address.');
}
