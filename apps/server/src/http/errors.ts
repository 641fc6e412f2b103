import { ERRORS, type ErrorBody, type ErrorCode, validationCodeOf } from '@rankmatch/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ZodError } from 'zod';

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

export function validationError(error: ZodError): AppError & { body: ErrorBody } {
  const details = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const first = details[0] ?? { path: '', message: ERRORS.VALIDATION_ERROR.message };
  const code = validationCodeOf(first.message);
  const err = new AppError('VALIDATION_ERROR', first.message, details) as AppError & { body: ErrorBody };
  err.body = { error: first.message, code, details };
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

function bodyOf(err: unknown): { status: number; body: ErrorBody } | null {
  if (err instanceof AppError) {
    const body = (err as AppError & { body?: ErrorBody }).body ?? { error: err.message, code: err.code };
    if (err.details && !body.details) body.details = err.details;
    return { status: err.status, body };
  }
  const fe = err as FastifyError;
  const mapped = fe.code ? FASTIFY_CODES[fe.code] : undefined;
  if (mapped) return { status: ERRORS[mapped].status, body: { error: ERRORS[mapped].message, code: mapped } };
  if (fe.statusCode === 429) return { status: 429, body: { error: ERRORS.RATE_LIMITED.message, code: 'RATE_LIMITED' } };
  // JSON that parses to something Fastify rejects, and any other 4xx Fastify raises on input.
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
    return { status: fe.statusCode, body: { error: ERRORS.VALIDATION_ERROR.message, code: 'VALIDATION_ERROR' } };
  }
  return null;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err, request, reply) => {
    const known = bodyOf(err);
    if (known) {
      if (known.status >= 500) request.log.error({ err }, known.body.code);
      return reply.status(known.status).send(known.body);
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ error: ERRORS.INTERNAL.message, code: 'INTERNAL' } satisfies ErrorBody);
  });
  app.setNotFoundHandler((_request, reply) => {
    reply.status(404).send({ error: ERRORS.ROUTE_NOT_FOUND.message, code: 'ROUTE_NOT_FOUND' } satisfies ErrorBody);
  });
}
