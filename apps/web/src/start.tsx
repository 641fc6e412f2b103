import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { seedBootData } from './app/boot-data.ts';
import { preloadRoute } from './app/routes.ts';
import { stopKeepingTaps } from './boot/early-taps.ts';
import { nextTask } from './boot/next-task.ts';
import { getSession } from './lib/auth/session.ts';
import { registerServiceWorker } from './lib/pwa/service-worker.ts';
import { createQueryClient } from './lib/react-query.ts';

// A public page comes rendered by the server (entry-server.tsx) with the data it shows: for a visitor the app takes
// it over as it is (hydration: no second render of the page, nothing moves). Otherwise (a signed-in player, whose
// page differs from the visitor's, or a page the server did not render), the page at this address starts loading
// its data in parallel with its code (which index.html preloads with this entry); the first render waits for both
// (at most 1.5 s; then it shows the page's placeholders), so the page itself is what first shows, in one render. The
// render is a transition: React yields to the browser every few milliseconds instead of holding the main thread.
// Each part in a task of its own (main.tsx calls this after evaluating this module): the query cache with the boot
// data, then the page's code and data, then the render.
export async function start(): Promise<void> {
  const queryClient = createQueryClient();
  seedBootData(queryClient);
  await nextTask();
  // Installs the app (home screen, push notifications) in production builds, after the page has loaded.
  registerServiceWorker();
  const root = document.getElementById('root');
  if (!root) return;
  const page = preloadRoute(queryClient, window.location.pathname, window.location.search);
  await nextTask();
  const app = (
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>
  );
  if (root.firstElementChild && !getSession()) {
    // The page's code first, so that it does not suspend; a transition, so that React yields to the browser every few
    // milliseconds while it takes the page over.
    await page.code.catch(() => undefined);
    startTransition(() => {
      stopKeepingTaps();
      hydrateRoot(root, app, { onRecoverableError });
    });
  } else {
    const ready = Promise.all([page.code, page.data]).catch(() => undefined);
    const atMost = new Promise((resolve) => setTimeout(resolve, 1500));
    await Promise.race([ready, atMost]);
    startTransition(() => {
      stopKeepingTaps();
      createRoot(root).render(app);
    });
  }
}

/**
 * A server-rendered part the browser renders differently (a time shown in minutes that changed meanwhile): React
 * renders that part again in the browser, which is the right outcome; said as a warning, not an error.
 */
function onRecoverableError(error: unknown): void {
  console.warn(
    'rankmatch: the page was rendered again in the browser:',
    error instanceof Error ? error.message : error,
  );
}
