// React and its DOM renderer (one chunk: vite.config.ts), evaluated on their own (main.tsx).
export { StrictMode } from 'react';
export { createRoot, hydrateRoot } from 'react-dom/client';
