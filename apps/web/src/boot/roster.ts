// The shared package's roster and the public pages' texts (one chunk: vite.config.ts), evaluated on their own
// (main.tsx).
export { CHARACTERS } from '@rankmatch/shared';
