import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest']);

/**
 * Writes a brotli (quality 11, the best ratio: done once per build, not per request) and a gzip copy beside every
 * text file of the build worth compressing; the server sends them as they are (preCompressed). index.html is written
 * per address by the server and compressed there.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'rankmatch:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const visit = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const path = join(dir, name);
          if (statSync(path).isDirectory()) {
            if (name !== '.vite') visit(path);
            continue;
          }
          if (!COMPRESSIBLE.has(extname(name)) || statSync(path).size < 1024) continue;
          const content = readFileSync(path);
          writeFileSync(
            `${path}.br`,
            brotliCompressSync(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          );
          writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
        }
      };
      visit(outDir);
    },
  };
}

/** React, the router and TanStack Query: one chunk that changes only when they are upgraded (cached across deploys). */
const VENDOR = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/;

export default defineConfig({
  plugins: [react(), precompress()],
  server: { proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The server reads it to preload each page's chunk with the entry (apps/server/src/http/web-app.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'vendor', test: VENDOR }] },
      },
    },
  },
});
