import { type ApiRequestOptions, apiData } from '../../../lib/api-client.ts';

/** Every admin query key starts with this, so logging out of the panel can drop them all. */
export const ADMIN_KEY = 'admin';

/**
 * Admin and debug calls. A 403 here means "not an admin" and is shown where the call was made; only a 401 (expired
 * session) opens the 認証エラー screen.
 */
export const adminData = <T>(path: string, options: ApiRequestOptions<T> = {}) =>
  apiData(path, { authErrorScreen: 'unauthorized', ...options });
