import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { envelopeQueryParameter } from './envelope.ts';
import { docsContentSecurityPolicy } from './security.ts';

export const docsPrefix = '/api/docs';

const zodTransform = createJsonSchemaTransform({ skipList: [] });

interface JsonObjectSchema {
  type?: unknown;
  properties?: Record<string, unknown>;
}

const envelopeParameter = {
  type: 'string',
  enum: ['1'],
  description: 'Wrap a successful JSON body as `{ "data": ... }`.',
};

/**
 * Zod → JSON Schema for each route, plus the `_envelope` query parameter every application
 * route honours (the envelope plugin applies it; no route declares it itself).
 */
const transform: SwaggerTransform = (document) => {
  const result = zodTransform(document);
  const schema = result.schema as Record<string, unknown>;
  // The identity server's own protocol (`/realms`, `/admin`) is Keycloak's, documented by Keycloak;
  // our document describes our API only.
  if (!document.url.startsWith('/api/')) return { ...result, schema: { ...schema, hide: true } };
  if (!document.url.startsWith('/api/v1/') || schema.hide === true) return result;
  const querystring = (schema.querystring ?? { type: 'object', properties: {} }) as JsonObjectSchema;
  // A query schema that is a `$ref` to a component cannot take an extra property.
  if (querystring.properties === undefined && schema.querystring !== undefined) return result;
  return {
    ...result,
    schema: {
      ...schema,
      querystring: {
        ...querystring,
        type: 'object',
        properties: { ...querystring.properties, [envelopeQueryParameter]: envelopeParameter },
      },
    },
  };
};

/** OpenAPI 3.1 document generated from the routes' zod schemas, with a reference UI. */
export const openApiPlugin = fp<{ config: Pick<Config, 'appVersion'> }>(
  async (app, { config }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Opora API',
          version: config.appVersion,
          description:
            'Connects people who need health or social care with verified care providers. ' +
            'Errors are `application/problem+json` with a catalogue `code`; validation errors add ' +
            '`identifier` and `errors[]`.',
        },
        tags: [
          { name: 'platform', description: 'Liveness and readiness of the service' },
          { name: 'web', description: 'Configuration and reference data for the web app' },
          { name: 'regions', description: 'Regions and counties of Czechia and Slovakia' },
          {
            name: 'catalogue',
            description: 'Public service catalogue: service types, services by area, detail',
          },
          { name: 'contact', description: 'Messages to the Opora team' },
          { name: 'accounts', description: 'Sign-up, the signed-in user, passwords and e-mail confirmation' },
          {
            name: 'development',
            description: 'Development mailbox (outbox transport only, never in production)',
          },
        ],
      },
      transform,
      transformObject: createJsonSchemaTransformObject({}),
    });
    await app.register(swaggerUi, {
      routePrefix: docsPrefix,
      staticCSP: docsContentSecurityPolicy,
      uiConfig: { deepLinking: true, displayOperationId: true },
      theme: { title: 'Opora API' },
    });
  },
  { name: 'openapi', fastify: '5.x' },
);
