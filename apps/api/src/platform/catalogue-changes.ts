import { type ChannelListener, listenToChannel } from '@opora/db';
import fp from 'fastify-plugin';
import type { Config } from './config.ts';
import { createResponseCache, type ResponseCache } from './response-cache.ts';

/**
 * The channel the triggers of migrations `catalogue_freshness_sql`, `catalogue_notify_payload` and
 * `catalogue_notify_counties` notify.
 */
export const catalogueChangedChannel = 'catalogue_changed';

/**
 * What a notification clears (decision 0126): `<table>/<area>,<area>` names the counties whose pages
 * can show the changed rows, and the regions a service entered or left (none after the slash: no
 * area's); a bare `<table>` (TRUNCATE, the code lists) means everything. 0114's `<table>:<region>,…`
 * reads the same way: a region named clears all of it.
 */
export function areasOfChange(payload: string): readonly string[] | 'all' {
  const separator = payload.search(/[/:]/);
  if (separator < 0) return 'all';
  const areas = payload.slice(separator + 1);
  return areas === '' ? [] : areas.split(',');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Guests' catalogue answers of this process, cleared by every committed catalogue change. */
    catalogueCache: ResponseCache;
  }
}

/**
 * One response cache for the public catalogue (lists, details, taxonomy, regions) kept true across
 * processes (decisions 0107, 0114, 0126): every process LISTENs on `catalogue_changed` over a
 * connection of its own and, on each notification, clears the answers whose areas overlap the ones it
 * names (lists and details carry their areas) and every answer without areas, or everything when it
 * names none; the triggers notify only at commit, so the next request reads the change. While the
 * connection is down, changes may go unheard: the cache is bypassed (every request reads PostgreSQL)
 * until `LISTEN` is back, and cleared then.
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
          const areas = areasOfChange(payload);
          if (areas === 'all') cache.clear();
          else cache.clearAreas(areas);
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
