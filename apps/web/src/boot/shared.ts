// The shared package's rules, texts and catalogues (one chunk: vite.config.ts), evaluated on their own (main.tsx):
// importing one of them runs the whole chunk.
export { BADGES } from '@rankmatch/shared';
