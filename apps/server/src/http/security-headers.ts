import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

// Security headers on every reply. Tokens live in local storage (as the spec says), so the Content-Security-Policy is
// the barrier against script injection: only the site's own scripts run (no inline script, no eval), nothing may
// frame the site, and the page may talk only to its own origin (HTTP and WebSocket).

export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const site = new URL(config.publicUrl);
  const socketOrigin = `${site.protocol === 'https:' ? 'wss:' : 'ws:'}//${site.host}`;
  const adOrigin = config.site.adSlotUrl ? new URL(config.site.adSlotUrl).origin : null;
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // React sets style attributes (colours of badges and seasons): allowed for styles, never for scripts.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Discord avatars and badge images may come from other https hosts. blob: for screenshots (issue 34): a stored
    // one is read with the session's token into a blob URL (an <img src> cannot send the token), and a chosen file is
    // previewed from its own; both are made by the page itself.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", socketOrigin],
    // The service worker (/sw.js) and the web app manifest (/manifest.webmanifest) of the installable app.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'frame-src': adOrigin ? [adOrigin] : ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
  };
}

function helmetOptions(config: Config): HelmetOptions {
  const https = config.publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only where the site is served over https (a browser would otherwise refuse plain http afterwards).
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The Stripe checkout and Discord sign-in are full navigations, not popups that need the opener.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Badge images and avatars from other hosts are plain <img> loads.
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  };
}

/** The headers helmet sets with these options: the same on every reply, so they are worked out once. */
export function securityHeaders(config: Config): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: () => {},
  };
  helmet(helmetOptions(config))({} as IncomingMessage, collector as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * The headers of an API reply (JSON, images, files; never a page): what still matters for a response that is not a
 * document (OWASP's REST list: no content may run or be framed, no sniffing, no cross-site reads; HSTS), without
 * the page-only ones (the page's policy, COOP, Origin-Agent-Cluster, X-XSS-Protection…). Every read carries about
 * 700 bytes less, and a client parsing the ranking through the cache spends its time on the body (issue 37's
 * measurement, docs/deployment.md "Figures").
 */
export function apiSecurityHeaders(config: Config): Record<string, string> {
  const page = securityHeaders(config);
  const headers: Record<string, string> = {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': page['cross-origin-resource-policy'] ?? 'same-site',
  };
  const hsts = page['strict-transport-security'];
  if (hsts) headers['strict-transport-security'] = hsts;
  return headers;
}

/** An API reply: under /api/, except the API's own documentation page. */
export const isApiReply = (url: string): boolean =>
  url.startsWith('/api/') && !(url === '/api/docs' || url.startsWith('/api/docs?'));

/**
 * The headers every reply starts with, set by one hook: helmet's on pages and assets, the lean set on API replies,
 * both computed once at start, and `apiDefaults` on everything under /api/ (the API documentation page included).
 * @fastify/helmet built helmet's middleware again on every request (parsing the policy's directives each time): about
 * a tenth of the ranking read's CPU (issue 37's measurement, docs/deployment.md "Figures"). A route may still set one
 * of them itself: its value wins. Returns the API replies' set (the shared reads send it too: http/shared-reads.ts).
 */
export function registerDefaultHeaders(
  app: FastifyInstance,
  config: Config,
  apiDefaults: Record<string, string>,
): Record<string, string> {
  const page = securityHeaders(config);
  const api = { ...apiSecurityHeaders(config), ...apiDefaults };
  const docs = { ...page, ...apiDefaults };
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    void reply.headers(!url.startsWith('/api/') ? page : isApiReply(url) ? api : docs);
    done();
  });
  return api;
}
