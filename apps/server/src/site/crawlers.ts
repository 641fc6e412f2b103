import { APP_ONLY_PATHS, HOME_TAB_META, PUBLIC_PAGES } from '@rankmatch/shared';
import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { matches, seasonStats, users } from '../db/schema.ts';
import { type RouteDef, route } from '../http/route.ts';

// For search engines: robots.txt (everything may be crawled but the signed-in tools; /api stays open, since the
// pages render from it) and sitemap.xml with the public pages: the static ones, the ranking, the statistics, every
// player who has a page and has played, and the latest settled matches. One sitemap holds at most 50,000 addresses:
// players and matches are capped below that together.

export const SITEMAP_MAX_PLAYERS = 20_000;
export const SITEMAP_MAX_MATCHES = 25_000;
const CACHE = 'public, max-age=3600';

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
const day = (unix: number) => new Date(unix * 1000).toISOString().slice(0, 10);

export function robotsTxt(publicUrl: string): string {
  const tools = APP_ONLY_PATHS.map((path) => path.replace(/\/:[A-Za-z]+$/, '/'));
  return [
    'User-agent: *',
    ...tools.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${publicUrl.replace(/\/$/, '')}/sitemap.xml`,
    '',
  ].join('\n');
}

export async function sitemapXml(ctx: AppContext): Promise<string> {
  const origin = ctx.config.publicUrl.replace(/\/$/, '');
  const [players, settled] = await Promise.all([
    ctx.db
      .selectDistinct({ id: users.id })
      .from(users)
      .innerJoin(seasonStats, eq(seasonStats.userId, users.id))
      .where(and(eq(users.isBanned, false), ne(sql`trim(${users.trainerName})`, ''), gt(seasonStats.matchCount, 0)))
      .orderBy(users.id)
      .limit(SITEMAP_MAX_PLAYERS),
    ctx.db
      .select({ id: matches.id, settledAt: matches.settledAt })
      .from(matches)
      .where(eq(matches.status, 'done'))
      .orderBy(desc(matches.settledAt))
      .limit(SITEMAP_MAX_MATCHES),
  ]);
  const fixed = Object.values(PUBLIC_PAGES)
    .filter((page) => !page.path.includes(':'))
    .map((page) => page.path);
  const entries = [
    ...fixed.map((path) => ({ path, lastmod: null as string | null })),
    ...Object.keys(HOME_TAB_META).map((tab) => ({ path: `/?tab=${tab}`, lastmod: null })),
    ...players.map((p) => ({ path: `/players/${encodeURIComponent(p.id)}`, lastmod: null })),
    ...settled.map((m) => ({ path: `/matches/${m.id}`, lastmod: m.settledAt ? day(m.settledAt) : null })),
  ];
  const urls = entries.map(
    (e) => `  <url><loc>${escapeXml(origin + e.path)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** robots.txt and the sitemap. */
export function crawlerRoutes(ctx: AppContext): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/robots.txt',
        summary: 'For crawlers: what may be crawled, and where the sitemap is',
        tag: 'system',
        access: 'public',
        replies: { 200: { description: 'robots.txt', contentType: 'text/plain' } },
      },
      ({ reply }) =>
        reply.type('text/plain; charset=utf-8').header('cache-control', CACHE).send(robotsTxt(ctx.config.publicUrl)),
    ),
    route(
      {
        method: 'GET',
        url: '/sitemap.xml',
        summary: 'For crawlers: the public pages (static pages, ranking, statistics, players)',
        tag: 'system',
        access: 'public',
        replies: { 200: { description: 'The sitemap', contentType: 'application/xml' } },
      },
      async ({ reply }) =>
        reply
          .type('application/xml; charset=utf-8')
          .header('cache-control', CACHE)
          .send(await sitemapXml(ctx)),
    ),
  ];
}
