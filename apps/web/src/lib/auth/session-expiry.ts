import { useEffect } from 'react';
import { reportAuthError } from './auth-error.ts';
import { clearSession, useSession } from './session.ts';

// setTimeout cannot wait longer than about 24.8 days.
const MAX_DELAY_MS = 2 ** 31 - 1;

/** Shows the 認証エラー screen the moment the signed-in token expires, even when no call is made. */
export function useSessionExpiry(): void {
  const session = useSession();
  const exp = session?.exp;
  useEffect(() => {
    if (exp === undefined) return;
    const delay = exp * 1000 - Date.now();
    if (delay > MAX_DELAY_MS) return;
    const timer = setTimeout(
      () => {
        clearSession();
        reportAuthError();
      },
      Math.max(0, delay),
    );
    return () => clearTimeout(timer);
  }, [exp]);
}
