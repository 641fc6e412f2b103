// The shared package's catalogues: badges, the roster, awards, pages (one chunk: vite.config.ts), evaluated on their
// own (main.tsx).
export { BADGES } from '@rankmatch/shared';
