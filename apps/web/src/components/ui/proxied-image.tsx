import type { CSSProperties } from 'react';
import { imageSources } from '@/lib/image-url.ts';

/**
 * A stored image through the image proxy, in a box of `width` × `height` CSS pixels reserved before
 * it loads (no layout shift): 1x and 2x sources, fitted inside the box (never cropped), lazy unless
 * it is above the fold (`eager`).
 */
export function ProxiedImage({
  path,
  alt,
  width,
  height,
  eager = false,
  className,
  style,
}: {
  /** A stored image's path (`StoredImage.path`). */
  path: string;
  /** What the image shows; empty for a decorative one (the text next to it says it). */
  alt: string;
  width: number;
  height: number;
  eager?: boolean;
  className?: string;
  style?: CSSProperties;
}) {
  const { src, srcSet } = imageSources(path, { width, height });
  return (
    <img
      src={src}
      srcSet={srcSet}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
      style={{
        objectFit: 'contain',
        maxWidth: '100%',
        height: 'auto',
        aspectRatio: `${width} / ${height}`,
        ...style,
      }}
    />
  );
}
