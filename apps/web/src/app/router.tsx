import { useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { SkeletonBlock } from '../components/skeleton.tsx';
import { AppReady } from './layout/app-ready.tsx';
import { AppShell } from './layout/app-shell.tsx';
import { lazyPage, NOT_FOUND_ROUTE, preloadRoute, ROUTES } from './routes.ts';

// Every page loads on demand (its own chunk; see routes.ts), the top page included, so the entry holds only the shell.
const PAGES = ROUTES.map((route) => ({ path: route.path, Page: lazyPage(route) }));
const NotFoundPage = lazyPage(NOT_FOUND_ROUTE);

/** On every navigation, the new page's code and first data start loading together, before the page renders. */
function usePreloadOnNavigation(): void {
  const client = useQueryClient();
  const location = useLocation();
  // During render, not in an effect: a navigation renders in a transition that commits only once the page's code is
  // in, and the data must not wait for that. Every render of the same address gets the load already begun (by
  // start() for the first page): preloadRoute starts one per address in a row.
  void preloadRoute(client, location.pathname, location.search).code.catch(() => undefined);
}

export function AppRoutes() {
  usePreloadOnNavigation();
  return (
    <AppShell>
      <Suspense fallback={<SkeletonBlock height={400} />}>
        <Routes>
          {PAGES.map(({ path, Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          {/* Any other address: a 404 page with the way home (issue 21; the spec let the top page catch these). */}
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
        <AppReady />
      </Suspense>
    </AppShell>
  );
}
