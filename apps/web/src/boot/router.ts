// The router (one chunk: vite.config.ts), evaluated on its own (main.tsx) after React.
export { BrowserRouter } from 'react-router';
