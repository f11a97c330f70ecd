import { STATUS_CODES } from 'node:http';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { documentContentTypes, isOperationId, isPublicOperation } from '@opora/contracts';
import type { RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { envelopeQueryParameter, envelopeValue } from './envelope.ts';
import { docsContentSecurityPolicy } from './security.ts';

export const docsPrefix = '/api/docs';

const zodTransform = createJsonSchemaTransform({ skipList: [] });

type JsonSchema = Record<string, unknown>;

interface JsonObjectSchema {
  type?: unknown;
  properties?: Record<string, unknown>;
}

const envelopeParameter = {
  type: 'string',
  enum: [envelopeValue],
  description: 'Wrap a successful JSON body as `{ "data": ... }`. Any other value is refused (400).',
};

/** The scheme of every operation that needs a signed-in caller (and of public ones that use one). */
export const bearerSecurityScheme = 'bearerAuth';

/** The scheme of a guest case's operations: the secret the guest's browser holds. */
export const guestSecretSecurityScheme = 'guestSecret';

/** `application/problem+json` without the charset the server adds (`errors.ts` `problemContentType`). */
const problemMediaType = 'application/problem+json';

const component = (id: string): JsonSchema => ({ $ref: `#/components/schemas/${id}` });
const problem = component('ProblemDetails');

/**
 * The failures the platform answers on its own, before or around a route's handler, each with the
 * condition under which a route can give it. Bodies are problem details (`errors.ts`).
 */
const platformFailures: Record<
  number,
  { description: string; schema: JsonSchema; applies: (route: RouteFacts) => boolean }
> = {
  400: {
    description:
      'The request is not valid: `ValidationFailed` names each offending field in `errors`; a body ' +
      'that is not JSON (`MalformedJson`), an address that does not decode (`MalformedRequest`) or an ' +
      'operation’s own refusal carries no `errors`.',
    schema: { anyOf: [component('ValidationProblem'), problem] },
    applies: (route) => route.versioned || route.hasInput,
  },
  401: {
    description: 'No valid access token (`Unauthorized`); `WWW-Authenticate` says whether one was refused.',
    schema: problem,
    applies: (route) => !route.isPublic,
  },
  403: {
    description: 'The caller’s roles do not grant the operation (`Forbidden`).',
    schema: problem,
    applies: (route) => !route.isPublic,
  },
  404: {
    description: 'No such record, or not one the caller may see (`NotFoundException`).',
    schema: problem,
    applies: (route) => route.hasPathParameters,
  },
  413: {
    description: 'The body is larger than the server accepts (`PayloadTooLarge`, `BODY_LIMIT`).',
    schema: problem,
    applies: (route) => route.readsBody,
  },
  414: {
    description: 'A part of the address is longer than the server accepts (`UriTooLong`).',
    schema: problem,
    applies: (route) => route.hasPathParameters,
  },
  415: {
    description: 'The body is not `application/json` (`UnsupportedMediaType`).',
    schema: problem,
    applies: (route) => route.readsBody,
  },
  429: {
    description: 'Too many requests from this client (`RateLimited`); `Retry-After` says when to try again.',
    schema: problem,
    applies: (route) => route.rateLimited,
  },
  500: {
    description: 'An unexpected failure (`unknown`); details are logged with the request id, never sent.',
    schema: problem,
    applies: () => true,
  },
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers an HTML page, documented as `text/html` (the test gateway's pages). */
    html?: boolean;
    /**
     * The route answers a file, documented as binary in each of these media types (`true`: a stored
     * document, in each allowed document type).
     */
    file?: boolean | readonly string[];
    /** The route reads a guest case's secret (`X-Guest-Secret`), documented as its security scheme. */
    guestSecret?: boolean;
  }
}

interface RouteFacts {
  /** Under `/api/v1/`, where `?_envelope=` is read (and refused when not `1`). */
  versioned: boolean;
  hasInput: boolean;
  hasPathParameters: boolean;
  /** Fastify parses a body for every method but GET and HEAD. */
  readsBody: boolean;
  rateLimited: boolean;
  isPublic: boolean;
  /** The success answer is an HTML page (route config `html: true`), not JSON. */
  html: boolean;
  /** The success answer is a file (route config `file`) in these media types, not JSON; empty: not a file. */
  file: readonly string[];
  /** Needs a guest case's secret (route config `guestSecret: true`). */
  guestSecret: boolean;
}

function routeFacts(route: RouteOptions, url: string, schema: JsonSchema): RouteFacts {
  const methods = typeof route.method === 'string' ? [route.method] : route.method;
  const operationId = schema.operationId;
  const routeConfig = route.config as
    | { rateLimit?: unknown; html?: boolean; file?: boolean | readonly string[]; guestSecret?: boolean }
    | undefined;
  return {
    versioned: url.startsWith('/api/v1/'),
    hasInput: ['params', 'querystring', 'body'].some((part) => schema[part] !== undefined),
    hasPathParameters: url.includes('/:'),
    readsBody: methods.some((method) => method !== 'GET' && method !== 'HEAD'),
    rateLimited: routeConfig?.rateLimit !== false,
    isPublic: isOperationId(operationId) && isPublicOperation(operationId),
    html: routeConfig?.html === true,
    file:
      routeConfig?.file === true
        ? documentContentTypes
        : Array.isArray(routeConfig?.file)
          ? routeConfig.file
          : [],
    guestSecret: routeConfig?.guestSecret === true,
  };
}

function withoutDescription(schema: JsonSchema): JsonSchema {
  const { description: _description, ...rest } = schema;
  return rest;
}

/**
 * Every response an operation can give, as sent: failures as `application/problem+json` (those the
 * route declares and those the platform adds), and each JSON success also in its `?_envelope=1` form.
 */
function documentedResponses(facts: RouteFacts, declared: Record<string, JsonSchema>) {
  const responses: Record<string, JsonSchema> = {};
  for (const [status, schema] of Object.entries(declared)) {
    const code = Number(status);
    const description = typeof schema.description === 'string' ? schema.description : undefined;
    if (code >= 400) {
      const platform = platformFailures[code];
      // Every 400 can be either shape (a malformed body has no field errors).
      const body = code === 400 && platform ? platform.schema : withoutDescription(schema);
      responses[status] = {
        description: description ?? platform?.description ?? STATUS_CODES[code] ?? 'Error',
        content: { [problemMediaType]: { schema: body } },
      };
    } else if (code >= 200 && code < 300 && facts.html) {
      responses[status] = {
        description: description ?? 'An HTML page',
        content: { 'text/html': { schema: { type: 'string' } } },
      };
    } else if (code >= 200 && code < 300 && facts.file.length > 0) {
      const binary = { type: 'string', format: 'binary' };
      responses[status] = {
        description: description ?? 'The file, as an attachment',
        content: Object.fromEntries(facts.file.map((type) => [type, { schema: binary }])),
      };
    } else if (code >= 200 && code < 300 && facts.versioned && schema.type !== 'null') {
      const data = withoutDescription(schema);
      responses[status] = {
        ...(description && { description }),
        anyOf: [
          data,
          {
            type: 'object',
            description: 'The same body under `data`, with `?_envelope=1`.',
            properties: { data },
            required: ['data'],
            additionalProperties: false,
          },
        ],
      };
    } else {
      responses[status] = schema;
    }
  }
  for (const [status, failure] of Object.entries(platformFailures)) {
    if (status in responses || !failure.applies(facts)) continue;
    responses[status] = {
      description: failure.description,
      content: { [problemMediaType]: { schema: failure.schema } },
    };
  }
  return responses;
}

/**
 * Zod → JSON Schema for each route, plus what the platform adds to every application route: the
 * `_envelope` query parameter (the envelope plugin applies it; no route declares it itself), the
 * failures of `platformFailures`, and the bearer token of operations that need a signed-in caller.
 */
const transform: SwaggerTransform = (document) => {
  const result = zodTransform(document);
  const schema = result.schema as JsonSchema;
  // The identity server's own protocol (`/realms`, `/admin`) is Keycloak's, documented by Keycloak;
  // our document describes our API only.
  if (!document.url.startsWith('/api/')) return { ...result, schema: { ...schema, hide: true } };
  if (schema.hide === true) return result;
  const facts = routeFacts(document.route, document.url, document.schema as JsonSchema);
  const documented: JsonSchema = {
    ...schema,
    response: documentedResponses(facts, (schema.response ?? {}) as Record<string, JsonSchema>),
    // Public operations take a token when one is sent (e.g. to flag services the caller requested).
    security: facts.guestSecret
      ? facts.isPublic
        ? [{ [guestSecretSecurityScheme]: [] }]
        : [{ [bearerSecurityScheme]: [], [guestSecretSecurityScheme]: [] }]
      : facts.isPublic
        ? [{}, { [bearerSecurityScheme]: [] }]
        : [{ [bearerSecurityScheme]: [] }],
  };
  if (!facts.versioned) return { ...result, schema: documented };
  const querystring = (schema.querystring ?? { type: 'object', properties: {} }) as JsonObjectSchema;
  // A query schema that is a `$ref` to a component cannot take an extra property.
  if (querystring.properties === undefined && schema.querystring !== undefined) {
    return { ...result, schema: documented };
  }
  return {
    ...result,
    schema: {
      ...documented,
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
        components: {
          securitySchemes: {
            [bearerSecurityScheme]: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description:
                'An access token of the identity server (`/realms/{realm}/protocol/openid-connect/token`, client `web`).',
            },
            [guestSecretSecurityScheme]: {
              type: 'apiKey',
              in: 'header',
              name: 'X-Guest-Secret',
              description:
                'The secret of a guest’s case (anonymous wizard), answered once by `createGuestCase` and kept ' +
                'by the guest’s browser. A missing or wrong one answers 404, as a missing case.',
            },
          },
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
          { name: 'clients', description: 'The people a carer looks after, and their services pool' },
          { name: 'cases', description: 'A client’s needs: cases with their requests and questionnaires' },
          {
            name: 'care requests',
            description: 'Sending a request to a provider from the review page, and following it',
          },
          { name: 'documents', description: 'Files attached to a request: upload, download, removal' },
          { name: 'providers', description: 'Organisations joining Opora, and their verification by staff' },
          {
            name: 'provider inbox',
            description:
              'A provider’s requests: the grid and its exports, a request’s detail, status, note and ' +
              'assignment, the team and the dashboard — each scoped to the caller’s membership',
          },
          {
            name: 'provider plan',
            description:
              'A provider’s plan: three free months, then a monthly payment set up by its administrator',
          },
          {
            name: 'provider listing',
            description:
              'Keeping a provider’s listing true: the six-monthly confirmation the provider area asks for',
          },
          {
            name: 'provider services',
            description:
              'A provider’s services: create, edit (optimistic concurrency), activate, deactivate, archive, ' +
              'preview, and the questionnaires they ask for, the provider’s own included',
          },
          {
            name: 'provider team',
            description:
              'A provider’s team: its people and their roles, invitations by e-mail and their acceptance, ' +
              'removal (issue 24 §1)',
          },
          {
            name: 'platform staff',
            description:
              'The staff console: checking providers against the public registers (queue, detail, decision) ' +
              'and the append-only audit log of staff actions (issue 25)',
          },
          {
            name: 'provider clients',
            description:
              'A provider’s own clients (phone, walk-in, e-mail, referrals) entered with a request, the check ' +
              'for people already on file, and the record of care of every client at the provider (issue 24 §2)',
          },
          {
            name: 'service capacity',
            description:
              'Live capacity of a provider’s services: accepting new clients, free places, waiting time and ' +
              'when it was last confirmed (issue 23 §4)',
          },
          {
            name: 'images',
            description:
              'A provider’s logo and facility photos: uploads, the stored images and the image proxy ' +
              'that resizes them (SPEC §7)',
          },
          {
            name: 'provider profile',
            description:
              'A provider’s details, facilities and contacts; every save names the revision it edited ' +
              '(409 `RecordChangedByAnother` with the current record otherwise)',
          },
          {
            name: 'subscriptions',
            description: 'Plans, the user’s subscription and its cancellation, checkouts, the assistant',
          },
          {
            name: 'payments',
            description: 'The production payment gateway’s signed webhook (Stripe Billing)',
          },
          {
            name: 'test gateway',
            description: 'The embedded test payment gateway: its payment page and signed callback',
          },
          {
            name: 'surveys',
            description: 'Questionnaires: the published ones, a case’s answers, staff’s definitions',
          },
          {
            name: 'service-types',
            description: 'Service types and categories with their names, for platform administrators',
          },
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
