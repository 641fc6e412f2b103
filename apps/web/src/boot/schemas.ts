// The shared reply and request schemas of the player's profile, player pages and the shop (one chunk:
// vite.config.ts), evaluated on their own (main.tsx): importing one of them runs the whole chunk.
export { userIdSchema } from '@rankmatch/shared';
