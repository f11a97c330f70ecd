import { createErrorDetail } from '@opora/contracts';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { FieldValidationError } from './errors.ts';

export const envelopeQueryParameter = '_envelope';

/** The one value `?_envelope=` takes. */
export const envelopeValue = '1';

function envelopeValues(url: string): string[] {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return [];
  return new URLSearchParams(url.slice(queryStart + 1)).getAll(envelopeQueryParameter);
}

function wantsEnvelope(url: string): boolean {
  return envelopeValues(url)[0] === envelopeValue;
}

function enveloped(url: string, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' || payload === '') return payload;
  if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
  const contentType = reply.getHeader('content-type');
  if (typeof contentType !== 'string' || !contentType.startsWith('application/json')) return payload;
  if (!wantsEnvelope(url)) return payload;
  return `{"data":${payload}}`;
}

/**
 * `?_envelope=1` wraps a successful JSON body as `{ "data": ... }` (SPEC §7). It works on the
 * serialized text, after the route's zod serializer has checked the body against its schema,
 * so every route gets it without declaring a second response shape.
 *
 * On `/api/v1/` routes, where the OpenAPI document declares it, any other value (`0`, `true`, empty)
 * is refused as a validation problem rather than silently answered without the envelope.
 */
export const envelopePlugin = fp(
  async (app) => {
    // Callback style: an async hook costs every response a promise and a microtask turn.
    app.addHook('preValidation', (request, _reply, done) => {
      if (request.is404 || !request.url.startsWith('/api/v1/')) return done();
      if (envelopeValues(request.url).every((value) => value === envelopeValue)) return done();
      done(
        new FieldValidationError([
          createErrorDetail(envelopeQueryParameter, 'invalidOption', {
            parameters: { values: envelopeValue },
          }),
        ]),
      );
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      done(null, enveloped(request.url, reply, payload));
    });
  },
  { name: 'envelope', fastify: '5.x' },
);
