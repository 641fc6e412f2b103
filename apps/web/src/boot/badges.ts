// The shared package's badge catalogue and season awards (one chunk: vite.config.ts), evaluated on their own
// (main.tsx): importing one of them runs the whole chunk.
export { BADGES } from '@rankmatch/shared';
