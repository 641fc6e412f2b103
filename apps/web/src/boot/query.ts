// TanStack Query (one chunk: vite.config.ts), evaluated on its own (main.tsx) after the router.
export { QueryClient } from '@tanstack/react-query';
