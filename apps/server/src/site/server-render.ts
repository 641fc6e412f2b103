import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// Visitors' public pages rendered on the server by the web app's own renderer, reading the API in-process on the
// visitor's behalf; bounded (a short cache, renders in flight, per address, a timeout), and whatever is not rendered
// here the browser renders as before (docs/web-performance.md).

/** What the web app's renderer returns (entry-server.tsx RenderedPage). */
export interface RenderedPage {
  html: string;
  queries: unknown;
  /** CSS custom properties for <html style> (the season's theme colours). */
  rootStyle: string;
}

type RenderPage = (url: string, api: typeof fetch, boot: Record<string, unknown>) => Promise<RenderedPage>;

export const RENDER_CACHE_MS = 5_000;
export const RENDER_CACHE_ENTRIES = 200;
export const RENDERS_IN_FLIGHT = 4;
export const RENDER_TIMEOUT_MS = 1_000;
export const RENDERS_PER_ADDRESS = 60;
const ADDRESS_WINDOW_MS = 60_000;
/** Addresses remembered for RENDERS_PER_ADDRESS at most (the oldest window is forgotten first). */
const ADDRESSES_KEPT = 10_000;

/** The renderer next to a web build (`<web>/dist` → `<web>/dist-server/entry-server.js`), if it was built. */
export async function loadRenderer(webDist: string): Promise<RenderPage | null> {
  const file = join(webDist, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(file)) return null;
  const module = (await import(pathToFileURL(file).href)) as { renderPage?: RenderPage };
  return typeof module.renderPage === 'function' ? module.renderPage : null;
}

/** The API as the renderer reads it: GET requests answered in-process, counted against the visitor's address. */
function apiFor(app: FastifyInstance, request: FastifyRequest): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    if (!url.startsWith('/api/') || (init?.method ?? 'GET') !== 'GET') throw new Error(`not a page's read: ${url}`);
    const reply = await app.inject({ method: 'GET', url, remoteAddress: request.ip });
    return new Response(reply.body, {
      status: reply.statusCode,
      headers: { 'content-type': String(reply.headers['content-type'] ?? 'application/json') },
    });
  };
}

export interface ServerRenderer {
  /** The page at `url` as the server renders it, or null when it is not rendered here now (the browser will). */
  render(url: string, request: FastifyRequest, boot: Record<string, unknown>): Promise<RenderedPage | null>;
}

export function createServerRenderer(
  app: FastifyInstance,
  renderPage: RenderPage,
  now: () => number = Date.now,
): ServerRenderer {
  const cache = new Map<string, { at: number; page: RenderedPage }>();
  const byAddress = new Map<string, { since: number; count: number }>();
  let inFlight = 0;
  /** Counts a render for this address; false when it has had its share this minute. */
  const allowed = (address: string) => {
    const at = now();
    const seen = byAddress.get(address);
    if (!seen || at - seen.since >= ADDRESS_WINDOW_MS) {
      byAddress.delete(address);
      byAddress.set(address, { since: at, count: 1 });
      while (byAddress.size > ADDRESSES_KEPT) byAddress.delete(byAddress.keys().next().value as string);
      return true;
    }
    seen.count++;
    return seen.count <= RENDERS_PER_ADDRESS;
  };
  const remember = (url: string, page: RenderedPage) => {
    cache.delete(url);
    cache.set(url, { at: now(), page });
    while (cache.size > RENDER_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  };
  return {
    async render(url, request, boot) {
      const kept = cache.get(url);
      if (kept && now() - kept.at < RENDER_CACHE_MS) return kept.page;
      if (inFlight >= RENDERS_IN_FLIGHT || !allowed(request.ip)) return null;
      inFlight++;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), RENDER_TIMEOUT_MS);
      });
      const rendering = renderPage(url, apiFor(app, request), boot).then(
        (page) => {
          remember(url, page);
          return page;
        },
        (error: unknown) => {
          request.log.warn({ err: error, url }, 'server render failed: the browser renders the page');
          return null;
        },
      );
      try {
        return await Promise.race([rendering, late]);
      } finally {
        clearTimeout(timer);
        void rendering.finally(() => inFlight--);
      }
    },
  };
}
