import {
  ERRORS,
  type ErrorBody,
  type ErrorCode,
  FEATURE_OFF_CODES,
  type ValidationCode,
  validationErrorOf,
} from '@rankmatch/shared';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import { loggableError } from '../log.ts';

/** An error with a stable code from the shared catalogue; the reply uses the catalogue's status and message. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: ErrorBody['details'],
  ) {
    super(message ?? ERRORS[code].message);
    this.status = ERRORS[code].status;
  }
}

/** A failed parse: the first issue gives the reply's code and message (validationErrorOf), every issue a detail. */
export function validationError(error: ZodError): AppError & { body: ErrorBody } {
  const details = error.issues.map((i) => ({ path: i.path.join('.'), message: validationErrorOf(i).message }));
  const { code, message } = validationErrorOf(error.issues[0]);
  const err = new AppError('VALIDATION_ERROR', message, details) as AppError & { body: ErrorBody };
  err.body = { error: message, code, details };
  return err;
}

/** A validation problem found outside a schema (a check at the input boundary): the same reply as a failed parse. */
export function validationProblem(code: ValidationCode, path: string): AppError & { body: ErrorBody } {
  const { message } = validationErrorOf({ message: code });
  const details = [{ path, message }];
  const err = new AppError('VALIDATION_ERROR', message, details) as AppError & { body: ErrorBody };
  err.body = { error: message, code, details };
  return err;
}

// Fastify's own errors for bad requests, mapped to our codes.
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'EMPTY_BODY',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_ERROR',
};

/** PostgreSQL unreachable or restarting (the connection, not the query, failed). */
const DB_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

export function databaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0;
    e && depth < 4;
    depth++
  ) {
    if (typeof e.code === 'string' && DB_UNAVAILABLE_CODES.has(e.code)) return true;
    if (
      typeof e.message === 'string' &&
      /Connection terminated|connection timeout|Client has encountered a connection error/i.test(e.message)
    ) {
      return true;
    }
    e = e.cause as typeof e;
  }
  return false;
}

function bodyOf(err: unknown): { status: number; body: ErrorBody } | null {
  // The database restarting is a temporary 503 (the pool reconnects by itself), not a bug.
  if (databaseUnavailable(err)) {
    return {
      status: 503,
      body: { error: ERRORS.DB_UNAVAILABLE.message, code: 'DB_UNAVAILABLE', retry_after_seconds: 5 },
    };
  }
  if (err instanceof AppError) {
    const body = (err as AppError & { body?: ErrorBody }).body ?? { error: err.message, code: err.code };
    if (err.details && !body.details) body.details = err.details;
    return { status: err.status, body };
  }
  const fe = err as FastifyError;
  const mapped = fe.code ? FASTIFY_CODES[fe.code] : undefined;
  if (mapped) return { status: ERRORS[mapped].status, body: { error: ERRORS[mapped].message, code: mapped } };
  if (fe.statusCode === 429) {
    const retry = (err as { retry_after_seconds?: unknown }).retry_after_seconds;
    const body = { error: ERRORS.RATE_LIMITED.message, code: 'RATE_LIMITED' };
    return { status: 429, body: typeof retry === 'number' ? { ...body, retry_after_seconds: retry } : body };
  }
  // JSON that parses to something Fastify rejects, and any other 4xx Fastify raises on input.
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, body: { error: ERRORS.VALIDATION_ERROR.message, code: 'VALIDATION_ERROR' } };
  }
  return null;
}

/** Connection errors that, on a request whose socket is gone, are the client's hang-up (not the database's). */
const CLIENT_GONE_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/**
 * The client hung up mid-request (a body shorter than its Content-Length, a malformed chunk the parser refused): the
 * request's own stream is destroyed with ECONNRESET. Without this, such a request looked like a database outage.
 */
function clientHungUp(err: unknown, request: FastifyRequest): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return request.raw.destroyed && typeof code === 'string' && CLIENT_GONE_CODES.has(code);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    if (clientHungUp(err, request)) {
      request.log.info({ code: (err as { code?: string }).code }, 'client hung up mid-request');
      return reply.status(400).send({ error: ERRORS.VALIDATION_ERROR.message, code: 'VALIDATION_ERROR' });
    }
    const known = bodyOf(err);
    if (known) {
      if (known.status >= 500 && !FEATURE_OFF_CODES.includes(known.body.code as ErrorCode)) {
        request.log.error({ error: loggableError(err) }, known.body.code);
      }
      if (known.body.retry_after_seconds) reply.header('retry-after', String(known.body.retry_after_seconds));
      return reply.status(known.status).send(known.body);
    }
    request.log.error({ error: loggableError(err) }, 'unhandled error');
    return reply.status(500).send({ error: ERRORS.INTERNAL.message, code: 'INTERNAL' } satisfies ErrorBody);
  });
  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ error: ERRORS.ROUTE_NOT_FOUND.message, code: 'ROUTE_NOT_FOUND' } satisfies ErrorBody);
  });
}
