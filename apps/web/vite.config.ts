import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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

/**
 * Asks V8 to compile every function of the named chunks up front with the file (Chrome's explicit compile hint, a
 * magic comment on the file's first line; on a background thread while it downloads where the browser streams it)
 * instead of at each function's first call, in the middle of the app's start: the start-up chunks, whose functions
 * nearly all run while the app starts and takes the page over (measured: less main-thread time in long tasks on /,
 * /stats and a player's page than without, or with the pages' chunks hinted too).
 */
export function compileHints(chunkNames: ReadonlySet<string>): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'rankmatch:compile-hints',
    apply: 'build',
    // On the written files (before precompress()): Vite adds its own first line to a chunk after every plugin's
    // generateBundle, and the comment must open the file.
    writeBundle(options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !chunkNames.has(file.name) || !options.dir) continue;
        const path = join(options.dir, file.fileName);
        const code = readFileSync(path, 'utf8');
        if (!code.startsWith(hint)) writeFileSync(path, hint + code);
      }
    },
  };
}

/**
 * React, then the router, then TanStack Query: chunks that change only when they are upgraded (cached across
 * deploys), each compiled and run in a short task of its own at start-up.
 */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const ROUTER = /[\\/]node_modules[\\/]react-router[\\/]/;
const QUERY = /[\\/]node_modules[\\/]@tanstack[\\/][^\\/]+[\\/]/;

/** The validation library: a chunk of its own, evaluated in a step of its own at start-up (src/main.tsx). */
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;

// The shared package in start-up steps of their own (src/main.tsx), each a chunk small enough to evaluate in a short
// task (about 10 ms on a phone at most: zod schemas cost their construction): its rules and texts (zod set up, error
// and validation messages, text rules, formats), the badge catalogue (with the season awards), the roster (with the
// pages' texts), then the reply and request schemas of the public pages and the player's screens in four parts (the
// admin's schemas stay with the admin's screens). The boot data's names stay in the entry.
const SHARED = '[\\\\/]packages[\\\\/]shared[\\\\/]src[\\\\/]';
const sharedFiles = (files: string) => new RegExp(`${SHARED}(${files})$`);
const BADGE_FILES = 'badges\\.ts|season-awards\\.ts|data[\\\\/]badges\\.json';
const ROSTER_FILES = 'characters\\.ts|pages\\.ts|data[\\\\/](unite-roster|roster-name-order)\\.json';
const schemaFiles = (names: string) => sharedFiles(`schemas[\\\\/](${names})\\.ts`);
const SHARED_RULES = new RegExp(`${SHARED}(?!schemas[\\\\/]|boot-data\\.ts|${BADGE_FILES}|${ROSTER_FILES})`);

/** A start-up group: its modules, and the module in src/boot that main.tsx imports to evaluate it (in the chunk too). */
const startGroup = (name: string, modules: RegExp) => {
  const step = new RegExp(`[\\\\/]src[\\\\/]boot[\\\\/]${name}\\.ts$`);
  return { name, test: (id: string) => modules.test(id) || step.test(id) };
};

/**
 * The start-up chunks, in the order main.tsx evaluates them (src/boot has a module per group, which goes into the
 * group's chunk: no extra file to fetch). A group takes in what its modules import unless an earlier group has it: the
 * rules before the catalogues, each schema file after the files it imports. (Not the app itself: a group takes in
 * everything start.tsx imports, also what the entry shares with it, and the entry would then import that chunk.)
 */
const START_GROUPS = [
  startGroup('react', REACT),
  startGroup('router', ROUTER),
  startGroup('query', QUERY),
  startGroup('zod', ZOD),
  startGroup('shared', SHARED_RULES),
  startGroup('badges', sharedFiles(BADGE_FILES)),
  startGroup('roster', sharedFiles(ROSTER_FILES)),
  startGroup('schemas', schemaFiles('common|auth|users|players|shop')),
  startGroup('community-schemas', schemaFiles('community|stats|achievements')),
  startGroup('match-schemas', schemaFiles('match|queue')),
  startGroup('live-schemas', schemaFiles('ws|notifications')),
];

/** The chunks compiled up front (compileHints): the libraries' start-up groups and the app's own chunk. */
const EAGER_CHUNKS = new Set(['react', 'router', 'query', 'zod', 'start']);

/**
 * The installable app (issue 24): the web app manifest and the service worker (src/sw/sw.ts, built into dist/sw.js).
 * The worker precaches the hashed build files, the shell and the icons only; the app registers it itself in production
 * builds (src/lib/pwa/service-worker.ts), so nothing is injected into index.html but the manifest link.
 */
export function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: {
      id: '/',
      name: 'rankmatch — ポケモンユナイト ランクマッチ',
      short_name: 'rankmatch',
      description:
        'ポケモンユナイトのコミュニティ型ランクマッチサイト。5対5のドラフトピックで対戦し、独自レートのランキングを競います。',
      lang: 'ja',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      // --theme and --bg of src/app/styles/global.css.
      theme_color: '#ff6b35',
      background_color: '#f3f5f9',
      icons: [
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
      shortcuts: [
        { name: 'マッチング', short_name: 'マッチング', url: '/?tab=match' },
        { name: 'マイページ', short_name: 'マイページ', url: '/?tab=mypage' },
      ],
    },
    includeAssets: ['badge-96.png'],
    injectManifest: {
      // Hashed files and the shell; never /api, never the badge art or other unhashed files.
      globPatterns: ['assets/**/*.{js,css}', 'index.html'],
      // The admin's screens, which players never open.
      globIgnores: ['assets/admin-*', 'assets/match-test-page-*'],
    },
  });
}

export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        // The server's page renderer (src/entry-server.tsx → dist-server/entry-server.js, imported by apps/server):
        // the same sources; its dependencies stay in node_modules; nothing of it is served.
        plugins: [react()],
        build: { outDir: 'dist-server', emptyOutDir: true, copyPublicDir: false },
      }
    : {
        plugins: [react(), compileHints(EAGER_CHUNKS), precompress(), installableApp()],
        server: { proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
        build: {
          outDir: 'dist',
          emptyOutDir: true,
          // The server reads it to preload each page's chunk with the entry (apps/server/src/http/web-app.ts).
          manifest: true,
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: START_GROUPS,
              },
            },
          },
        },
      },
);
