import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, developmentTestGatewaySecret, loadConfig, repoRoot } from './config.ts';

/** The secrets production refuses to start without. */
const productionSecrets = {
  IDENTITY_ADMIN_CLIENT_SECRET: 'a'.repeat(32),
  TEST_GATEWAY_SECRET: 'b'.repeat(32),
};

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected loadConfig to reject the environment');
}

describe('loadConfig', () => {
  it('gives a working local setup with no variables set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      nodeEnv: 'development',
      databaseUrl: undefined,
      dataDir: path.join(repoRoot, '.data'),
      redisUrl: undefined,
      logLevel: 'info',
      publicUrl: 'http://localhost:3000',
      identity: { url: 'http://localhost:3000', realm: 'opora', embedded: true },
      webDistDir: path.join(repoRoot, 'apps/web/dist'),
      rateLimitMax: 300,
      bodyLimit: 1_048_576,
      seedDemo: true,
    });
    expect(config.appVersion).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('listens on the loopback interface outside production and on every interface in production', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', ...productionSecrets }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '::' }).host).toBe('::');
  });

  it('derives the public URL from PORT and uses an external identity server when given', () => {
    const config = loadConfig({ PORT: '4100', IDENTITY_URL: 'https://id.example.org/', SEED_DEMO: 'false' });
    expect(config.publicUrl).toBe('http://localhost:4100');
    expect(config.identity).toEqual({
      url: 'https://id.example.org',
      realm: 'opora',
      embedded: false,
      internalUrl: 'https://id.example.org',
    });
    expect(config.seedDemo).toBe(false);
  });

  it('lets the API reach the identity server at an internal address while browsers use the public one', () => {
    const config = loadConfig({
      IDENTITY_URL: 'http://localhost:8080',
      IDENTITY_INTERNAL_URL: 'http://keycloak:8080/',
    });
    expect(config.identity).toMatchObject({
      url: 'http://localhost:8080',
      internalUrl: 'http://keycloak:8080',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://opora.example' }).identity.internalUrl).toBe(
      'https://opora.example',
    );
  });

  it('reads TRUST_PROXY as the list of proxies whose X-Forwarded-For is believed', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'fd00::/8,::1,loopback,uniquelocal,linklocal' }).trustProxy).toEqual([
      'fd00::/8',
      '::1',
      'loopback',
      'uniquelocal',
      'linklocal',
    ]);
    for (const value of ['everyone', '10.0.0.0/33', '::1/129', '10.0.0.300', '10.0.0.0/8,', '10.0.0.1/8/8']) {
      expect(configError({ TRUST_PROXY: value }).variables, value).toEqual(['TRUST_PROXY']);
    }
  });

  it('refuses TRUST_PROXY=true, which would let any client choose its address', () => {
    const error = configError({ TRUST_PROXY: 'true' });
    expect(error.variables).toEqual(['TRUST_PROXY']);
    expect(error.message).toContain('TRUST_PROXY="true": would believe any X-Forwarded-For');
    expect(error.message).toContain('list the proxies');
  });

  it('allows the public origin and the configured web origins, and mails to the outbox by default', () => {
    const config = loadConfig({ WEB_ORIGINS: 'http://localhost:5173/, https://opora.example' });
    expect(config.webOrigins).toEqual([
      'http://localhost:3000',
      'http://localhost:5173',
      'https://opora.example',
    ]);
    expect(config.mail).toEqual({
      smtpUrl: undefined,
      from: 'Opora <no-reply@opora.test>',
      supportAddress: 'podpora@opora.test',
    });
    expect(config.identityAdmin.clientId).toBe('opora-api');
  });

  it('requires the identity admin secret in production', () => {
    expect(configError({ NODE_ENV: 'production' }).variables).toEqual(['IDENTITY_ADMIN_CLIENT_SECRET']);
    expect(loadConfig({ NODE_ENV: 'production', ...productionSecrets }).nodeEnv).toBe('production');
  });

  it('requires the test gateway secret in production, where the published development one would let anyone sign a payment', () => {
    expect(
      configError({ NODE_ENV: 'production', IDENTITY_ADMIN_CLIENT_SECRET: 'a'.repeat(32) }).variables,
    ).toEqual(['TEST_GATEWAY_SECRET']);
    expect(loadConfig({ NODE_ENV: 'production', ...productionSecrets }).payments.testGatewaySecret).toBe(
      productionSecrets.TEST_GATEWAY_SECRET,
    );
    expect(loadConfig({ NODE_ENV: 'development' }).payments.testGatewaySecret).toBe(
      developmentTestGatewaySecret,
    );
  });

  it('takes Stripe only with both of its keys', () => {
    expect(configError({ PAYMENT_GATEWAY: 'stripe' }).variables).toEqual([
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
    ]);
    expect(configError({ PAYMENT_GATEWAY: 'stripe', STRIPE_SECRET_KEY: 'pk_live_public' }).variables).toEqual(
      ['STRIPE_SECRET_KEY'],
    );
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
    expect(loadConfig({ PAYMENT_GATEWAY: 'stripe', ...stripe }).payments).toMatchObject({
      gateway: 'stripe',
      stripe: { secretKey: 'sk_test_abc', webhookSecret: 'whsec_abc' },
    });
    // In production with Stripe, the test gateway's secret is not needed: it takes no payments.
    expect(
      loadConfig({
        NODE_ENV: 'production',
        IDENTITY_ADMIN_CLIENT_SECRET: 'a'.repeat(32),
        PAYMENT_GATEWAY: 'stripe',
        ...stripe,
      }).payments.gateway,
    ).toBe('stripe');
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 3000, databaseUrl: undefined });
  });

  it('rejects a bad PORT and names it', () => {
    const error = configError({ PORT: 'eighty' });
    expect(error.variables).toEqual(['PORT']);
    expect(error.message).toContain('PORT="eighty"');
  });

  it('names every offending variable at once', () => {
    const error = configError({
      PORT: '70000',
      DATABASE_URL: 'mysql://localhost/opora',
      LOG_LEVEL: 'loud',
      SEED_DEMO: 'maybe',
      PUBLIC_URL: 'not a url',
    });
    expect(error.variables.toSorted()).toEqual([
      'DATABASE_URL',
      'LOG_LEVEL',
      'PORT',
      'PUBLIC_URL',
      'SEED_DEMO',
    ]);
    for (const name of error.variables) expect(error.message).toContain(`${name}=`);
  });
});
