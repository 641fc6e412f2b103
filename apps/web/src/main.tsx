import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { seedBootData } from './app/boot-data.ts';
import { preloadRoute } from './app/routes.ts';
import { createQueryClient } from './lib/react-query.ts';

// Before React renders, the page at this address starts loading its data (in parallel with its code, which the
// server's index.html preloads with this entry). The first render waits for the page's code (at most 3 s), so the page
// itself is what first shows, not a loading block that it then replaces. The render is a transition: React yields to
// the browser every few milliseconds instead of holding the main thread for the whole first render.
const queryClient = createQueryClient();
seedBootData(queryClient);
const root = document.getElementById('root');
if (root) {
  const pageCode = preloadRoute(queryClient, window.location.pathname, window.location.search).catch(() => undefined);
  const atMost = new Promise((resolve) => setTimeout(resolve, 3000));
  void Promise.race([pageCode, atMost]).then(() => {
    startTransition(() => {
      createRoot(root).render(
        <StrictMode>
          <App queryClient={queryClient} />
        </StrictMode>,
      );
    });
  });
}
