import { sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ERRORS } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';

// The built web app, outside /api. Vite names every file under assets/ after a hash of its content, so such a file
// never changes: browsers keep it a year without asking again. Everything else (index.html, which names the current
// assets, and the files copied from public/ under fixed names) is revalidated on every use (ETag / Last-Modified), so
// a deploy reaches returning visitors at once.

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

/** Serves `webDist`: its files, and index.html for every other path that is not /api (a single-page app). */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const assets = `${webDist}${sep}assets${sep}`;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: ['index.html'],
    // Our Cache-Control, not the plugin's `public, max-age=0`.
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(assets) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  });
  app.get('/*', (request, reply) => {
    // An asset this build does not have (a page of an older build asking for its chunks) is missing, not the app.
    if (request.url.startsWith('/api/') || request.url === '/api' || request.url.startsWith('/assets/')) {
      return reply.status(404).send({ error: ERRORS.ROUTE_NOT_FOUND.message, code: 'ROUTE_NOT_FOUND' });
    }
    return reply.sendFile('index.html');
  });
}
