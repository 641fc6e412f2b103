// The shared reply and request schemas of the public pages and the player's profile (one chunk: vite.config.ts),
// evaluated on their own (main.tsx): importing one of them runs the whole chunk.
export { userIdSchema } from '@rankmatch/shared';
