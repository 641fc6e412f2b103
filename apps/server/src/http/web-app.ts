import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  BOOT_DATA_ID,
  BOOT_KEYS,
  documentTitle,
  ERRORS,
  type PageMeta,
  SIGNED_IN_COOKIE,
  SITE_NAME,
} from '@rankmatch/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isCurrent } from './cache.ts';
import { cookieValue } from './cookies.ts';

// The built web app, outside /api: hashed assets/ cached a year, everything else revalidated (a deploy reaches
// returning visitors at once), precompressed .br/.gz copies sent as they are, and index.html written per address
// (title, description, card, status, the page's preloads). Rules and figures: docs/web-performance.md.

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';
/** Files of the build a page never gets in their place when missing (a service worker must be JavaScript). */
const NEVER_THE_PAGE = new Set(['/sw.js', '/manifest.webmanifest']);

/** What index.html says about one address (site/pages.ts's pageHead decides it). */
export interface PageHead {
  status: number;
  meta: PageMeta;
  /** Open Graph type. */
  type: 'website' | 'profile' | 'article';
  /** An https image for the card (a player's avatar), if any. */
  image: string | null;
  /** false: noindex (tools, sign-in, 404). */
  indexable: boolean;
  /** The page's build chunk (PUBLIC_PAGES[…].chunk), preloaded with the entry. */
  chunk: string | null;
  /**
   * The public API calls the page makes first, exactly as the app makes them (same address, no token), which
   * index.html preloads: the data then downloads with the code instead of after it.
   */
  data: string[];
  /**
   * Calls only a visitor's page makes (a signed-in player's app asks for its own instead: /api/master,
   * /api/users/ranking): not preloaded for a browser that says it is signed in (SIGNED_IN_COOKIE), where the browser
   * would warn of a preload it never used.
   */
  visitorData: string[];
}

export interface WebAppOptions {
  /** The site's public address (canonical and Open Graph URLs). */
  publicUrl: string;
  /** The head of the page at a path; without it every address gets index.html as built. */
  head?: (path: string, query: URLSearchParams) => Promise<PageHead>;
  /** Replies the app would otherwise request first, by name, embedded as JSON (the app reads them before rendering). */
  bootData?: () => Promise<Record<string, unknown>>;
  /**
   * The page's markup and the queries it read, rendered on the server (site/server-render.ts), or null: the browser
   * renders it.
   */
  render?: (
    url: string,
    request: FastifyRequest,
    boot: Record<string, unknown>,
  ) => Promise<{ html: string; queries: unknown; rootStyle: string } | null>;
}

