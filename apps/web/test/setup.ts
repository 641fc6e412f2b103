import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetAuthError } from '../src/lib/auth/auth-error.ts';
import { reloadSession } from '../src/lib/auth/session.ts';

// findBy* waits up to 5 s: lazily loaded chunks (markdown) take longer when every suite runs at once on 2 cores.
configure({ asyncUtilTimeout: 5000 });

// Each test starts signed out, with empty storage, at "/", with real timers and no stubs left over.
afterEach(() => {
  cleanup();
  localStorage.clear();
  reloadSession();
  resetAuthError();
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
