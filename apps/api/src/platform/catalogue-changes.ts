import { type ChannelListener, listenToChannel } from '@opora/db';
import fp from 'fastify-plugin';
import type { Config } from './config.ts';
import { createResponseCache, type ResponseCache } from './response-cache.ts';

/** The channel the triggers of migration `catalogue_freshness_sql` notify (payload: the table). */
export const catalogueChangedChannel = 'catalogue_changed';

declare module 'fastify' {
  interface FastifyInstance {
    /** Guests' catalogue answers of this process, cleared by every committed catalogue change. */
    catalogueCache: ResponseCache;
  }
}

/**
 * One response cache for the public catalogue (lists, details, taxonomy, regions) kept true across
 * processes (decision 0107): every process LISTENs on `catalogue_changed` over a connection of its
 * own and clears the whole cache on each notification; the triggers notify only at commit, so the
 * next request reads the change. While the connection is down, changes may go unheard: the cache is
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
        onNotification: () => cache.clear(),
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
