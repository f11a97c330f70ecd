import fp from 'fastify-plugin';
import { createIssuer, type IdentityIssuer, type IssuerOptions } from './issuer.ts';
import { identityRoutes, withoutMessage } from './routes.ts';
import { purgeSessions } from './sessions.ts';
import { ensureSigningKeys } from './signing-keys.ts';

export type { IdentityIssuer } from './issuer.ts';

/** Options for tests (clock, test-only clients, realm overrides); production passes none. */
export type IdentityPluginOptions = IssuerOptions;

declare module 'fastify' {
  interface FastifyInstance {
    /** The embedded identity server's realm, keys, clients and clock (for the admin subset). */
    identityIssuer: IdentityIssuer;
  }
}

/** How often ended and expired sessions are deleted. */
const purgeIntervalMs = 10 * 60_000;

/**
 * The embedded Keycloak-compatible identity server under `/realms/{realm}`. Keys are created on the
 * first start; sessions that can no longer be used are purged periodically.
 */
export const identityPlugin = fp<IdentityPluginOptions>(
  async (app, options) => {
    const issuer = createIssuer(app.config, app.db, options);
    app.decorate('identityIssuer', issuer);

    app.addHook('onReady', async () => {
      try {
        await ensureSigningKeys(app.db);
        await issuer.keys.reload();
      } catch (error) {
        // The API may start while the database is down (readiness reports it); the keys are then
        // created by the first request that needs them.
        app.log.warn(
          { failure: withoutMessage(error) },
          'identity signing keys could not be prepared at start',
        );
      }
    });

    const purge = () => {
      purgeSessions(app.db, issuer.realm, issuer.now()).catch((error: unknown) => {
        app.log.warn({ failure: withoutMessage(error) }, 'identity session purge failed');
      });
    };
    const timer = setInterval(purge, purgeIntervalMs);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
    });

    await app.register(identityRoutes, { issuer });
  },
  { name: 'identity', fastify: '5.x', dependencies: ['config', 'database', 'security'] },
);
