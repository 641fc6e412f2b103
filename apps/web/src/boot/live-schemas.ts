// The shared schemas of the socket's messages and notifications (one chunk: vite.config.ts), evaluated on their own
// (main.tsx).
export { parseClientMessage } from '@rankmatch/shared';
