import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, StaticRouter } from 'react-router';
import { createQueryClient } from '../lib/react-query.ts';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';
import './styles/global.css';

/**
 * The app; main.tsx hands over the query client it already started the first page's requests in. On the server
 * (entry-server.tsx) `location` is the address being rendered.
 */
export function App({ queryClient: given, location }: { queryClient?: QueryClient; location?: string }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <AppProvider queryClient={queryClient}>
      {location === undefined ? (
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      ) : (
        <StaticRouter location={location}>
          <AppRoutes />
        </StaticRouter>
      )}
    </AppProvider>
  );
}
