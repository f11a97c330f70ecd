import { operations } from '@opora/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationRoute } from '../platform/operation-route.ts';
import { searchPlaces } from './search-places.ts';

/** Reference data: the list changes only with a new release of the source, so caches may keep it an hour. */
const placesCacheControl = 'public, max-age=3600';

/** Address autocomplete (SPEC §5): the city, postcode and county of an address come from a place. */
export const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...operationRoute(operations.searchPlaces, {
      tags: ['web'],
      summary: 'Municipality parts with postcodes for address autocomplete',
      description:
        '`q` (at least 2 characters) matches the start of a part’s or its municipality’s name, ignoring ' +
        'case and diacritics (`usti` finds Ústí nad Labem), or the start of a postcode (`602`, `60200`, ' +
        '`602 00`); `%` and `_` are plain characters. Exact names first, then a municipality’s main ' +
        'part, then shorter names, then alphabetically; postcodes in postcode order. Each place names ' +
        'its county and region.',
    }),
    handler: async (request, reply) => {
      reply.header('cache-control', placesCacheControl);
      return searchPlaces(app.db, request.query);
    },
  });
};
