// Runs a benchmark as the server runs in production: bundled by esbuild as build.mjs bundles dist/main.js (next to
// it, in dist/, so the code's own paths resolve as there), then started with plain node. Under tsx every function
// the source creates goes through esbuild's keepNames helper, which made the origin's ranking read cost about a third
// more CPU than the built server's (issue 37's measurement).
// Usage: node apps/server/bench/built.mjs bench/<name>.ts [bench/<child>.ts …]: every entry is bundled (a bench's
// child processes too: procs.ts forks their bundles when it runs bundled), the first one is run. A file's bundle is
// dist/bench-<its path under bench/, '/' → '-'>.mjs (builtChild in procs.ts finds it by the same rule).
import { spawnSync } from 'node:child_process';
import { join, relative, resolve } from 'node:path';
import { build } from 'esbuild';

const serverRoot = resolve(import.meta.dirname, '..');
const entries = process.argv.slice(2).filter((arg) => arg.endsWith('.ts'));
const args = process.argv.slice(2).filter((arg) => !arg.endsWith('.ts'));
if (entries.length === 0)
  throw new Error('usage: node apps/server/bench/built.mjs bench/<name>.ts [bench/<child>.ts …]');
const outfileOf = (entry) =>
  join(
    serverRoot,
    'dist',
    `bench-${relative(join(serverRoot, 'bench'), join(serverRoot, entry)).replace(/\.ts$/, '').replaceAll('/', '-')}.mjs`,
  );
await Promise.all(
  entries.map((entry) =>
    build({
      entryPoints: [join(serverRoot, entry)],
      outfile: outfileOf(entry),
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
    }),
  ),
);
const run = spawnSync(process.execPath, [outfileOf(entries[0]), ...args], { stdio: 'inherit' });
process.exit(run.status ?? 1);
