import {
  imageFormatNames,
  imageProxySizes,
  maxImageBytes,
  maxImagePixels,
  maxImageSide,
  maxPhotosPerFacility,
  operations,
  ProblemDetailsSchema,
} from '@opora/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { z } from 'zod';
import { requirePrincipal } from '../platform/auth.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { resolveProviderScope } from '../platform/provider-scope.ts';
import { saveConfirmingListing } from '../provider-listing/confirm-listing.ts';
import {
  type ImageVariant,
  notStoredImage,
  outputFormat,
  renderVariant,
  storedImageKeyOf,
  VariantCache,
} from './image-proxy.ts';
import { postgresImageStore } from './image-store.ts';
import {
  deleteFacilityPhoto,
  deleteProviderLogo,
  getProviderImages,
  type ImageContext,
  orderFacilityPhotos,
  putFacilityPhoto,
  putProviderLogo,
  updateFacilityPhotoAlt,
} from './provider-images.ts';

const tags = ['images'];
const uploadMediaType = 'application/octet-stream';
const formats = imageFormatNames.join(', ');
/** Rendered variants kept in memory (decision 0106). */
const variantCacheBytes = 64 * 1024 * 1024;
/** A year: the addresses are content-addressed, so what they answer never changes. */
const immutable = 'public, max-age=31536000, immutable';
/** `If-None-Match` named the ETag the address has: nothing is sent. */
const notModified = z
  .null()
  .meta({ description: 'The copy the browser holds is current (`If-None-Match`).' });
/** What the image routes answer. */
const imageMediaTypes = ['image/webp', 'image/avif', 'image/jpeg', 'image/png'] as const;

const uploadFailures = {
  413: ProblemDetailsSchema.meta({
    description: `The file is larger than ${maxImageBytes} bytes (\`PayloadTooLarge\`); nothing is stored.`,
  }),
  415: ProblemDetailsSchema.meta({
    description: `The body is not \`${uploadMediaType}\` (\`UnsupportedMediaType\`), or the content is not ${formats} (\`ImageTypeNotAllowed\`; SVG is refused), whatever its name says.`,
  }),
  422: ProblemDetailsSchema.meta({
    description: `The image is larger than ${maxImageSide} pixels a side or ${maxImagePixels} pixels, or smaller than its minimum (\`ImageDimensionsNotAllowed\`), read from its header before decoding.`,
  }),
};
const uploadDescription =
  `The body is the image itself (\`${uploadMediaType}\`, at most ${maxImageBytes} bytes). Allowed: ${formats}, ` +
  'told by the content, never by a name or a header. It is turned upright, reduced, stripped of all ' +
  'metadata (EXIF, GPS) and stored under the hash of its bytes: an opaque photo as JPEG, a logo or a ' +
  'transparent photo as WebP.';

/** Sends image bytes as an image: never sniffed, never a document, cached as the address allows. */
function sendImage(reply: FastifyReply, contentType: string, content: Buffer, etag: string, vary?: string) {
  reply
    .header('content-type', contentType)
    .header('content-length', content.byteLength)
    .header('cache-control', immutable)
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'same-site');
  if (vary) reply.header('vary', vary);
  return reply.send(content);
}

/**
 * Logos and facility photos (SPEC §7 image proxy; decisions 0105, 0106): uploads by the provider's
 * staff, the stored images, and the proxy that resizes them for the page.
 */
