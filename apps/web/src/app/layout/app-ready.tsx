import { useEffect } from 'react';
import { replayEarlyTaps } from '../../boot/early-taps.ts';

/**
 * Renders nothing. Inside the page's Suspense boundary, its effect runs once the app has the page itself (a server
 * page's boundary is taken over after the shell): then the taps made before are clicked again, and <html> says so
 * (data-app="ready", which the browser tests can wait for).
 */
export function AppReady(): null {
  useEffect(() => {
    document.documentElement.dataset.app = 'ready';
    replayEarlyTaps();
  }, []);
  return null;
}
