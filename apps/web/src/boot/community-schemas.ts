// The shared schemas of seasons, the ranking, statistics and achievements (one chunk: vite.config.ts), evaluated on
// their own (main.tsx).
export { seasonIdSchema } from '@rankmatch/shared';
