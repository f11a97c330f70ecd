import { STATUS_CODES } from 'node:http';
import {
  type ErrorCode,
  type ErrorDetail,
  errorStatus,
  type ProblemDetails,
  toErrorDetails,
  type ValidationProblem,
} from '@opora/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
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

  constructor(code: ErrorCode, detail?: string, options?: { cause?: unknown }) {
    super(detail ?? code, options);
    this.name = 'AppError';
    this.code = code;
    this.status = errorStatus[code];
    this.detail = detail;
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
    app.setErrorHandler(async (error: HandledError, request, reply) => {
      if (error instanceof FieldValidationError) {
        return sendProblem(reply, validationProblem(request, error.errors, error.code, error.detail));
      }
      if (error instanceof AppError) {
        if (error.status >= 500) request.log.error({ err: error }, 'request failed');
        return sendProblem(reply, problemFor(request, error.status, error.code, error.detail));
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

    app.setNotFoundHandler(async (request, reply) =>
      sendProblem(
        reply,
        problemFor(request, 404, 'RouteNotFound', `No route ${request.method} ${requestPath(request)}.`),
      ),
    );
  },
  { name: 'errors', fastify: '5.x' },
);
