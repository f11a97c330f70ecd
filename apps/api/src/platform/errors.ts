import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import {
  type ErrorCode,
  type ErrorDetail,
  errorStatus,
  type ProblemDetails,
  toErrorDetails,
  type ValidationProblem,
} from '@opora/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';

/**
 * A failure with a catalogue code (SPEC §8). Thrown anywhere below a route; the error
 * handler turns it into problem details with the code's HTTP status.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail: string | undefined;
  /** Members the problem details carry besides the standard ones (e.g. `current` of a 409). */
  readonly extensions: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    detail?: string,
    options?: { cause?: unknown; extensions?: Record<string, unknown> },
  ) {
    super(detail ?? code, options);
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus[code];
    this.detail = detail;
    this.extensions = options?.extensions;
  }
}

export class NotFoundError extends AppError {
  constructor(detail = 'The record was not found; it may no longer exist or you may lack access to it.') {
    super('NotFoundException', detail);
    this.name = 'NotFoundError';
  }
}

export class UnauthorizedError extends AppError {
  constructor(detail = 'Sign in to continue.') {
    super('Unauthorized', detail);
    this.name = 'UnauthorizedError';
  }
}

export class ForbiddenError extends AppError {
  constructor(detail = 'You do not have permission to do this.') {
    super('Forbidden', detail);
    this.name = 'ForbiddenError';
  }
}

export class ConflictError extends AppError {
  constructor(detail = 'The request conflicts with the current state of the record.') {
    super('Conflict', detail);
    this.name = 'ConflictError';
  }
}

/**
 * `RecordChangedByAnother` (409): a save named a revision the record no longer has. `current` is the
 * record as its read operation answers it, so the person sees the other's values beside their own.
 */
export class RecordChangedError extends AppError {
  readonly current: unknown;

  constructor(current: unknown, detail = 'Someone else saved this record after you read it.') {
    super('RecordChangedByAnother', detail);
    this.name = 'RecordChangedError';
    this.current = current;
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(detail = 'The service is temporarily unavailable.', options?: { cause?: unknown }) {
    super('ServiceUnavailable', detail, options);
    this.name = 'ServiceUnavailableError';
  }
}

/**
 * A failure that names the offending fields, answered as a validation problem so the web
 * form shows each message beside its input (e.g. `NotUniqueValidator` on `email`).
 */
export class FieldValidationError extends AppError {
  readonly errors: ErrorDetail[];

  constructor(errors: ErrorDetail[], code: ErrorCode = 'ValidationFailed', detail?: string) {
    super(code, detail ?? 'One or more fields are invalid.');
    this.name = 'FieldValidationError';
    this.errors = errors;
  }
}

/**
 * Problem `type`: `about:blank`, as RFC 9457 §4.2.1 advises when the status alone says what
 * kind of problem it is; the machine-readable kind is the catalogue `code` extension, and
 * `title` is the status phrase.
 */
const problemType = 'about:blank';

export const problemContentType = 'application/problem+json; charset=utf-8';

function requestPath(request: FastifyRequest): string {
  const queryStart = request.url.indexOf('?');
  return queryStart === -1 ? request.url : request.url.slice(0, queryStart);
}

export function problemFor(
  request: FastifyRequest,
  status: number,
  code: ErrorCode,
  detail?: string,
): ProblemDetails {
  return {
    type: problemType,
    title: STATUS_CODES[status] ?? 'Error',
    status,
    ...(detail === undefined ? {} : { detail }),
    instance: requestPath(request),
    code,
  };
}

function validationProblem(
  request: FastifyRequest,
  errors: ErrorDetail[],
  code: ErrorCode = 'ValidationFailed',
  detail = 'One or more fields are invalid.',
): ValidationProblem {
  return { ...problemFor(request, errorStatus[code], code, detail), identifier: request.id, errors };
}

/** Sends a problem body as a string so no route's response serializer reshapes it. */
export function sendProblem(reply: FastifyReply, problem: ProblemDetails): FastifyReply {
  return reply.code(problem.status).type(problemContentType).send(JSON.stringify(problem));
}

/** Fastify's own request failures, by their error code. */
const frameworkErrors: Record<string, { code: ErrorCode; status: number; detail: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: 'MalformedJson',
    status: 400,
    detail: 'The body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'MalformedJson',
    status: 400,
    detail: 'The body is empty but its content type is JSON.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PayloadTooLarge',
    status: 413,
    detail: 'The body is larger than the server accepts.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UnsupportedMediaType',
    status: 415,
    detail: 'The body content type is not supported; send application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'ValidationFailed',
    status: 400,
    detail: 'The Content-Length header does not match the body.',
  },
};

