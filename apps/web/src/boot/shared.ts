// The shared package's rules and texts (one chunk: vite.config.ts), evaluated on their own (main.tsx): importing one
// of them runs the whole chunk.
export { isWellFormedText } from '@rankmatch/shared';
