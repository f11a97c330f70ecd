import { type ChannelListener, listenToChannel } from '@opora/db';
import fp from 'fastify-plugin';
import type { Config } from './config.ts';
import { createResponseCache, type ResponseCache } from './response-cache.ts';

/** The channel the triggers of migrations `catalogue_freshness_sql` and `catalogue_notify_payload` notify. */
export const catalogueChangedChannel = 'catalogue_changed';

/**
 * What a notification clears: `<table>:<region>,<region>` names the regions whose pages can show the
 * changed rows (none after the colon: no region's); a bare `<table>` (TRUNCATE, the code lists, an
 * older trigger) means everything.
 */
export function regionsOfChange(payload: string): readonly string[] | 'all' {
  const colon = payload.indexOf(':');
  if (colon < 0) return 'all';
  const regions = payload.slice(colon + 1);
  return regions === '' ? [] : regions.split(',');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Guests' catalogue answers of this process, cleared by every committed catalogue change. */
    catalogueCache: ResponseCache;
  }
}

/**
 * One response cache for the public catalogue (lists, details, taxonomy, regions) kept true across
 * processes (decisions 0107, 0114): every process LISTENs on `catalogue_changed` over a connection of
 * its own and, on each notification, clears the answers of the regions it names (lists and details
 * carry their areas) and every answer without areas, or everything when it names none; the triggers
 * notify only at commit, so the next request reads the change. While the connection is down, changes may go unheard: the cache is
 * bypassed (every request reads PostgreSQL) until `LISTEN` is back, and cleared then.
 */
export const catalogueChangesPlugin = fp<{ config: Pick<Config, 'catalogueCacheSeconds'> }>(
  async (app, { config }) => {
    let listener: ChannelListener | undefined;
    const cache = createResponseCache(config.catalogueCacheSeconds, {
      trusted: () => listener?.listening === true,
    });
    app.decorate('catalogueCache', cache);
    if (config.catalogueCacheSeconds <= 0) return;
    listener = listenToChannel(
      app.db.$client.options.connectionString ?? '',
      catalogueChangedChannel,
      {
        onNotification: (payload) => {
          const regions = regionsOfChange(payload);
          if (regions === 'all') cache.clear();
          else cache.clearAreas(regions);
        },
        onListening: () => {
          cache.clear();
          app.log.debug('catalogue changes: listening');
        },
        onLost: (error) => {
          cache.clear();
          app.log.warn(
            { err: error },
            'catalogue changes: listener connection lost; catalogue served uncached until it is back',
          );
        },
      },
      { applicationName: 'opora-catalogue-listener' },
    );
    await listener.started;
    app.addHook('onClose', async () => {
      await listener?.close();
    });
  },
  { name: 'catalogue-changes', fastify: '5.x', dependencies: ['database'] },
);
