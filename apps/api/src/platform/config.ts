import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import fp from 'fastify-plugin';
import { z } from 'zod';

/** Root of the repository: apps/api/src/platform → four levels up. */
export const repoRoot = path.resolve(import.meta.dirname, '../../../..');

function rootPackageVersion(): string {
  const manifest: unknown = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const parsed = z.object({ version: z.string() }).safeParse(manifest);
  return parsed.success ? parsed.data.version : '0.0.0';
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** Address ranges Fastify's `trustProxy` (proxy-addr) knows by name. */
const namedProxyRanges = ['loopback', 'linklocal', 'uniquelocal'] as const;

function proxyEntries(value: string): string[] {
  return value.split(',').map((entry) => entry.trim());
}

/** An IPv4 or IPv6 address, with a prefix length (CIDR) or without, or a named range. */
function isProxyEntry(entry: string): boolean {
  if ((namedProxyRanges as readonly string[]).includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * The environment the API reads at boot. Every variable is optional; the defaults give a
 * working single-process Opora on http://localhost:3000 with an embedded PostgreSQL.
 *
 * PORT            3000                      port to listen on
 * HOST            127.0.0.1 | 0.0.0.0       interface to listen on: loopback only outside production,
 *                                           every interface in production (the image sets 0.0.0.0)
 * NODE_ENV        development               development | test | production
 * DATABASE_URL    (unset)                   PostgreSQL URL; unset → embedded PostgreSQL in DATA_DIR
 * DATA_DIR        <repo>/.data              embedded PostgreSQL data and other local state
 * REDIS_URL       (unset)                   Redis for rate-limit counters; unset → in-memory (one process)
 * LOG_LEVEL       info                      fatal | error | warn | info | debug | trace | silent
 * PUBLIC_URL      http://localhost:PORT     address people use to reach Opora (links, HSTS, identity)
 * IDENTITY_URL    (unset)                   external identity server (Keycloak); unset → embedded at PUBLIC_URL
 * IDENTITY_REALM  opora                     identity realm name
 * IDENTITY_INTERNAL_URL  IDENTITY_URL       address the API itself uses to reach the identity server (tokens,
 *                                           admin API, keys) when browsers use another, e.g. http://keycloak:8080
 * WEB_DIST_DIR    <repo>/apps/web/dist      built web app to serve
 * RATE_LIMIT_MAX  300                       requests per minute per client IP
 * SIGN_UP_RATE_LIMIT_MAX  20                sign-ups per 10 minutes per client IP (a family or care home behind one
 *                                           address; browser tests that register many accounts raise it)
 * BODY_LIMIT      1048576                   largest accepted request body in bytes (1 MiB)
 * SEED_DEMO       true                      seed demo providers and accounts into an empty database
 * APP_VERSION     version in package.json   shown in the footer and /api/health
 * TRUST_PROXY     false                     comma list of the proxies (IPs, CIDRs, or loopback, linklocal,
 *                                           uniquelocal) whose X-Forwarded-For is believed (client IP for
 *                                           rate limits); `true` (believe anyone) is refused
 * WEB_ORIGINS     PUBLIC_URL's origin       extra comma-separated browser origins allowed by CORS on the
 *                                           identity endpoints (e.g. http://localhost:5173 for `pnpm dev`)
 * IDENTITY_ADMIN_CLIENT_ID      opora-api   confidential client the API uses for the identity admin API
 * IDENTITY_ADMIN_CLIENT_SECRET  (dev value) its secret; required in production
 * SMTP_URL        (unset)                   smtp://host:port for outgoing e-mail; unset → database outbox
 *                                           readable at /dev/mail (never in production)
 * MAIL_FROM       Opora <no-reply@opora.test>  sender of outgoing e-mail
 * SUPPORT_EMAIL   podpora@opora.test        where the contact form's messages go
 * CATALOGUE_CACHE_SECONDS  30               longest guests' catalogue answers are reused (changes clear them
 *                                           at once through LISTEN/NOTIFY); 0 turns it off
 * PAYMENT_GATEWAY test                      the payment gateway new payments go to: `test`, the embedded
 *                                           test gateway (a payment page on our origin), or `stripe`
 * TEST_GATEWAY_SECRET (dev value)           the test gateway's callback signing secret; required in production
 *                                           while PAYMENT_GATEWAY=test
 * STRIPE_SECRET_KEY   (unset)               Stripe's secret key (sk_…); required with PAYMENT_GATEWAY=stripe
 * STRIPE_WEBHOOK_SECRET (unset)             the webhook endpoint's signing secret (whsec_…); likewise
 * STRIPE_API_URL      (Stripe's)            another Stripe API address, e.g. stripe-mock's in tests
 * DATABASE_POOL_SIZE  10                    connections of the API's database pool
 * DATABASE_QUERY_TIMEOUT_MS  10000          PostgreSQL cancels a statement running longer (then 503)
 * DATABASE_ACQUIRE_TIMEOUT_MS  5000         longest wait for a pooled connection (then 503)
 * JOBS_WORKER     true                      run the background workers in this process; false when
 *                                           `pnpm worker` runs them elsewhere
 * IMAGE_PROXY_BASE  /api/v1/images          where the browser asks for resized images (SPEC §7): this API's
 *                                           proxy, or a CDN's address taking the same url/width/height/format
 */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).optional(),
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'expected a postgres:// or postgresql:// URL')
    .optional(),
  DATA_DIR: z.string().min(1).default(path.join(repoRoot, '.data')),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'expected a redis:// or rediss:// URL')
    .optional(),
  LOG_LEVEL: z.enum(logLevels).default('info'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  IDENTITY_URL: z.url({ protocol: /^https?$/ }).optional(),
  IDENTITY_INTERNAL_URL: z.url({ protocol: /^https?$/ }).optional(),
  IDENTITY_REALM: z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/, 'expected letters, digits, - or _')
    .default('opora'),
  WEB_DIST_DIR: z.string().min(1).default(path.join(repoRoot, 'apps/web/dist')),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
  IMAGE_PROXY_BASE: z
    .string()
    .regex(
      /^(\/[^\s?#]*|https?:\/\/[^\s?#]+)$/,
      'expected a path (/api/v1/images) or an http(s) URL without a query',
    )
    .default('/api/v1/images'),
  SIGN_UP_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(20),
  BODY_LIMIT: z.coerce.number().int().positive().default(1_048_576),
  SEED_DEMO: z.stringbool().default(true),
  APP_VERSION: z.string().min(1).optional(),
  TRUST_PROXY: z
    .string()
    .superRefine((value, ctx) => {
      if (value === 'false') return;
      if (value === 'true') {
        ctx.addIssue({
          code: 'custom',
          message:
            'would believe any X-Forwarded-For, so a client could escape every per-client limit; list ' +
            'the proxies instead (addresses or CIDRs, e.g. 10.0.0.0/8, or loopback for one on this machine)',
        });
        return;
      }
      const unknown = proxyEntries(value).filter((entry) => !isProxyEntry(entry));
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `expected proxy addresses, CIDRs or ${namedProxyRanges.join(', ')}; not ${unknown.map((entry) => JSON.stringify(entry)).join(', ')}`,
        });
      }
    })
    .default('false'),
  WEB_ORIGINS: z
    .string()
    .regex(/^https?:\/\/[^\s,]+(,\s*https?:\/\/[^\s,]+)*$/, 'expected comma-separated http(s) origins')
    .optional(),
  IDENTITY_ADMIN_CLIENT_ID: z
    .string()
    .regex(/^[\w.-]+$/, 'expected letters, digits, ., - or _')
    .default('opora-api'),
  IDENTITY_ADMIN_CLIENT_SECRET: z.string().min(16, 'expected at least 16 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Opora <no-reply@opora.test>'),
  SUPPORT_EMAIL: z.email().default('podpora@opora.test'),
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(1000).default(10),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  DATABASE_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  JOBS_WORKER: z.stringbool().default(true),
  PAYMENT_GATEWAY: z.enum(['test', 'stripe']).default('test'),
  TEST_GATEWAY_SECRET: z.string().min(16, 'expected at least 16 characters').optional(),
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'expected a Stripe secret key (sk_…)')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\w+$/, 'expected a webhook signing secret (whsec_…)')
    .optional(),
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
});

