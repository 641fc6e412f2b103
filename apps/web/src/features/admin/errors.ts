import { ApiError } from '../../lib/api-client.ts';
import { API_ERRORS } from '../../lib/texts.ts';
import { ADMIN_TEXTS as T } from './texts.ts';

/** Debug and test tools show the status code with the text (spec admin §8): エラー（409）: …. */
export function statusErrorText(error: Error): string {
  if (!(error instanceof ApiError)) return error.message;
  return error.status === 0 ? T.networkError(error.message) : T.errorWithStatus(error.status, error.message);
}

/** The server's own message, else the fallback (a reply that carried no error text). */
export function serverMessageOr(error: Error, fallback: string): string {
  return error.message && error.message !== API_ERRORS.unknown ? error.message : fallback;
}
