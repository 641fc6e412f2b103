/// <reference lib="webworker" />
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { notificationOf, targetUrl } from './messages.ts';

// The service worker (built by vite-plugin-pwa's injectManifest into dist/sw.js, served at /sw.js with no-cache).
//
// What it caches: the build's hashed files (assets/*.js, *.css: their names change with their content) and the shell
// (index.html as built), plus the manifest's icons; nothing else. /api is never touched: no route here matches it, so
// those requests go to the network as if there were no worker, and no reply with a player in it is ever stored.
// Pages are network-first: the server writes each address's index.html (its head tags, preloads and boot data), so
// the cached shell answers only when the network fails (offline), never in place of the server's page.
//
// Push: each message is JSON of pushPayloadSchema ({ kind, title, body, url, tag }); a tap on its notification
// focuses an open window of the site and takes it to the message's url (the match screen), or opens one.

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

const SHELL = '/index.html';

// Every navigation outside /api: the server's page (through navigation preload, which starts the request while the
// worker boots), else the cached shell.
registerRoute(
  new NavigationRoute(
    async ({ event, request }) => {
      try {
        const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined;
        return preloaded ?? (await fetch(request));
      } catch {
        return (await matchPrecache(SHELL)) ?? Response.error();
      }
    },
    { denylist: [/^\/api(?:\/|$)/] },
  ),
);

// The precached files, by their exact address only: no "/" → index.html or "/about" → about.html guesses, so the
// shell is never served from the cache for a request the navigation route above does not own.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

self.addEventListener('install', () => {
  // Pages always come from the network, so a new worker may take over at once: nothing it serves is tied to the
  // build of the page that is open.
  void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await self.registration.navigationPreload?.enable();
      await self.clients.claim();
    })(),
  );
});

function pushData(event: PushEvent): unknown {
  if (!event.data) return null;
  try {
    return event.data.json();
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const { title, options } = notificationOf(pushData(event), self.location.origin);
  event.waitUntil(self.registration.showNotification(title, options));
});

/** Focuses a window of the site (the focused one first) and takes it to `url`; opens a window when none is open. */
async function openSite(url: string): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const own = windows.filter((w) => new URL(w.url).origin === self.location.origin);
  const client = own.find((w) => w.focused) ?? own[0];
  if (!client) {
    await self.clients.openWindow(url);
    return;
  }
  const focused = await client.focus();
  if (focused.url === url) return;
  try {
    // navigate() works on windows this worker controls; a window opened before it took over is reopened instead.
    await focused.navigate(url);
  } catch {
    await self.clients.openWindow(url);
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: unknown } | null;
  event.waitUntil(openSite(targetUrl(data?.url, self.location.origin)));
});