/**
 * Fastify's `frameworkErrors`: failures while routing, before any hook or handler runs — a path that
 * does not percent-decode, a path parameter over `maxParamLength`.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    return sendProblem(reply, problemFor(request, 400, 'MalformedRequest', 'The address is not valid.'));
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return sendProblem(reply, problemFor(request, 414, 'UriTooLong', 'A part of the address is too long.'));
  }
  request.log.error({ err: error }, 'request failed');
  return sendProblem(reply, problemFor(request, 500, 'unknown', 'An error occurred during the request.'));
}

/** Node's HTTP parser failures, by their error code (Node answers the same statuses itself). */
const connectionErrors: Record<string, { code: ErrorCode; status: number; detail: string }> = {
  HPE_HEADER_OVERFLOW: {
    code: 'HeadersTooLarge',
    status: 431,
    detail: 'The request line and headers are larger than the server accepts.',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    code: 'PayloadTooLarge',
    status: 413,
    detail: 'The chunk extensions are larger than the server accepts.',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    code: 'RequestTimeout',
    status: 408,
    detail: 'The request was not received in time.',
  },
};

/** The path of the request line at the start of `rawPacket`, when it is there whole and short. */
function rawRequestPath(rawPacket: unknown): string | undefined {
  if (!Buffer.isBuffer(rawPacket)) return undefined;
  const line = rawPacket.subarray(0, 2048).toString('latin1').split('\r\n', 1)[0] ?? '';
  return /^[A-Z]+ (\/[^\s?#]*)\S* HTTP\/1\.[01]$/.exec(line)?.[1];
}

/**
 * Fastify's `clientErrorHandler` (Node's `clientError`): the HTTP parser refused the request (headers
 * over `maxHeaderSize`, a malformed request line, a timeout) before any request object exists, so the
 * problem details are written to the socket, which is then closed. As Node does, nothing is written
 * while another response on this connection is under way.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Duplex,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const known = connectionErrors[error.code ?? ''] ?? {
    code: 'MalformedRequest',
    status: 400,
    detail: 'The request could not be read.',
  };
  // The raw packet may hold cookies or tokens: only the parser's code is logged.
  this.log.debug({ code: error.code, status: known.status }, 'client error');
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const instance = rawRequestPath(error.rawPacket);
    const problem: ProblemDetails = {
      type: problemType,
      title: STATUS_CODES[known.status] ?? 'Error',
      status: known.status,
      detail: known.detail,
      ...(instance === undefined ? {} : { instance }),
      code: known.code,
    };
    const body = JSON.stringify(problem);
    socket.write(
      `HTTP/1.1 ${known.status} ${problem.title}\r\n` +
        `Content-Type: ${problemContentType}\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'X-Content-Type-Options: nosniff\r\n' +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** An `/api/` route as registered: each method of a route counts as one. */
export interface ApiRoute {
  method: string;
  /** Fastify's pattern, e.g. `/api/v1/web/services/:serviceId`. */
  url: string;
  /** `schema.operationId`; the permission check (auth.ts) guards exactly the routes that have one. */
  operationId: string | undefined;
}

/**
 * The `/api/` routes the app registers, so that a method a path does not answer gets 405 and
 * `Allow` instead of the 404 of a path that does not exist. Paths are matched as Fastify matches
 * them: `:name` is one segment, `*` the rest.
 */
export class ApiRoutes {
  readonly #routes: ApiRoute[] = [];
  readonly #patterns = new Map<string, { pattern: RegExp; methods: Set<string> }>();

  add(url: string, method: string | readonly string[], operationId: unknown): void {
    if (!url.startsWith('/api/')) return;
    let path = this.#patterns.get(url);
    if (path === undefined) {
      const source = url
        .split('/')
        .map((segment) => {
          if (segment.startsWith(':')) return '[^/]+';
          if (segment === '*') return '.*';
          return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        })
        .join('/');
      path = { pattern: new RegExp(`^${source}$`), methods: new Set() };
      this.#patterns.set(url, path);
    }
    for (const each of typeof method === 'string' ? [method] : method) {
      path.methods.add(each.toUpperCase());
      this.#routes.push({
        method: each.toUpperCase(),
        url,
        operationId: typeof operationId === 'string' ? operationId : undefined,
      });
    }
    // Fastify answers HEAD for every GET route.
    if (path.methods.has('GET')) path.methods.add('HEAD');
  }

  /** Every route, in the order of registration. */
  list(): readonly ApiRoute[] {
    return this.#routes;
  }

  /**
   * Methods of the route registered with exactly this path and no parameters (`/clients/my-enum`),
   * sorted; empty when there is none.
   */
  staticMethods(path: string): string[] {
    if (path.includes(':')) return [];
    return [...(this.#patterns.get(path)?.methods ?? [])].sort();
  }

  /** Methods answered at this path, sorted; empty when no API route has the path. */
  allowed(path: string): string[] {
    // A fixed path is its own resource: the router never sends it to a parametric sibling's methods.
    const fixed = this.staticMethods(path);
    if (fixed.length > 0) return fixed;
    const methods = new Set<string>();
    for (const route of this.#patterns.values()) {
      if (route.pattern.test(path)) for (const method of route.methods) methods.add(method);
    }
    return [...methods].sort();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The `/api/` routes registered after the errors plugin, i.e. all of them (see `ApiRoutes`). */
    apiRoutes: ApiRoutes;
  }
}

/** Catalogue code for a 4xx that carries only a status (from a plugin or the framework). */
function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'Unauthorized';
    case 403:
      return 'Forbidden';
    case 404:
      return 'RouteNotFound';
    case 405:
      return 'MethodNotAllowed';
    case 409:
      return 'Conflict';
    case 413:
      return 'PayloadTooLarge';
    case 415:
      return 'UnsupportedMediaType';
    case 429:
      return 'RateLimited';
    default:
      return 'ValidationFailed';
  }
}

