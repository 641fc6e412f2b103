import { createStore } from '../store.ts';

// Set when a signed-in call answers 401/403 or the stored session expires: the shell then shows the 認証エラー screen.
const authError = createStore<boolean>(() => false);

export const reportAuthError = () => authError.set(true);
export const resetAuthError = () => authError.set(false);
export const useAuthError = authError.use;
export const hasAuthError = () => authError.get();
