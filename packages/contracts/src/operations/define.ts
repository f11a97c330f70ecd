import type { z } from 'zod';
import type { Role } from '../enums.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an operation: anyone (`public`), anyone signed in (`login`), or the holders of one of
 * the roles.
 */
export type OperationAccess = 'public' | 'login' | { readonly roles: readonly Role[] };

/**
 * An operation of the API, declared once in the operations table (`table.ts`): method, full path
 * (Fastify's `:param` syntax), who may call it, its schemas and flags. The API validates and
 * documents it; the web app calls it and derives its types from it; the permission table reads its
 * access.
 */
export interface OperationContract {
  /** Its key in the table. */
  readonly operationId: string;
  readonly method: HttpMethod;
  readonly path: `/${string}`;
  readonly access: OperationAccess;
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

/** A table entry as written: the operation without its id, which is the entry's key. */
export type OperationDeclaration = Omit<OperationContract, 'operationId'>;

/** Each entry of the table with its key as its `operationId`. */
export type OperationTable<T extends Record<string, OperationDeclaration>> = {
  readonly [K in keyof T & string]: T[K] & { readonly operationId: K };
};

/** The operations table from its entries: each gets its key as `operationId`, in the order written. */
export function defineOperations<const T extends Record<string, OperationDeclaration>>(
  table: T,
): OperationTable<T> {
  return Object.fromEntries(
    Object.entries(table).map(([operationId, operation]) => [operationId, { ...operation, operationId }]),
  ) as OperationTable<T>;
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
