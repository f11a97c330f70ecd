import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

export const envelopeQueryParameter = '_envelope';

function wantsEnvelope(url: string): boolean {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return false;
  return new URLSearchParams(url.slice(queryStart + 1)).get(envelopeQueryParameter) === '1';
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
 */
export const envelopePlugin = fp(
  async (app) => {
    // Callback style: an async hook costs every response a promise and a microtask turn.
    app.addHook('onSend', (request, reply, payload, done) => {
      done(null, enveloped(request.url, reply, payload));
    });
  },
  { name: 'envelope', fastify: '5.x' },
);
