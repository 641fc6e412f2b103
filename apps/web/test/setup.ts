import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearTitleMark } from '../src/lib/attention/title-mark.ts';
import { resetAuthError } from '../src/lib/auth/auth-error.ts';
import { reloadSession } from '../src/lib/auth/session.ts';

// jsdom has no matchMedia; uPlot asks for it as its module loads (the statistics page preloads the chart chunk).
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// jsdom has no object URLs: screenshot previews and stored screenshots are shown through them.
if (!URL.createObjectURL) {
  let next = 0;
  URL.createObjectURL = () => `blob:test/${++next}`;
  URL.revokeObjectURL = () => {};
}

// findBy* waits up to 5 s: lazily loaded chunks (markdown) take longer when every suite runs at once on 2 cores.
configure({ asyncUtilTimeout: 5000 });

// Each test starts signed out, with empty storage, at "/", with real timers and no stubs left over, and an untouched
// title: the files of a worker share one document (isolate: false in vitest.config.ts), so nothing a test leaves in
// it may reach the next file.
afterEach(() => {
  cleanup();
  clearTitleMark();
  document.title = '';
  localStorage.clear();
  reloadSession();
  resetAuthError();
  window.history.replaceState(null, '', '/');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