/** JSON inside <script type="application/json">: data, never run (the CSP allows no inline script), and no "</". */
export const bootScript = (data: Record<string, unknown>) =>
  `<script type="application/json" id="${BOOT_DATA_ID}">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

interface Preloads {
  js: string[];
  css: string[];
}

/**
 * What a page needs beyond the entry: the app's start-up steps every page runs (the entry's own imports, static and
 * dynamic: apps/web/src/main.tsx) as `shell`, and each page chunk's further JavaScript files and stylesheets by chunk
 * name. The pages' own chunks are the dynamic imports of the start-up steps (apps/web/src/app/routes.ts).
 */
export function pagePreloads(manifest: Record<string, ManifestChunk>): {
  shell: Preloads;
  pages: Map<string, Preloads>;
} {
  const closure = (key: string, seen: Set<string>) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) closure(next, seen);
  };
  const entryKeys = new Set<string>();
  const shellKeys = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isEntry) continue;
    closure(key, entryKeys);
    for (const step of chunk.dynamicImports ?? []) closure(step, shellKeys);
  }
  const css = (keys: Iterable<string>) => [...new Set([...keys].flatMap((k) => manifest[k]!.css ?? []))];
  const entryCss = new Set(css(entryKeys));
  const own = (keys: Set<string>, known: Set<string>, knownCss: Set<string>): Preloads => {
    const mine = [...keys].filter((k) => !known.has(k));
    return {
      js: mine.map((k) => `/${manifest[k]!.file}`),
      css: css(mine)
        .filter((f) => !knownCss.has(f))
        .map((f) => `/${f}`),
    };
  };
  const shell = own(shellKeys, entryKeys, entryCss);
  const beforePage = new Set([...entryKeys, ...shellKeys]);
  const beforePageCss = new Set([...entryCss, ...css(shellKeys)]);
  const pages = new Map<string, Preloads>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry || !chunk.name || shellKeys.has(key)) continue;
    const keys = new Set<string>();
    closure(key, keys);
    pages.set(chunk.name, own(keys, beforePage, beforePageCss));
  }
  return { shell, pages };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** index.html with the page's head: its own title, description and card, and its chunk's preloads. */
export function renderPage(
  template: string,
  head: PageHead,
  url: string,
  preloads: Preloads[],
  boot: Record<string, unknown> | null = null,
  body: { html: string; rootStyle: string } | null = null,
): string {
  const title = escapeHtml(documentTitle(head.meta.title));
  const description = escapeHtml(head.meta.description);
  const tags = [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}" />`,
    head.indexable ? `<link rel="canonical" href="${escapeHtml(url)}" />` : '<meta name="robots" content="noindex" />',
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="${head.type}" />`,
    `<meta property="og:title" content="${escapeHtml(head.meta.title ?? documentTitle(null))}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    '<meta property="og:locale" content="ja_JP" />',
    ...(head.image ? [`<meta property="og:image" content="${escapeHtml(head.image)}" />`] : []),
    '<meta name="twitter:card" content="summary" />',
    ...preloads.flatMap((p) => p.css).map((href) => `<link rel="stylesheet" crossorigin href="${href}" />`),
    // A rendered page's JavaScript is preloaded by the entry once the page is on screen (the boot data names it).
    ...(body === null ? preloads.flatMap((p) => p.js) : []).map(
      (href) => `<link rel="modulepreload" crossorigin href="${href}" />`,
    ),
    // The page's first data, fetched as the app fetches it (same-origin, no credentials beyond the origin's), unless
    // the page comes rendered with it.
    ...(body === null ? head.data : []).map(
      (href) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="${escapeHtml(href)}" />`,
    ),
    ...(boot ? [bootScript(boot)] : []),
  ].join('\n    ');
  const html = template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace(/<meta property="og:[^>]*>\s*/g, '');
  const page = html.includes('</head>') ? html.replace('</head>', `  ${tags}\n  </head>`) : `${tags}\n${html}`;
  if (body === null) return page;
  // The custom properties are the renderer's (hex colours and names); quotes and angle brackets could not pass anyway.
  const style = escapeHtml(body.rootStyle);
  return page
    .replace('<html lang="ja">', () => `<html lang="ja" style="${style}">`)
    .replace('<div id="root"></div>', () => `<div id="root">${body.html}</div>`);
}

/** Serves `webDist`: its files, and index.html (written for the address) for every other path outside /api. */
export async function registerWebApp(app: FastifyInstance, webDist: string, options: WebAppOptions): Promise<void> {
  const assets = `${webDist}${sep}assets${sep}`;
  const template = readFileSync(join(webDist, 'index.html'), 'utf8');
  const manifestPath = join(webDist, '.vite', 'manifest.json');
  const { shell, pages } = existsSync(manifestPath)
    ? pagePreloads(JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>)
    : { shell: { js: [], css: [] }, pages: new Map<string, Preloads>() };
  const preloadsOf = (chunk: string | null) => {
    const page = chunk ? pages.get(chunk) : undefined;
    return page ? [shell, page] : [shell];
  };
  const modulesOf = (chunk: string | null) => preloadsOf(chunk).flatMap((p) => p.js);
  const origin = options.publicUrl.replace(/\/$/, '');

  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    // index.html is written per address below; the compressed copies are not addresses of their own.
    index: false,
    globIgnore: ['index.html', '**/*.br', '**/*.gz'],
    preCompressed: true,
    // Our Cache-Control, not the plugin's `public, max-age=0`.
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  });

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://localhost');
    const path = url.pathname === '/index.html' ? '/' : url.pathname;
    const [head, boot] = await Promise.all([
      options.head ? options.head(path, url.searchParams) : null,
      options.bootData ? options.bootData() : null,
    ]);
    const canonical = `${origin}${path}${path === '/' && url.searchParams.get('tab') === 'ranking' ? '?tab=ranking' : ''}`;
    // Public pages (those with a page chunk) that exist come rendered for a visitor; the tools, missing pages and a
    // signed-in player's pages (whose browser says so: SIGNED_IN_COOKIE) are the browser's to render.
    const signedIn = cookieValue(request.headers.cookie, SIGNED_IN_COOKIE) === '1';
    const pageHead = head && { ...head, data: signedIn ? head.data : [...head.data, ...head.visitorData] };
    const rendered =
      head?.chunk && head.status === 200 && !signedIn && options.render
        ? await options.render(`${path}${url.search}`, request, boot ?? {})
        : null;
    const html = pageHead
      ? renderPage(
          template,
          pageHead,
          canonical,
          preloadsOf(head.chunk),
          rendered
            ? { ...boot, [BOOT_KEYS.queries]: rendered.queries, [BOOT_KEYS.modules]: modulesOf(head.chunk) }
            : head.status === 404
              ? { ...boot, [BOOT_KEYS.notFound]: path }
              : boot,
          rendered,
        )
      : template;
    const etag = `"${createHash('sha1').update(html).digest('base64url')}"`;
    reply
      .header('cache-control', REVALIDATE_CACHE)
      .header('vary', 'Cookie')
      .header('etag', etag)
      .type('text/html; charset=utf-8');
    if (isCurrent(request.headers['if-none-match'], etag)) return reply.status(304).send();
    return reply.status(head?.status ?? 200).send(html);
  };

  app.get('/', sendPage);
  app.get('/*', (request, reply) => {
    // An asset this build does not have (a page of an older build asking for its chunks) is missing, not the app.
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/') || path === '/api' || path.startsWith('/assets/') || NEVER_THE_PAGE.has(path)) {
      return reply.status(404).send({ error: ERRORS.ROUTE_NOT_FOUND.message, code: 'ROUTE_NOT_FOUND' });
    }
    return sendPage(request, reply);
  });
}
