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

const sessionStore = createStore<Session | null>(() => loadStoredSession());

export const getSession = sessionStore.get;
export const useSession = sessionStore.use;

/** Stores a new session. Returns false (and stores nothing) when the token is unreadable or already expired. */
export function storeSession(token: string, user: SessionUser): boolean {
  const exp = tokenExpiry(token);
  if (exp === null || !isTokenFresh(token)) return false;
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  sessionStore.set({ token, user, exp });
  return true;
}

/** Forgets the session locally (logout, expiry, 401). */
export function clearSession(): void {
  removeStored();
  sessionStore.set(null);
}

/** Re-reads localStorage (app start and tests). */
export function reloadSession(): void {
  sessionStore.set(loadStoredSession());
}