/**
 * Used only outside production, where a missing secret stops the start instead. Anyone can read it
 * here, so the embedded issuer takes it from loopback callers only.
 */
export const developmentAdminClientSecret = 'opora-api-development-secret';

/** The embedded test gateway's signing secret when TEST_GATEWAY_SECRET is unset outside production (readable here). */
export const developmentTestGatewaySecret = 'opora-test-gateway-development-secret';

/** Fastify's `trustProxy` from the (validated) TRUST_PROXY text: none, or the proxies' addresses. */
function parseTrustProxy(value: string): false | string[] {
  return value === 'false' ? false : proxyEntries(value);
}

export type LogLevel = (typeof logLevels)[number];

export interface Config {
  port: number;
  host: string;
  nodeEnv: 'development' | 'test' | 'production';
  /** Unset → the server starts an embedded PostgreSQL in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** Unset → rate-limit counters stay in this process. */
  redisUrl: string | undefined;
  logLevel: LogLevel;
  /** Without a trailing slash. */
  publicUrl: string;
  identity: {
    /** Base URL of the identity server, without a trailing slash. */
    url: string;
    realm: string;
    /** True when the identity server runs inside this process at `publicUrl`. */
    embedded: boolean;
    /**
     * Base URL for the API's own calls to the identity server (service-account token, admin API, keys);
     * differs from `url` when a container network names the server otherwise than browsers do. The
     * issuer (`iss`) is always derived from `url`.
     */
    internalUrl: string;
  };
  webDistDir: string;
  rateLimitMax: number;
  signUpRateLimitMax: number;
  /** The image proxy's address the browser builds image addresses on (SPEC §7); a path or an absolute URL. */
  imageProxyBase: string;
  bodyLimit: number;
  seedDemo: boolean;
  appVersion: string;
  /**
   * Behind a load balancer or reverse proxy: the proxies whose `X-Forwarded-For` gives the client's
   * address; false: none, the connection's address is the client's.
   */
  trustProxy: false | string[];
  /** Browser origins allowed to call the identity endpoints (CORS); PUBLIC_URL's origin first. */
  webOrigins: string[];
  identityAdmin: { clientId: string; clientSecret: string };
  mail: {
    /** Unset → e-mails go to the database outbox, readable at /dev/mail outside production. */
    smtpUrl: string | undefined;
    from: string;
    /** Recipient of the contact form's messages. */
    supportAddress: string;
  };
  /** Seconds a guest's catalogue answer (list, detail, taxonomy, regions) is reused; 0 = not cached. */
  catalogueCacheSeconds: number;
  database: { poolSize: number; statementTimeoutMs: number; acquireTimeoutMs: number };
  /** Whether this process runs the background workers (else only sends jobs). */
  jobs: { worker: boolean };
  payments: {
    /** Which gateway takes new payments: the embedded test gateway, or Stripe Billing. */
    gateway: 'test' | 'stripe';
    /** Signs the test gateway's callbacks (HMAC-SHA256). */
    testGatewaySecret: string;
    /** Stripe's keys, when set (required with `gateway: 'stripe'`; subscriptions bought there keep needing them). */
    stripe?: { secretKey: string; webhookSecret: string; apiUrl?: string | undefined } | undefined;
  };
}

