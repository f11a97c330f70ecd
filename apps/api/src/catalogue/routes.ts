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
import { jsonContentType } from '../platform/http-cache.ts';
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
}

function cached<T>(schema: z.ZodType<T>, value: T): Cached<T> {
  const json = JSON.stringify(schema.parse(value));
  return { value, json, bytes: Buffer.from(json) };
}

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
  const payload = request.url.includes(envelopeQueryParameter) ? body.json : body.bytes;
  return reply.type(jsonContentType).send(payload);
}

/**
 * The public catalogue (SPEC §2 services by region, service detail): thin routes over one use case
 * each. Guests' answers are memoised for `CATALOGUE_CACHE_SECONDS` (see platform/response-cache.ts) in
 * `app.catalogueCache`, which a provider's change to a service clears.
 */
export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.catalogueCache;

  app.route({
    ...operationRoute(operations.listServiceTypes, {
      tags,
      summary: 'Service categories and types the catalogue filters offer',
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
        'verified services first, then by name; sponsored services are marked, never moved up. ' +
        'Unknown region or county → 404. Guests’ pages may be up to `CATALOGUE_CACHE_SECONDS` old.',
      failures: { 400: ValidationProblemSchema, ...notFound },
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
      const page = await cache.get(key, async () =>
        cached(ServiceListSchema, await listServices(app.db, query)),
      );
      if (!request.principal) return sendGuestJson(request, reply, page);
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
      description: 'Unknown, draft and archived services answer 404 `NotFoundException`.',
      failures: { 400: ValidationProblemSchema, ...notFound },
    }),
    handler: async (request, reply) => {
      const { serviceId } = request.params;
      const detail = await cache.get(`service:${serviceId}`, async () =>
        cached(ServiceDetailSchema, await getService(app.db, serviceId)),
      );
      if (!request.principal) return sendGuestJson(request, reply, detail);
      const [withFlags] = await withCallerFlags(request, [detail.value], app.db);
      return withFlags ?? detail.value;
    },
  });
};
