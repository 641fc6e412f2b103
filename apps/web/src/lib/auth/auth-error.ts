import { createStore } from '../store.ts';

// Set when a signed-in call answers 401/403 or the stored session expires: the shell then shows the 認証エラー screen.
const authError = createStore<boolean>(() => false);
// Set when the server says the account is banned (an HTTP reply or the socket's close, code BANNED): the shell shows
// one suspended state instead of anything signed in, with no retry (a retry can only be refused again).
const suspended = createStore<boolean>(() => false);

export const reportAuthError = () => authError.set(true);
export const useAuthError = authError.use;
export const hasAuthError = () => authError.get();

export const reportSuspended = () => suspended.set(true);
export const useSuspended = suspended.use;
/** Back to the site as a visitor (the session is already gone). */
export const leaveSuspended = () => suspended.set(false);

/** A fresh start (a new sign-in, a test). */
export const resetAuthError = () => {
  authError.set(false);
  suspended.set(false);
};