/** Raised when the environment cannot be used; the message names every offending variable. */
export class ConfigError extends Error {
  readonly variables: string[];

  constructor(variables: string[], lines: string[]) {
    super(`Invalid environment configuration:\n${lines.map((line) => `  - ${line}`).join('\n')}`);
    this.name = 'ConfigError';
    this.variables = variables;
  }
}

const withoutTrailingSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * Reads and validates the environment. Empty strings count as unset, so `FOO=` in a compose
 * file falls back to the default instead of failing.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const relevant = Object.fromEntries(
    Object.keys(EnvSchema.shape)
      .map((key) => [key, env[key]?.trim()] as const)
      .filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = EnvSchema.safeParse(relevant);
  if (!result.success) {
    const variables = [...new Set(result.error.issues.map((issue) => String(issue.path[0])))];
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name}=${JSON.stringify(relevant[name] ?? '')}: ${issue.message}`;
    });
    throw new ConfigError(variables, lines);
  }
  const parsed = result.data;
  if (parsed.NODE_ENV === 'production' && parsed.IDENTITY_ADMIN_CLIENT_SECRET === undefined) {
    throw new ConfigError(
      ['IDENTITY_ADMIN_CLIENT_SECRET'],
      ['IDENTITY_ADMIN_CLIENT_SECRET is required when NODE_ENV=production'],
    );
  }
  // The development value is published in this file: in production anyone could sign a "paid" callback.
  if (
    parsed.NODE_ENV === 'production' &&
    parsed.PAYMENT_GATEWAY === 'test' &&
    parsed.TEST_GATEWAY_SECRET === undefined
  ) {
    throw new ConfigError(
      ['TEST_GATEWAY_SECRET'],
      ['TEST_GATEWAY_SECRET is required when NODE_ENV=production and PAYMENT_GATEWAY=test'],
    );
  }
  const stripeMissing = (['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const).filter(
    (name) => parsed[name] === undefined,
  );
  if (parsed.PAYMENT_GATEWAY === 'stripe' && stripeMissing.length > 0) {
    throw new ConfigError(
      [...stripeMissing],
      stripeMissing.map((name) => `${name} is required when PAYMENT_GATEWAY=stripe`),
    );
  }
  const publicUrl = withoutTrailingSlash(parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`);
  return {
    port: parsed.PORT,
    // A development server holds demo accounts, the dev mailbox and a published client secret: it
    // answers this machine only unless HOST says otherwise.
    host: parsed.HOST ?? (parsed.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    nodeEnv: parsed.NODE_ENV,
    databaseUrl: parsed.DATABASE_URL,
    dataDir: path.resolve(parsed.DATA_DIR),
    redisUrl: parsed.REDIS_URL,
    logLevel: parsed.LOG_LEVEL,
    publicUrl,
    identity: {
      url: withoutTrailingSlash(parsed.IDENTITY_URL ?? publicUrl),
      realm: parsed.IDENTITY_REALM,
      embedded: parsed.IDENTITY_URL === undefined,
      internalUrl: withoutTrailingSlash(parsed.IDENTITY_INTERNAL_URL ?? parsed.IDENTITY_URL ?? publicUrl),
    },
    webDistDir: path.resolve(parsed.WEB_DIST_DIR),
    rateLimitMax: parsed.RATE_LIMIT_MAX,
    imageProxyBase: withoutTrailingSlash(parsed.IMAGE_PROXY_BASE),
    signUpRateLimitMax: parsed.SIGN_UP_RATE_LIMIT_MAX,
    bodyLimit: parsed.BODY_LIMIT,
    seedDemo: parsed.SEED_DEMO,
    appVersion: parsed.APP_VERSION ?? rootPackageVersion(),
    trustProxy: parseTrustProxy(parsed.TRUST_PROXY),
    webOrigins: [
      ...new Set([
        new URL(publicUrl).origin,
        ...(parsed.WEB_ORIGINS?.split(',').map((origin) => new URL(origin.trim()).origin) ?? []),
      ]),
    ],
    identityAdmin: {
      clientId: parsed.IDENTITY_ADMIN_CLIENT_ID,
      clientSecret: parsed.IDENTITY_ADMIN_CLIENT_SECRET ?? developmentAdminClientSecret,
    },
    mail: { smtpUrl: parsed.SMTP_URL, from: parsed.MAIL_FROM, supportAddress: parsed.SUPPORT_EMAIL },
    catalogueCacheSeconds: parsed.CATALOGUE_CACHE_SECONDS,
    database: {
      poolSize: parsed.DATABASE_POOL_SIZE,
      statementTimeoutMs: parsed.DATABASE_QUERY_TIMEOUT_MS,
      acquireTimeoutMs: parsed.DATABASE_ACQUIRE_TIMEOUT_MS,
    },
    jobs: { worker: parsed.JOBS_WORKER },
    payments: {
      gateway: parsed.PAYMENT_GATEWAY,
      testGatewaySecret: parsed.TEST_GATEWAY_SECRET ?? developmentTestGatewaySecret,
      stripe:
        parsed.STRIPE_SECRET_KEY !== undefined && parsed.STRIPE_WEBHOOK_SECRET !== undefined
          ? {
              secretKey: parsed.STRIPE_SECRET_KEY,
              webhookSecret: parsed.STRIPE_WEBHOOK_SECRET,
              apiUrl: parsed.STRIPE_API_URL,
            }
          : undefined,
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/** Makes the validated configuration available to every route as `app.config`. */
export const configPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    app.decorate('config', config);
  },
  { name: 'config', fastify: '5.x' },
);
