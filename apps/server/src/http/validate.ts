import { illFormedTextPath, VALIDATION_CODES as V } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { validationError, validationProblem } from './errors.ts';

/** Parses request input with a shared zod schema; a failure becomes a 400 with the first message and a stable code. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}

/**
 * Ill-formed Unicode is refused at the boundary, for every route: a string (or key) of the parsed body, the query or
 * the route parameters that holds a lone UTF-16 surrogate (JSON's "\ud800" escape; the URL decoders never make one)
 * answers 400 TEXT_ILL_FORMED before any handler runs. Such text is no character: PostgreSQL refuses it (22P02), a
 * page cannot show it. Raw bodies (the Stripe webhook's Buffer) are not text and are left to their route.
 */
export function refuseIllFormedText(app: FastifyInstance): void {
  // Callback style: nothing to wait for, and an async hook costs a promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    // The detail's path is the field's, as a schema's would be (`value`, `trainer_name`, `q`).
    for (const input of [request.body, request.query, request.params]) {
      const path = illFormedTextPath(input);
      if (path !== null) return done(validationProblem(V.TEXT_ILL_FORMED, path));
    }
    done();
  });
}
