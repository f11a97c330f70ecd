import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** A JSON body serialized once, with the strong validator of exactly these bytes. */
export interface TaggedJson {
  body: string;
  etag: string;
}

export function tagJson(value: unknown): TaggedJson {
  const body = JSON.stringify(value);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  return { body, etag: `"${hash}"` };
}

export const jsonContentType = 'application/json; charset=utf-8';

/** RFC 9110 §13.1.2: If-None-Match compares weakly and may list several tags or `*`. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/** The tag of the `?_envelope=1` representation of the body tagged `etag`. */
export function envelopedEtag(etag: string): string {
  return `${etag.slice(0, -1)}-e"`;
}

/**
 * Sends pre-serialized JSON with its ETag, or `304 Not Modified` when the caller holds it already.
 * With `?_envelope=1` the body is wrapped afterwards (platform/envelope.ts), so that representation
 * gets a tag of its own.
 */
export function sendTaggedJson(request: FastifyRequest, reply: FastifyReply, tagged: TaggedJson) {
  const enveloped = new URLSearchParams(request.url.split('?')[1] ?? '').get('_envelope') === '1';
  const etag = enveloped ? envelopedEtag(tagged.etag) : tagged.etag;
  reply.header('etag', etag);
  if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(jsonContentType).send(tagged.body);
}

export const notModified = z.null().meta({ description: 'The caller’s copy (If-None-Match) is current.' });
