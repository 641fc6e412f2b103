import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { seedBootData } from './app/boot-data.ts';
import { preloadRoute } from './app/routes.ts';
import { registerServiceWorker } from './lib/pwa/service-worker.ts';
import { createQueryClient } from './lib/react-query.ts';

// Before React renders, the page at this address starts loading its data (in parallel with its code, which the
// server's index.html preloads with this entry). The first render waits for both (at most 1.5 s; then it shows the
// page's placeholders), so the page itself is what first shows, in one render, rather than a loading block replaced
// by the page and then by its data. The render is a transition: React yields to the browser every few milliseconds
// instead of holding the main thread for the whole render.
const queryClient = createQueryClient();
seedBootData(queryClient);
// Installs the app (home screen, push notifications) in production builds, after the page has loaded.
registerServiceWorker();
const root = document.getElementById('root');
if (root) {
  const page = preloadRoute(queryClient, window.location.pathname, window.location.search);
  const ready = Promise.all([page.code, page.data]).catch(() => undefined);
  const atMost = new Promise((resolve) => setTimeout(resolve, 1500));
  void Promise.race([ready, atMost]).then(() => {
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    });
  });
}
