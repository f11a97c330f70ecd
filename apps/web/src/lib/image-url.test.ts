import { describe, expect, it } from 'vitest';
import { imageSources, imageUrl, proxySize } from './image-url.ts';

const path = `/api/v1/images/stored/${'a'.repeat(64)}`;
const own = { proxyBase: '/api/v1/images', sourceBase: null };
const cdn = { proxyBase: 'https://img.cdn.test/resize', sourceBase: 'https://opora.test' };

describe('imageUrl', () => {
  it('builds the proxy address with url, width, height and format (SPEC §7)', () => {
    expect(imageUrl(path, { width: 96, height: 96 }, own)).toBe(
      `/api/v1/images?url=${encodeURIComponent(path)}&width=96&height=96&format=auto`,
    );
  });

  it('puts the API base before a path for a proxy elsewhere, and keeps an absolute source', () => {
    expect(imageUrl(path, { width: 400, format: 'webp' }, cdn)).toBe(
      `https://img.cdn.test/resize?url=${encodeURIComponent(`https://opora.test${path}`)}&width=400&format=webp`,
    );
    expect(imageUrl('https://elsewhere.test/a.png', {}, cdn)).toContain(
      `url=${encodeURIComponent('https://elsewhere.test/a.png')}`,
    );
  });

  it('rounds sizes up to the ones the proxy makes', () => {
    expect(proxySize(50)).toBe(64);
    expect(proxySize(400)).toBe(400);
    expect(proxySize(9999)).toBe(1920);
  });

  it('offers 2x screens twice the pixels', () => {
    const { src, srcSet } = imageSources(path, { width: 48, height: 48 }, own);
    expect(src).toContain('width=48&height=48');
    expect(srcSet).toBe(`${src} 1x, ${imageUrl(path, { width: 96, height: 96 }, own)} 2x`);
  });
});
