import { ApiError } from '../../lib/api-client.ts';

/** A 404 (or a 400 for a malformed id) means there is no such page: show "not found", not an error to retry. */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
