// The shared schemas of matches and the queue (one chunk: vite.config.ts), evaluated on their own (main.tsx).
export { matchIdSchema } from '@rankmatch/shared';
