import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';
import type { Config } from './config.ts';

export const requestIdHeader = 'x-request-id';

/** Incoming ids are echoed into logs and headers, so only short, inert ones are trusted. */
const safeRequestId = /^[A-Za-z0-9._:-]{1,128}$/;

export function generateRequestId(request: IncomingMessage): string {
  const incoming = request.headers[requestIdHeader];
  return typeof incoming === 'string' && safeRequestId.test(incoming) ? incoming : randomUUID();
}

function pathOnly(url: string | undefined): string | undefined {
  return url?.split('?', 1)[0];
}

interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  code?: unknown;
  cause?: LoggedError;
}

/**
 * Only the shape of a failure: driver errors carry row values in `detail`, `where` or
 * `parameters`, PostgreSQL's own messages quote the offending value ("invalid input syntax …:
 * \"jana@example.cz\""), and Drizzle's wrapper lists the query parameters — personal data here.
 * Those messages are replaced by their SQLSTATE and constraint; query text stays (it is
 * parameterised), its parameters do not.
 */
function safeMessage(error: Error): string {
  const postgres = error as { severity?: unknown; code?: unknown; constraint?: unknown };
  if (typeof postgres.severity === 'string' && typeof postgres.code === 'string') {
    return `PostgreSQL error ${postgres.code}${typeof postgres.constraint === 'string' ? ` (${postgres.constraint})` : ''}`;
  }
  const parameters = error.message.indexOf('\nparams:');
  return parameters === -1 ? error.message : `${error.message.slice(0, parameters)}\nparams: [withheld]`;
}

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: 'non-error thrown' };
  const code = (error as { code?: unknown }).code;
  const message = safeMessage(error);
  // The stack repeats the message before its frames.
  const frames = error.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  return {
    type: error.name,
    message,
    ...(frames === undefined ? {} : { stack: [`${error.name}: ${message}`, ...frames].join('\n') }),
    ...(code === undefined ? {} : { code }),
    ...(error.cause !== undefined && depth < 3 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

/**
 * The process logger, JSON lines to stdout (or `destination`). Request lines carry method, path
 * (never the query string), status and duration; bodies, headers and cookies are never
 * serialized, and are redacted should any log call pass them explicitly.
 */
export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level: config.logLevel,
    serializers: {
      req: (request: { method?: string; url?: string }) => ({
        method: request.method,
        path: pathOnly(request.url),
      }),
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
      err: (error: unknown) => serializeError(error),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'headers.cookie',
        'res.headers["set-cookie"]',
        'body',
        'req.body',
        'query',
        'req.query',
        // Secrets that a careless log call might pass inside an object.
        'password',
        '*.password',
        '*.newPassword',
        '*.currentPassword',
        '*.token',
        '*.resetToken',
        '*.refresh_token',
        '*.access_token',
        '*.client_secret',
      ],
      censor: '[redacted]',
    },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}

/** Fastify options for request ids; Fastify's own header lookup is off so `genReqId` vets it. */
export const requestIdOptions = {
  genReqId: generateRequestId,
  requestIdHeader: false,
} satisfies Partial<FastifyServerOptions>;

/** Echoes the request id so a caller can quote it when reporting a problem. */
export const requestIdPlugin = fp(
  async (app) => {
    // Callback style: an async hook costs every request a promise and a microtask turn.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header(requestIdHeader, request.id);
      done();
    });
  },
  { name: 'request-id', fastify: '5.x' },
);
