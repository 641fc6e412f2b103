import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: { proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The budget that matters is the initial JavaScript gzip size (≤ 250 KB, see the build output); the minified
    // main chunk (React, router, query, zod and the bundled badge/character catalogues) is about 550 KB.
    chunkSizeWarningLimit: 650,
  },
});
