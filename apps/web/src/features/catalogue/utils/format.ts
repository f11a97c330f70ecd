import type { Address } from '@opora/contracts';
import { formatAddress } from '@/shared-features/services/format.ts';

/** A search on Mapy.cz for the address: a plain link, so the page itself loads nothing from outside. */
export function mapSearchUrl(address: Address): string {
  return `https://mapy.cz/zakladni?q=${encodeURIComponent(formatAddress(address))}`;
}

/** Links typed by providers may lack the scheme; only http(s) is ever linked. */
export function safeWebUrl(url: string): string | null {
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`;
  try {
    const parsed = new URL(withScheme);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
