// The libraries every page runs on, evaluated on their own (main.tsx): React, its DOM renderer, the router and the
// query cache.

export { QueryClient } from '@tanstack/react-query';
export { StrictMode } from 'react';
export { createRoot, hydrateRoot } from 'react-dom/client';
export { BrowserRouter } from 'react-router';
