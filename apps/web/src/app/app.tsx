import { useState } from 'react';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from '../lib/react-query.ts';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';
import './styles/global.css';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
