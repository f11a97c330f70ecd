import { type ImageProxyFormat, imageProxySizes, type WebConfig } from '@opora/contracts';
import { operations } from '@opora/contracts/endpoints';
import { webConfigQueryOptions } from './auth/identity-client.ts';
import { queryClient } from './query-client.ts';

export type ImageConfig = WebConfig['images'];

/** This API's proxy, the path as the source: what the web config says unless a CDN is configured. */
export const defaultImageConfig: ImageConfig = { proxyBase: operations.getImage.path, sourceBase: null };

/** The image settings of the web config once it is loaded; the defaults before. */
export function currentImageConfig(): ImageConfig {
  return queryClient.getQueryData(webConfigQueryOptions().queryKey)?.images ?? defaultImageConfig;
}

export interface ImageUrlOptions {
  width?: number;
  height?: number;
  format?: ImageProxyFormat;
}

/** The smallest size the proxy makes that is at least `size` (the largest it makes past them all). */
export function proxySize(size: number): number {
  return imageProxySizes.find((each) => each >= size) ?? imageProxySizes[imageProxySizes.length - 1] ?? size;
}

const absolute = /^https?:\/\//i;

/**
 * The address of an image through the image proxy (SPEC §7): the configured proxy base with the
 * query `url`, `width`, `height`, `format`; the source is the API base plus the path unless already
 * absolute. Sizes are rounded up to the ones the proxy makes. Every image address of the app is built
 * here.
 */
export function imageUrl(
  source: string,
  { width, height, format = 'auto' }: ImageUrlOptions = {},
  config: ImageConfig = currentImageConfig(),
): string {
  const url = absolute.test(source) ? source : `${config.sourceBase ?? ''}${source}`;
  const query = new URLSearchParams({ url });
  if (width !== undefined) query.set('width', String(proxySize(width)));
  if (height !== undefined) query.set('height', String(proxySize(height)));
  query.set('format', format);
  return `${config.proxyBase}?${query.toString()}`;
}

/** `src` and a `srcset` for 1x and 2x screens of an image shown in a `width` × `height` box. */
export function imageSources(
  source: string,
  { width, height, format }: ImageUrlOptions & { width: number; height: number },
  config: ImageConfig = currentImageConfig(),
): { src: string; srcSet: string } {
  const oneX = imageUrl(source, { width, height, ...(format && { format }) }, config);
  const twoX = imageUrl(source, { width: width * 2, height: height * 2, ...(format && { format }) }, config);
  return { src: oneX, srcSet: `${oneX} 1x, ${twoX} 2x` };
}
