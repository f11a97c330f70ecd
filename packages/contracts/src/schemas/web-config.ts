import { z } from 'zod';
import { locales } from '../enums.ts';

export const LocaleSchema = z.enum(locales);

/** `GET /api/v1/web/config`: what the browser app needs before it can sign anyone in. */
export const WebConfigSchema = z
  .object({
    appVersion: z.string(),
    identity: z.object({
      /**
       * Base URL of an outside identity server (Keycloak); null when the issuer is embedded: the
       * browser then calls the origin it is on, whichever address it was opened at.
       */
      url: z.url().nullable(),
      realm: z.string(),
      clientId: z.string(),
    }),
    /** Where image addresses are built (SPEC §7): the image proxy, and the base of relative sources. */
    images: z.object({
      /** The proxy taking `url`, `width`, `height`, `format`: this API's, or a CDN's. */
      proxyBase: z.string(),
      /** Put before a stored image's path when the proxy is elsewhere (absolute); null: the path as is. */
      sourceBase: z.string().nullable(),
    }),
    locales: z.array(LocaleSchema),
    defaultLocale: LocaleSchema,
  })
  .meta({ id: 'WebConfig' });
export type WebConfig = z.infer<typeof WebConfigSchema>;
