import { SIGNED_IN_COOKIE } from '@rankmatch/shared';
import { createStore } from '../store.ts';
import { isTokenFresh, tokenExpiry, tokenSubject } from './jwt.ts';

// The stored session (spec §3 "Stored session", §4 Session): the access token and the user-info object, both in
// localStorage. A stored token is accepted on load only while its `exp` lies in the future; otherwise both go.

export const TOKEN_KEY = 'rankmatch.access_token';
export const USER_KEY = 'rankmatch.user';

/** What we keep about the signed-in user: the login reply's user, or at least the id. */
export interface SessionUser {
  user_id: string;
  trainer_name?: string;
  [field: string]: unknown;
}

export interface Session {
  token: string;
  user: SessionUser;
  /** Token expiry, unix seconds. */
  exp: number;
}

function removeStored(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(USER_KEY);
}

function parseUser(raw: string | null, token: string): SessionUser | null {
  if (raw) {
    try {
      const value: unknown = JSON.parse(raw);
      if (value && typeof value === 'object' && typeof (value as SessionUser).user_id === 'string') {
        return value as SessionUser;
      }
    } catch {
      // fall through to the token's subject
    }
  }
  const sub = tokenSubject(token);
  return sub ? { user_id: sub } : null;
}

/** Reads the stored session; an expired or unreadable one is removed (both items). */
export function loadStoredSession(nowMs: number = Date.now()): Session | null {
  // Rendered on the server (entry-server.tsx), a page is a visitor's: no session.
  if (typeof localStorage === 'undefined') return null;
  const token = localStorage.getItem(TOKEN_KEY);
  if (!token) {
    if (localStorage.getItem(USER_KEY) !== null) removeStored();
    return null;
  }
  const exp = tokenExpiry(token);
  const user = parseUser(localStorage.getItem(USER_KEY), token);
  if (exp === null || !isTokenFresh(token, nowMs) || !user) {
    removeStored();
    return null;
  }
  return { token, user, exp };
}

/**
 * Tells the server whether this browser holds a session (SIGNED_IN_COOKIE: "1" until the token expires, never the
 * token itself): it renders a visitor's page, so a signed-in player's page is left to the browser.
 */
function markSignedIn(exp: number | null): void {
  if (typeof document === 'undefined') return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  const maxAge = exp === null ? 0 : Math.max(0, exp - Math.floor(Date.now() / 1000));
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Safari and Firefox.
  document.cookie = `${SIGNED_IN_COOKIE}=${maxAge > 0 ? '1' : ''}; Path=/; Max-Age=${maxAge}; SameSite=Lax${secure}`;
}

const sessionStore = createStore<Session | null>(() => {
  const session = loadStoredSession();
  markSignedIn(session?.exp ?? null);
  return session;
});

export const getSession = sessionStore.get;
export const useSession = sessionStore.use;

/** Stores a new session. Returns false (and stores nothing) when the token is unreadable or already expired. */
export function storeSession(token: string, user: SessionUser): boolean {
  const exp = tokenExpiry(token);
  if (exp === null || !isTokenFresh(token)) return false;
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  markSignedIn(exp);
  sessionStore.set({ token, user, exp });
  return true;
}

/** Forgets the session locally (logout, expiry, 401). */
export function clearSession(): void {
  removeStored();
  markSignedIn(null);
  sessionStore.set(null);
}

/** Re-reads localStorage (app start and tests). */
export function reloadSession(): void {
  const session = loadStoredSession();
  markSignedIn(session?.exp ?? null);
  sessionStore.set(session);
}
