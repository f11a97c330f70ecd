import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';

type SecurityConfig = Pick<Config, 'publicUrl' | 'identity' | 'rateLimitMax' | 'redisUrl'>;

/** The API and the identity endpoints are limited; the web app's files and pages are not. */
export function isLimitedPath(url: string): boolean {
  return url.startsWith('/api/') || url.startsWith('/realms/');
}

/** Browser features Opora never uses; denied so an injected script cannot ask for them. */
const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=()';

/**
 * The web app's policy: scripts only from our origin (no inline, no eval); inline styles are
 * allowed because Mantine writes CSS variables and style attributes at run time.
 */
export function contentSecurityPolicy(config: Pick<Config, 'publicUrl' | 'identity'>) {
  const identityOrigin = new URL(config.identity.url).origin;
  const ownOrigin = new URL(config.publicUrl).origin;
  const https = config.publicUrl.startsWith('https:');
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: identityOrigin === ownOrigin ? ["'self'"] : ["'self'", identityOrigin],
    frameAncestors: ["'none'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // On plain-http development hosts the upgrade would break every asset request.
    upgradeInsecureRequests: https ? [] : null,
  };
}

/** The API reference is a separate page: same strictness, no remote images or identity calls. */
export const docsContentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'frame-ancestors': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

/** Security headers on every response and a per-IP request budget per minute. */
export const securityPlugin = fp<{ config: SecurityConfig }>(
  async (app, { config }) => {
    const https = config.publicUrl.startsWith('https:');
    // helmet's middleware built once: `@fastify/helmet` (global) rebuilt it, CSP parsing included, on
    // every request. Same headers, written the same way (on the raw response, before the route runs).
    const securityHeaders = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
    });
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('permissions-policy', permissionsPolicy);
      securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });

    // Counters live in Redis when configured so every replica shares one budget per client.
    const redis =
      config.redisUrl === undefined
        ? undefined
        : new Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, lazyConnect: true });
    if (redis) {
      redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit store (Redis) error'));
      // A configured but unreachable Redis is a deployment mistake: refuse to start. Later
      // outages only skip the limit (`skipOnError`) so the site stays up.
      try {
        await redis.connect();
      } catch (error) {
        redis.disconnect();
        throw new Error('Redis at REDIS_URL is not reachable', { cause: error });
      }
      app.addHook('onClose', async () => {
        await redis.quit();
      });
    }
    await app.register(rateLimit, {
      global: true,
      max: config.rateLimitMax,
      // Only calls cost budget: one page view loads ~25 static files, and people behind one address
      // (a care home, an office) would otherwise lock each other out of the site itself.
      allowList: (request) => !isLimitedPath(request.url),
      timeWindow: '1 minute',
      ...(redis ? { redis, nameSpace: 'opora-rate-limit:', skipOnError: true } : {}),
      errorResponseBuilder: (_request, context) =>
        new AppError('RateLimited', `Too many requests; retry in ${context.after}.`),
    });
  },
  { name: 'security', fastify: '5.x', dependencies: ['errors'] },
);
