#!/usr/bin/env node
// `npm run typecheck`: the server, the web app and both packages (one program: packages/tsconfig.json), each tsc at once
// (each checks the package sources it imports, so the four workspaces one after the other took over 45 s on two cores).
// Prints each program's errors and fails when any does.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tsc = join(root, 'node_modules/typescript/bin/tsc');
// apps/web/src/sw: the service worker, a program of its own (the WebWorker library instead of the DOM).
const workspaces = ['apps/server', 'apps/web', 'apps/web/src/sw', 'packages'];

const results = await Promise.all(
  workspaces.map(
    (workspace) =>
      new Promise((resolve) => {
        const started = Date.now();
        let output = '';
        // Incremental: a later run re-checks only what changed (its state in node_modules/.cache, never committed).
        const info = join(root, 'node_modules/.cache/tsc', `${workspace.replaceAll('/', '-')}.tsbuildinfo`);
        const args = [tsc, '-p', join(root, workspace, 'tsconfig.json'), '--incremental', '--tsBuildInfoFile', info];
        const child = spawn(process.execPath, args, { cwd: root });
        child.stdout.on('data', (chunk) => {
          output += chunk;
        });
        child.stderr.on('data', (chunk) => {
          output += chunk;
        });
        child.on('close', (code) => resolve({ workspace, code, output, seconds: (Date.now() - started) / 1000 }));
      }),
  ),
);
let failed = false;
for (const { workspace, code, output, seconds } of results) {
  console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${workspace} (${seconds.toFixed(1)} s)`);
  if (code !== 0) {
    failed = true;
    process.stdout.write(output);
  }
}
process.exit(failed ? 1 : 0);
