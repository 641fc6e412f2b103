// Runs a benchmark as the server runs in production: bundled by esbuild as build.mjs bundles dist/main.js (next to
// it, in dist/, so the code's own paths resolve as there), then started with plain node. Under tsx every function
// the source creates goes through esbuild's keepNames helper, which made the origin's ranking read cost about a third
// more CPU than the built server's (issue 37's measurement). Usage: node apps/server/bench/built.mjs bench/api.ts
import { spawnSync } from 'node:child_process';
import { basename, join, resolve } from 'node:path';
import { build } from 'esbuild';

const serverRoot = resolve(import.meta.dirname, '..');
const entry = process.argv[2];
if (!entry) throw new Error('usage: node apps/server/bench/built.mjs bench/<name>.ts');
const outfile = join(serverRoot, 'dist', `bench-${basename(entry, '.ts')}.mjs`);
await build({
  entryPoints: [join(serverRoot, entry)],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@rankmatch/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
const run = spawnSync(process.execPath, [outfile, ...process.argv.slice(3)], { stdio: 'inherit' });
process.exit(run.status ?? 1);
