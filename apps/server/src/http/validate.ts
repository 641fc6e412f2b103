import type { z } from 'zod';
import { validationError } from './errors.ts';

/** Parses request input with a shared zod schema; a failure becomes a 400 with the first message and a stable code. */
export function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
