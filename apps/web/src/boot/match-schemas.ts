// The shared schemas of the queue, matches, the socket and notifications (one chunk: vite.config.ts), evaluated on
// their own (main.tsx).
export { matchIdSchema } from '@rankmatch/shared';
