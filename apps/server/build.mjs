// Bundles the server (and the workspace packages it imports, which ship as TypeScript) into dist/main.js.
// Third-party packages stay external and load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
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
