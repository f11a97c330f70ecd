import type { OperationContract } from '@opora/contracts';
import type { RouteShorthandOptions } from 'fastify';
import { z } from 'zod';

const noContent = z.null().meta({ description: 'Done; no body.' });

type SchemaOf<O, K extends string> = O extends { readonly [P in K]: infer S extends z.ZodType }
  ? S
  : undefined;
type SuccessBody<O extends OperationContract> = O['response'] extends z.ZodType
  ? O['response']
  : typeof noContent;

/** What the API adds to an operation's contract: documentation and the failures it can answer. */
export interface OperationDocs<F extends Record<number, z.ZodType>> {
  tags: string[];
  summary: string;
  description?: string;
  /** Domain failures this operation answers (404, 409, ...); the platform's are documented for it. */
  failures?: F;
  /** Route config (`rateLimit`, ...). */
  config?: RouteShorthandOptions['config'];
}

/**
 * Fastify route options from an operation of the contracts' table: method, full path, operation id
 * and every schema, so a route spreads its entry and adds only its handler (`app.route({
 * ...operationRoute(operations.getClient, docs), handler })`). Register route modules that use it
 * without a prefix: the path is the full one.
 */
export function operationRoute<
  O extends OperationContract,
  F extends Record<number, z.ZodType> = Record<never, z.ZodType>,
>(operation: O, docs: OperationDocs<F>) {
  const schema = {
    operationId: operation.operationId,
    tags: docs.tags,
    summary: docs.summary,
    ...(docs.description ? { description: docs.description } : {}),
    ...(operation.params ? { params: operation.params } : {}),
    ...(operation.query ? { querystring: operation.query } : {}),
    ...(operation.body ? { body: operation.body } : {}),
    response: { [operation.successStatus]: operation.response ?? noContent, ...docs.failures },
  };
  return {
    method: operation.method,
    url: operation.path,
    ...(docs.config ? { config: docs.config } : {}),
    schema: schema as unknown as {
      operationId: O['operationId'];
      tags: string[];
      summary: string;
      description?: string;
      params: SchemaOf<O, 'params'>;
      querystring: SchemaOf<O, 'query'>;
      body: SchemaOf<O, 'body'>;
      response: { [K in O['successStatus']]: SuccessBody<O> } & F;
    },
  };
}