export const providerImageRoutes: FastifyPluginAsyncZod = async (app) => {
  const variants = new VariantCache(variantCacheBytes);
  const context = (): ImageContext => ({
    db: app.db,
    store: postgresImageStore,
    onImageDeleted: (key) => variants.forget(key),
    now: app.clock(),
  });
  // Uploads are the raw file, as documents' (decision 0065).
  app.addContentTypeParser(
    uploadMediaType,
    { parseAs: 'buffer', bodyLimit: maxImageBytes },
    (_request, body, done) => done(null, body),
  );
  // A page shows a few dozen images: their own budget, larger than the API's per-client one.
  const imageRateLimit = { rateLimit: { max: app.config.rateLimitMax * 10, timeWindow: '1 minute' } };

  app.route({
    ...operationRoute(operations.getImage, {
      tags,
      summary: 'An image resized for the page (image proxy, SPEC §7)',
      description:
        'Serves only images stored by Opora: `url` is a stored image’s path (or that path on this ' +
        'API’s address); anything else is refused and nothing is ever fetched. The image fits inside ' +
        `\`width\` × \`height\` (each one of ${imageProxySizes.join(', ')}), never enlarged or cropped. ` +
        '`format=auto` answers AVIF or WebP as the browser’s `Accept` allows. Cached for a year (the ' +
        'address changes when the image does), with an ETag.',
      config: { file: imageMediaTypes, ...imageRateLimit },
      failures: {
        304: notModified,
        404: ProblemDetailsSchema.meta({ description: 'No image is stored at `url` (`NotFoundException`).' }),
      },
    }),
    handler: async (request, reply) => {
      const { url, width, height, format } = request.query;
      const key = storedImageKeyOf(url, app.config.publicUrl);
      if (!key) throw notStoredImage();
      const accept = request.headers.accept;
      let chosen = outputFormat(format, accept, false);
      let source: Buffer | undefined;
      if (format === 'auto' && (chosen === 'jpeg' || chosen === 'png')) {
        // An old browser: PNG only where the image has transparency.
        source = (await postgresImageStore.get(app.db, key))?.content;
        if (!source) throw notStoredImage();
        chosen = outputFormat(format, accept, (await sharp(source).metadata()).hasAlpha);
      }
      const variant: ImageVariant = { key, width, height, format: chosen };
      const vary = format === 'auto' ? 'Accept' : undefined;
      const cached = variants.peek(variant);
      if (cached && request.headers['if-none-match'] === cached.etag) {
        return reply.code(304).header('etag', cached.etag).header('cache-control', immutable).send(null);
      }
      const rendered = await variants.getOrRender(variant, async () => {
        const original = source ?? (await postgresImageStore.get(app.db, key))?.content;
        if (!original) throw notStoredImage();
        return renderVariant(original, variant);
      });
      if (request.headers['if-none-match'] === rendered.etag) {
        return reply.code(304).header('etag', rendered.etag).header('cache-control', immutable).send(null);
      }
      return sendImage(reply, rendered.contentType, rendered.content, rendered.etag, vary);
    },
  });

  app.route({
    ...operationRoute(operations.getStoredImage, {
      tags,
      summary: 'A stored image as uploaded (normalised)',
      description:
        'JPEG (opaque photos) or WebP (logos, transparent photos); its key is the SHA-256 of its bytes, so it is cached for a year.',
      config: { file: imageMediaTypes, ...imageRateLimit },
      failures: {
        304: notModified,
        404: ProblemDetailsSchema.meta({ description: 'No image has that key (`NotFoundException`).' }),
      },
    }),
    handler: async (request, reply) => {
      const etag = `"${request.params.key}"`;
      if (request.headers['if-none-match'] === etag) {
        return reply.code(304).header('etag', etag).header('cache-control', immutable).send(null);
      }
      const image = await postgresImageStore.get(app.db, request.params.key);
      if (!image) throw notStoredImage();
      return sendImage(reply, image.contentType, image.content, etag);
    },
  });

  app.route({
    ...operationRoute(operations.getProviderImages, {
      tags,
      summary: 'The provider’s logo and the photos of each facility',
    }),
    handler: async (request) => {
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), request.params.providerId);
      return getProviderImages(app.db, scope);
    },
  });

  app.route({
    ...withConsumes(
      operationRoute(operations.putProviderLogo, {
        tags,
        summary: 'Set or replace the provider’s logo',
        description: `${uploadDescription} The administrators of the provider only (else 403).`,
        failures: uploadFailures,
      }),
    ),
    bodyLimit: maxImageBytes,
    handler: async (request) => {
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), request.params.providerId);
      return putProviderLogo(context(), scope, request.body);
    },
  });

  app.route({
    ...operationRoute(operations.deleteProviderLogo, { tags, summary: 'Remove the provider’s logo' }),
    handler: async (request, reply) => {
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), request.params.providerId);
      await deleteProviderLogo(context(), scope);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...withConsumes(
      operationRoute(operations.putFacilityPhoto, {
        tags,
        summary: 'Add a photo to a facility',
        description:
          `${uploadDescription} At the end of the facility’s photos, at most ${maxPhotosPerFacility} ` +
          '(else 409 `ImageLimitReached`); the id is chosen by the uploader: the same id again answers ' +
          'the photo already stored. Administrators and coordinators of the provider.',
        failures: {
          ...uploadFailures,
          409: ProblemDetailsSchema.meta({
            description: `The facility has ${maxPhotosPerFacility} photos (\`ImageLimitReached\`), or the id is another photo’s (\`Conflict\`).`,
          }),
        },
      }),
    ),
    bodyLimit: maxImageBytes,
    handler: async (request, reply) => {
      const { providerId, facilityId, photoId } = request.params;
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), providerId);
      const { photo } = await putFacilityPhoto(context(), scope, facilityId, photoId, request.body);
      return reply.code(201).send(photo);
    },
  });

  app.route({
    ...operationRoute(operations.updateFacilityPhotoAlt, {
      tags,
      summary: 'Set a facility photo’s alt text in each language',
    }),
    handler: async (request) => {
      const { providerId, facilityId, photoId } = request.params;
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), providerId);
      return saveConfirmingListing(app.db, scope, app.clock(), (tx) =>
        updateFacilityPhotoAlt(tx, scope, facilityId, photoId, request.body),
      );
    },
  });

  app.route({
    ...operationRoute(operations.deleteFacilityPhoto, { tags, summary: 'Remove a facility photo' }),
    handler: async (request, reply) => {
      const { providerId, facilityId, photoId } = request.params;
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), providerId);
      await deleteFacilityPhoto(context(), scope, facilityId, photoId);
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...operationRoute(operations.orderFacilityPhotos, {
      tags,
      summary: 'Put a facility’s photos in order',
      failures: {
        409: ProblemDetailsSchema.meta({
          description: 'The list does not name every photo of the facility once (`Conflict`): reload.',
        }),
      },
    }),
    handler: async (request) => {
      const { providerId, facilityId } = request.params;
      const scope = await resolveProviderScope(app.db, requirePrincipal(request), providerId);
      return saveConfirmingListing(app.db, scope, app.clock(), (tx) =>
        orderFacilityPhotos(tx, scope, facilityId, request.body.photoIds),
      );
    },
  });
};

/** The route's body is the raw file: documented (and parsed) as `application/octet-stream`. */
function withConsumes<R extends { schema: object }>(route: R): R {
  return { ...route, schema: { ...route.schema, consumes: [uploadMediaType] } };
}
