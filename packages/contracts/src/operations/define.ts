import type { z } from 'zod';
import type { Role } from '../enums.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an operation: anyone (`public`), anyone signed in (`login`), or the holders of one of
 * the roles.
 */
export type OperationAccess = 'public' | 'login' | { readonly roles: readonly Role[] };

/**
 * The route half of an operation: id, method, full path (Fastify's `:param` syntax) and access. Plain
 * data without schemas, so the web app's shell can name an operation without loading zod.
 */
export interface OperationRoute {
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly path: `/${string}`;
  readonly access: OperationAccess;
}

/** An operation with its schemas: what the API validates and documents, and the web derives types from. */
export interface OperationContract extends OperationRoute {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The success answer's body; `null` for 204. */
  readonly response: z.ZodType | null;
  /** 200 unless the operation creates (201) or answers nothing (204). */
  readonly successStatus: 200 | 201 | 204;
  /**
   * Every answer, failures too, carries `Cache-Control: no-store`: what it holds (health data, a
   * person's records, a provider's inbox, a secret) must not be kept by any cache.
   */
  readonly noStore?: true;
}

type Field<O, K extends string> = O extends { readonly [P in K]: infer S extends z.ZodType } ? S : never;

/** What a caller passes: `params`, `query` and `body` where the operation has them (inputs, before defaults). */
export type OperationInput<O extends OperationContract> = ([Field<O, 'params'>] extends [never]
  ? { params?: undefined }
  : { params: z.input<Field<O, 'params'>> }) &
  ([Field<O, 'query'>] extends [never] ? { query?: undefined } : { query?: z.input<Field<O, 'query'>> }) &
  ([Field<O, 'body'>] extends [never] ? { body?: undefined } : { body: z.input<Field<O, 'body'>> });

/** What a caller receives on success. */
export type OperationOutput<O extends OperationContract> = O['response'] extends z.ZodType
  ? z.output<O['response']>
  : undefined;
