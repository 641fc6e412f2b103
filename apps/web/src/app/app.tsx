import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/react-query.ts';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';
import './styles/global.css';

/** The app; main.tsx hands over the query client it already started the first page's requests in. */
export function App({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
