import { defaultLocale, identityClientId, locales, type WebConfig } from '@opora/contracts';
import type { Config } from '../platform/config.ts';

/**
 * What the browser app needs before its first render: version, identity server, languages. Answered
 * by `GET /api/v1/web/config` and written into every page's HTML (platform/web-app.ts), so a page
 * load does not wait a round trip for it.
 */
export function webConfigOf(
  config: Pick<Config, 'appVersion' | 'identity' | 'imageProxyBase' | 'publicUrl'>,
): WebConfig {
  return {
    appVersion: config.appVersion,
    identity: {
      url: config.identity.embedded ? null : config.identity.url,
      realm: config.identity.realm,
      clientId: identityClientId,
    },
    images: {
      proxyBase: config.imageProxyBase,
      // A proxy at another address (a CDN) fetches the source itself: it needs our address.
      sourceBase: /^https?:\/\//.test(config.imageProxyBase) ? config.publicUrl : null,
    },
    locales: [...locales],
    defaultLocale,
  };
}
