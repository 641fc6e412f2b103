import { BOOT_KEYS } from '@rankmatch/shared';
import { keepEarlyTaps } from './boot/early-taps.ts';
import { nextTask } from './boot/next-task.ts';
import { readBootData } from './boot/read-boot-data.ts';
import './app/styles/global.css';

// The entry: small, so that the browser shows the page first. A page the server rendered (entry-server.tsx) is
// painted before any of the app's JavaScript loads: its files (named in the boot data) are preloaded once the page is
// on screen. The app then starts in steps, each evaluated in a task of its own so that none holds the main thread for
// long: React, the router, the query cache, the validation library, the shared rules, catalogues and schemas
// (vite.config.ts START_GROUPS), then the app (start.tsx), which takes the page over in steps of its own.

/** Resolves once the browser reports the page's first contentful paint (at most PAINT_WAIT_MS later). */
const PAINT_WAIT_MS = 500;
function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, PAINT_WAIT_MS);
    try {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      // No paint timing in this browser: the timer decides.
    }
  });
}

/** The server-rendered page's JavaScript files (same-origin build files only). */
function serverRenderedModules(): string[] {
  const modules = readBootData()[BOOT_KEYS.modules];
  return Array.isArray(modules)
    ? modules.filter((m) => typeof m === 'string' && /^\/assets\/[\w.-]+\.js$/.test(m))
    : [];
}

/**
 * Adds a modulepreload link per file, each in a task of its own: the browser starts the file's fetch while the link is
 * added (a millisecond or more while the page loads), so two dozen at once would make one long task after the paint.
 */
async function preload(modules: string[]): Promise<void> {
  for (const href of modules) {
    await nextTask();
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}

/** The start-up steps in order; each evaluates one chunk (vite.config.ts START_GROUPS), the last one starts the app. */
const STEPS = [
  () => import('./boot/react.ts'),
  () => import('./boot/router.ts'),
  () => import('./boot/query.ts'),
  () => import('./boot/zod.ts'),
  () => import('./boot/shared.ts'),
  () => import('./boot/badges.ts'),
  () => import('./boot/roster.ts'),
  () => import('./boot/schemas.ts'),
  () => import('./boot/community-schemas.ts'),
  () => import('./boot/match-schemas.ts'),
  () => import('./boot/live-schemas.ts'),
  () => import('./start.tsx').then((app) => app.start()),
];

async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (root?.firstElementChild) {
    keepEarlyTaps(root);
    await afterPaint();
    await preload(serverRenderedModules());
  }
  for (const step of STEPS) {
    await step();
    await nextTask();
  }
}

void start();
