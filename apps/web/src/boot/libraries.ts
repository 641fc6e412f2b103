// The router and the query cache (one chunk: vite.config.ts), evaluated on their own (main.tsx) after React.
export { QueryClient } from '@tanstack/react-query';
export { BrowserRouter } from 'react-router';
