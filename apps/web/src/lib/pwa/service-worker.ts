// The service worker (src/sw/sw.ts, built into /sw.js): registered by production builds only, after the page has
// loaded (its precache downloads must not compete with the page's own files). The dev server has none.

export const SERVICE_WORKER_URL = '/sw.js';

/** How long a page waits for a worker that is still installing before it says push is unavailable. */
export const READY_TIMEOUT_MS = 15_000;

let registration: Promise<ServiceWorkerRegistration | null> | null = null;

const hasServiceWorker = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

function register(): Promise<ServiceWorkerRegistration | null> {
  registration ??= navigator.serviceWorker
    // updateViaCache 'none': the browser asks the server for /sw.js on every update check, whatever the HTTP cache.
    .register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
    .catch((error: unknown) => {
      console.warn('The service worker could not be registered', error);
      return null;
    });
  return registration;
}

/** Called once by main.tsx. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !hasServiceWorker()) return;
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

/**
 * The active registration (push subscriptions live on it), or null without one: a browser without service workers, the
 * dev server, or a registration that failed. A production page asks for it from a click before the load event: it is
 * registered then.
 */
export async function activeServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (!hasServiceWorker()) return null;
  const own = import.meta.env.PROD ? await register() : ((await navigator.serviceWorker.getRegistration('/')) ?? null);
  if (!own) return null;
  if (own.active) return own;
  // Installing (the first visit): ready resolves once it is active; a worker whose install failed never is.
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), READY_TIMEOUT_MS));
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}
