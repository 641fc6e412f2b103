#!/usr/bin/env node
// `npm start`: builds what is missing or stale (the web app, the server bundle), then serves the whole site.
// Development defaults need no configuration: embedded PostgreSQL (PGlite) in ./data, demo data and test accounts.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** Newest modification time under the given paths (files or folders, recursively). */
function newest(paths) {
  let latest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') visit(join(p, name));
    } else latest = Math.max(latest, s.mtimeMs);
  };
  for (const p of paths) visit(join(root, p));
  return latest;
}

function run(label, command, args, cwd) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: join(root, cwd), stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${label} に失敗しました（終了コード ${result.status}）`);
    process.exit(result.status ?? 1);
  }
  console.log(`${label}: ${Date.now() - started} ms`);
}

const shared = ['packages/shared/src', 'packages/engine/src'];
// The web app, and its page renderer (the server renders a visitor's public pages with it).
const webBuilt = [join(root, 'apps/web/dist/index.html'), join(root, 'apps/web/dist-server/entry-server.js')];
const webSources = newest([
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  ...shared,
]);
if (webBuilt.some((file) => !existsSync(file) || webSources > statSync(file).mtimeMs)) {
  run('web build', 'npm', ['run', 'build', '--silent'], 'apps/web');
}
const serverBuilt = join(root, 'apps/server/dist/main.js');
if (!existsSync(serverBuilt) || newest(['apps/server/src', ...shared]) > statSync(serverBuilt).mtimeMs) {
  run('server build', process.execPath, ['build.mjs'], 'apps/server');
}

const server = spawn(process.execPath, ['--enable-source-maps', serverBuilt], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...process.env },
});
// Pass stop signals on, so the server shuts down gracefully whichever process receives them.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
