import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { resetAuthError } from '../src/lib/auth/auth-error.ts';
import { reloadSession } from '../src/lib/auth/session.ts';

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
