import {
  type FacilityService,
  operations,
  ProblemDetailsSchema,
  ServiceDetailSchema,
  type ServiceList,
  ServiceListSchema,
  ServiceTaxonomySchema,
  ValidationProblemSchema,
} from '@opora/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelopeQueryParameter } from '../platform/envelope.ts';
import {
  envelopedEtag,
  jsonContentType,
  matchesIfNoneMatch,
  notModified,
  tagJson,
} from '../platform/http-cache.ts';
import { operationRoute } from '../platform/operation-route.ts';
import { alreadyRequestedIds } from './already-requested.ts';
import { getService } from './get-service.ts';
import { listServiceTypes } from './list-service-types.ts';
import { listServices } from './list-services.ts';

const tags = ['catalogue'];
const notFound = {
  404: ProblemDetailsSchema.meta({ description: 'No such record, or not public (`NotFoundException`).' }),
};

/**
 * A guest's answer, kept once as the object (signed-in callers adjust flags) and once serialized, as
 * text and as UTF-8 bytes: encoding a 14 KB page of Czech names on every send was a quarter of the
 * server's CPU time on cached lists.
 */
interface Cached<T> {
  value: T;
  json: string;
  bytes: Buffer;
  etag: string;
}

function cached<T>(schema: z.ZodType<T>, value: T): Cached<T> {
  const { body: json, etag } = tagJson(schema.parse(value));
  return { value, json, bytes: Buffer.from(json), etag };
}

/**
 * Browsers and proxies may keep a catalogue answer but must ask again before reusing it (a provider's
 * change is visible on the next request, decision 0107); the ETag makes asking again cheap (`304`).
 * Signed-in answers carry the caller's own flags: never kept by a shared cache.
 */
const guestCacheControl = 'public, no-cache';
const signedInCacheControl = 'private, no-cache';

/** The caller's flags on a guest's items: `alreadyRequested` from one query over the page's ids. */
async function withCallerFlags<T extends FacilityService>(
  request: FastifyRequest,
  items: T[],
  db: Parameters<typeof alreadyRequestedIds>[0],
): Promise<T[]> {
  const userId = request.principal?.userId;
  if (!userId) return items;
  const requested = await alreadyRequestedIds(
    db,
    userId,
    items.map((item) => item.id),
  );
  return items.map((item) =>
    requested.has(item.id) ? { ...item, flags: { ...item.flags, alreadyRequested: true } } : item,
  );
}

/**
 * Guests get the cached bytes as they are; nobody's personal flags are ever cached. A request that
 * may ask for the `?_envelope=1` wrapper gets the text, which the envelope hook wraps.
 */
function sendGuestJson(request: FastifyRequest, reply: FastifyReply, body: Cached<unknown>) {
  const enveloped = request.url.includes(envelopeQueryParameter);
  const etag = enveloped ? envelopedEtag(body.etag) : body.etag;
  reply.header('cache-control', guestCacheControl).header('etag', etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(jsonContentType).send(enveloped ? body.json : body.bytes);
}

/**
 * The public catalogue (SPEC §2 services by region, service detail): thin routes over one use case
 * each. Guests' answers are memoised in `app.catalogueCache` with the areas they depend on, cleared by
 * every committed change to those areas (platform/catalogue-changes.ts).
 */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.catalogueCache;

  app.route({
    ...operationRoute(operations.listServiceTypes, {
      tags,
      summary: 'Service categories and types the catalogue filters offer',
      failures: { 304: notModified },
    }),
    handler: async (request, reply) => {
      const taxonomy = await cache.get('service-types', async () =>
        cached(ServiceTaxonomySchema, await listServiceTypes(app.db)),
      );
      return sendGuestJson(request, reply, taxonomy);
    },
  });

  app.route({
    ...operationRoute(operations.listServices, {
      tags,
      summary: 'Active services in a region or county, filtered, sorted and paged',
      description:
        'Exactly one of `regionCode` or `countyCode`. Only active services; a service serving several ' +
        'counties of a region appears once. A county whose filtered list is empty answers its ' +
        'region’s services with `scope: "region"` and `fallback: true` (SPEC §4). `recommended` orders ' +
        'services accepting new clients first, then those whose capacity is unknown (never stated or not ' +
        'confirmed for 30 days), then full ones; within each, verified services first, then by name; ' +
        'sponsored services are marked, never moved up. ' +
        'Unknown region or county → 404. A committed change shows on the next request (the cache is ' +
        'cleared through LISTEN/NOTIFY); answers `304` to a current `If-None-Match`.',
      failures: { 304: notModified, 400: ValidationProblemSchema, ...notFound },
    }),
    handler: async (request, reply) => {
      const query = request.query;
      const key = `services:${JSON.stringify([
        query.regionCode,
        query.countyCode,
        query.serviceTypeId,
        query.categoryId,
        query.form,
        query.page,
        query.pageSize,
        query.sort,
      ])}`;
      // A region's page, or a county's fallen back to it, shows the region's services: cleared by a
      // change in any of its counties. A county's own page shows its services and its region's count:
      // cleared by a change in the county, or a service entering or leaving the region (decision 0126).
      const page = await cache.get(
        key,
        async () => cached(ServiceListSchema, await listServices(app.db, query, app.clock())),
        ({ value: { scope, area } }) => [
          scope === 'county' && area.county ? area.county.code : area.region.code,
        ],
      );
      if (!request.principal) return sendGuestJson(request, reply, page);
      reply.header('cache-control', signedInCacheControl);
      return {
        ...page.value,
        items: await withCallerFlags(request, page.value.items, app.db),
      } satisfies ServiceList;
    },
  });

  app.route({
    ...operationRoute(operations.getService, {
      tags,
      summary: 'One active service with its facility and provider (tabs info, location, provider)',
      description:
        'Unknown, draft and archived services answer 404 `NotFoundException`. Answers `304` to a ' +
        'current `If-None-Match`.',
      failures: { 304: notModified, 400: ValidationProblemSchema, ...notFound },
    }),
    handler: async (request, reply) => {
      const { serviceId } = request.params;
      const detail = await cache.get(
        `service:${serviceId}`,
        async () => cached(ServiceDetailSchema, await getService(app.db, serviceId, app.clock())),
        // Every change to a service's rows names its facility's county and the counties it serves.
        ({ value }) => [
          ...(value.facility.county ? [value.facility.county.code] : []),
          ...value.counties.map((county) => county.code),
        ],
      );
      if (!request.principal) return sendGuestJson(request, reply, detail);
      reply.header('cache-control', signedInCacheControl);
      const [withFlags] = await withCallerFlags(request, [detail.value], app.db);
      return withFlags ?? detail.value;
    },
  });
};
