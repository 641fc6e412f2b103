import { validationErrorOf, type z } from '@rankmatch/shared';
import { reportAuthError, reportSuspended } from './auth/auth-error.ts';
import { isTokenFresh } from './auth/jwt.ts';
import { clearSession, getSession } from './auth/session.ts';
import { API_ERRORS, COMMON_TEXTS } from './texts.ts';

// The one typed API client (spec §7, §8). Every call resolves to { data, error, status }; it never throws.
// - error: the reply's `error` field, else 'Unknown error';
// - a network failure gives the exception's message, else 'Network error', with status 0;
// - 401/403 on a call that carried the session token, or a session whose token has expired, shows the 認証エラー
//   screen and forgets the session;
// - a BANNED reply (any call, even one whose 403 is otherwise shown in place, and a test login) forgets the session
//   and shows the suspended state instead.

type ApiFailure = { data: null; error: string; status: number; code: string | null };
export type ApiResult<T> = { data: T; error: null; status: number; code: null } | ApiFailure;

export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** JSON body; a Blob (a screenshot) is sent as its bytes with its own type. */
  body?: unknown;
  /** The shared zod schema of the reply; a reply that does not match becomes an error. */
  schema?: z.ZodType<T>;
  /** Token to send instead of the stored session's (URL test login); null sends none. */
  token?: string | null;
  /**
   * Whether 401/403 shows the 認証エラー screen (default: when the session's token was sent). 'unauthorized' shows it
   * on 401 only, for calls whose 403 is a business answer to show in place (queue join penalties, match calls).
   */
  authErrorScreen?: boolean | 'unauthorized';
  signal?: AbortSignal;
}

/** Error thrown by query functions, so TanStack Query sees failures; carries the HTTP status and code. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

function errorText(body: unknown): string {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === 'string' && error) return error;
  }
  return API_ERRORS.unknown;
}

function errorCode(body: unknown): string | null {
  if (body && typeof body === 'object' && 'code' in body) {
    const code = (body as { code: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return null;
}

function fail(error: string, status: number, code: string | null = null): ApiFailure {
  return { data: null, error, status, code };
}

/** The session token to send, or null. An expired session is forgotten and reported here. */
function sessionToken(): string | null {
  const session = getSession();
  if (!session) return null;
  if (!isTokenFresh(session.token)) {
    clearSession();
    reportAuthError();
    return null;
  }
  return session.token;
}

/** How a request reaches the API: the browser's fetch; the server's page renderer (entry-server.tsx) hands its own. */
let transport: typeof fetch = (input, init) => fetch(input, init);

export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

type Exchange = { ok: true; response: Response } | { ok: false; failure: ApiFailure };

/** Sends the request and answers the failures every call shares (network, auth, ban); a success is left to read. */
async function exchange(path: string, options: ApiRequestOptions<unknown>): Promise<Exchange> {
  const usesSession = options.token === undefined;
  const token = usesSession ? sessionToken() : options.token;
  // No Accept header (every reply is JSON): a request must carry the same headers as the <link rel="preload"> the
  // server writes into index.html for the page's public data, or the browser fetches it a second time.
  const headers: Record<string, string> = {};
  const raw = typeof Blob !== 'undefined' && options.body instanceof Blob ? options.body : null;
  if (raw) headers['content-type'] = raw.type;
  else if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await transport(path, {
      method: options.method ?? 'GET',
      headers,
      body: raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (err) {
    const message = err instanceof Error && err.message ? err.message : API_ERRORS.network;
    return { ok: false, failure: fail(message, 0) };
  }
  if (response.ok) return { ok: true, response };

  const body = await readJson(response);
  if (errorCode(body) === 'BANNED') {
    if (usesSession) clearSession();
    reportSuspended();
    return { ok: false, failure: fail(errorText(body), response.status, 'BANNED') };
  }
  const showScreen = options.authErrorScreen ?? (usesSession && token !== null);
  const authFailure = response.status === 401 || (response.status === 403 && showScreen !== 'unauthorized');
  // A call that left before a logout (or another login) and comes back 401 speaks of a session already over: the
  // player signed out on purpose, so no 認証エラー screen, and the new session (if any) stays.
  const sessionOver = usesSession && token !== null && getSession()?.token !== token;
  if (authFailure && showScreen && !sessionOver) {
    if (usesSession) clearSession();
    reportAuthError();
  }
  return { ok: false, failure: fail(errorText(body), response.status, errorCode(body)) };
}

async function readJson(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export async function apiRequest<T = unknown>(path: string, options: ApiRequestOptions<T> = {}): Promise<ApiResult<T>> {
  const sent = await exchange(path, options);
  if (!sent.ok) return sent.failure;
  const { response } = sent;
  const body = await readJson(response);
  if (!options.schema) return { data: body as T, error: null, status: response.status, code: null };
  const parsed = options.schema.safeParse(body);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => ({ path: i.path.map(String).join('.'), ...validationErrorOf(i) }));
    console.warn(`API reply of ${path} does not match its schema`, problems);
    return fail(COMMON_TEXTS.replyInvalid, response.status, 'INVALID_REPLY');
  }
  return { data: parsed.data, error: null, status: response.status, code: null };
}

/**
 * A binary reply (a stored screenshot), read as a Blob: such a resource is behind the session's Bearer token, which
 * an <img src> cannot send. Throws an ApiError like apiData.
 */
export async function apiBlob(
  path: string,
  options: Pick<ApiRequestOptions<unknown>, 'authErrorScreen' | 'signal'> = {},
): Promise<Blob> {
  const sent = await exchange(path, options);
  if (!sent.ok) throw new ApiError(sent.failure.error, sent.failure.status, sent.failure.code);
  return sent.response.blob();
}

/** For query functions: the data, or an ApiError thrown. */
export async function apiData<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const result = await apiRequest(path, options);
  if (result.error !== null) throw new ApiError(result.error, result.status, result.code);
  return result.data;
}