/** Ajv-style validation entries (only from schemas not written in zod, e.g. a plugin's). */
function detailsFromValidation(validation: FastifyError['validation']): ErrorDetail[] {
  return (validation ?? []).map((entry, index) => ({
    id: String(index + 1),
    code: entry.keyword,
    instructions: `validation:${entry.keyword}`,
    property: entry.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    parameters: { ...entry.params },
  }));
}

type HandledError = FastifyError & { validationContext?: string };

function statusOf(error: HandledError): number | undefined {
  const status = error.statusCode;
  return typeof status === 'number' && status >= 400 && status <= 599 ? status : undefined;
}

/**
 * The one place that turns failures into responses: problem details for every error, the
 * validation envelope for field errors, and no internals in 5xx answers (they are logged
 * with the request id instead).
 */
export const errorsPlugin = fp(
  async (app) => {
    const apiRoutes = new ApiRoutes();
    app.decorate('apiRoutes', apiRoutes);
    app.addHook('onRoute', (route) => apiRoutes.add(route.url, route.method, route.schema?.operationId));

    /** No route for the method and path: 405 when the API path answers other methods, else 404. */
    const noRoute = (request: FastifyRequest, reply: FastifyReply) => {
      const path = requestPath(request);
      // RFC 9110 §15.5.6. A route that sent its own request here (e.g. the development mailbox to
      // another machine) answers the method, so that stays the 404 of a path that does not exist.
      const allowed = apiRoutes.allowed(path);
      if (allowed.length > 0 && !allowed.includes(request.method)) {
        reply.header('allow', allowed.join(', '));
        const detail = `${path} does not answer ${request.method}; it answers ${allowed.join(', ')}.`;
        return sendProblem(reply, problemFor(request, 405, 'MethodNotAllowed', detail));
      }
      return sendProblem(
        reply,
        problemFor(request, 404, 'RouteNotFound', `No route ${request.method} ${path}.`),
      );
    };

    app.setErrorHandler(async (error: HandledError, request, reply) => {
      // The body of a request no route takes (Fastify reads it before the not-found handler: a QUERY
      // without Content-Type, a body too large or not JSON) does not matter: there is no route.
      if (request.is404 && error.statusCode !== undefined && error.statusCode < 500) {
        return noRoute(request, reply);
      }
      if (error instanceof FieldValidationError) {
        return sendProblem(reply, validationProblem(request, error.errors, error.code, error.detail));
      }
      if (error instanceof RecordChangedError) {
        return sendProblem(reply, {
          ...problemFor(request, error.status, error.code, error.detail),
          current: error.current,
        } as ProblemDetails);
      }
      if (error instanceof AppError) {
        if (error.status >= 500) request.log.error({ err: error }, 'request failed');
        return sendProblem(reply, {
          ...error.extensions,
          ...problemFor(request, error.status, error.code, error.detail),
        });
      }
      // `PUT /clients/my-enum` reaches `PUT /clients/:clientId` and fails its id; the path is a route
      // of its own that does not answer the method, which is what the caller needs to hear (405).
      if (error instanceof z.ZodError && error.validationContext === 'params') {
        const methods = apiRoutes.staticMethods(requestPath(request));
        if (methods.length > 0 && !methods.includes(request.method)) {
          reply.header('allow', methods.join(', '));
          const detail = `${requestPath(request)} does not answer ${request.method}; it answers ${methods.join(', ')}.`;
          return sendProblem(reply, problemFor(request, 405, 'MethodNotAllowed', detail));
        }
      }
      // Request validation: our validator compiler hands Fastify the ZodError itself.
      if (error instanceof z.ZodError && error.validationContext !== undefined) {
        return sendProblem(reply, validationProblem(request, toErrorDetails(error)));
      }
      const framework = frameworkErrors[error.code];
      if (framework) {
        return sendProblem(reply, problemFor(request, framework.status, framework.code, framework.detail));
      }
      if (error.validation) {
        return sendProblem(reply, validationProblem(request, detailsFromValidation(error.validation)));
      }
      const status = statusOf(error);
      if (status !== undefined && status < 500) {
        return sendProblem(reply, problemFor(request, status, codeForStatus(status), error.message));
      }
      request.log.error({ err: error }, 'request failed');
      if (status === 503) {
        return sendProblem(reply, problemFor(request, 503, 'ServiceUnavailable'));
      }
      return sendProblem(reply, problemFor(request, 500, 'unknown', 'An error occurred during the request.'));
    });

    app.setNotFoundHandler(async (request, reply) => noRoute(request, reply));
  },
  { name: 'errors', fastify: '5.x' },
);
