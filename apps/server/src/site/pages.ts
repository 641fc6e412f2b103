import {
  APP_ONLY_PATHS,
  BOOT_KEYS,
  HOME_TAB_META,
  homeTabMeta,
  MATCH_NOT_FOUND_META,
  matchIdSchema,
  matchPageMeta,
  NOT_FOUND_META,
  type PageMeta,
  PLAYER_NOT_FOUND_META,
  PUBLIC_PAGES,
  playerPageMeta,
  RATING_BANDS,
  userIdSchema,
} from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import { presentPublicUser } from '../accounts/presenter.ts';
import { findSeasonStats, findUser, isListed } from '../accounts/queries.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { type PageHead, registerWebApp } from '../http/web-app.ts';
import { matchSummary } from '../profiles/service.ts';
import { presentSeason } from '../seasons/presenter.ts';
import { isSeasonOpen, markedActiveSeason, nextSeason } from '../seasons/queries.ts';
import { createServerRenderer, loadRenderer } from './server-render.ts';

// What index.html says about each address before the app runs: the status, title, description and Open Graph card
// (link previews on Discord and X read only the HTML), whether search engines may index it, and which page chunk to
// preload. A player or match that has no public page is a 404 (the app still shows its not-found message).

/** The shell's own first call, on every page. */
const SHELL_DATA = ['/api/site'];

/**
 * Data every page's shell shows at once, written into index.html so the first render has it: the active season (the
 * top page's banner and the theme colour), as GET /api/seasons/active answers it. Without it the banner's placeholder
 * was replaced by a taller banner a request later, moving the page below it.
 */
export async function bootData(ctx: AppContext): Promise<Record<string, unknown>> {
  const now = ctx.now();
  const [current, next] = await Promise.all([markedActiveSeason(ctx.db), nextSeason(ctx.db, now)]);
  return {
    [BOOT_KEYS.season]: {
      is_season_active: isSeasonOpen(current, now),
      current_season: current ? presentSeason(current) : null,
      next_season: next ? presentSeason(next) : null,
    },
  };
}

const page = (key: keyof typeof PUBLIC_PAGES, extra: Partial<PageHead> = {}): PageHead => ({
  status: 200,
  meta: PUBLIC_PAGES[key].meta,
  type: 'website',
  image: null,
  indexable: true,
  chunk: PUBLIC_PAGES[key].chunk,
  data: SHELL_DATA,
  visitorData: [],
  ...extra,
});

const notFound = (chunk: string | null = null, meta: PageMeta = NOT_FOUND_META): PageHead => ({
  status: 404,
  meta,
  type: 'website',
  image: null,
  indexable: false,
  chunk,
  data: SHELL_DATA,
  visitorData: [],
});

/** The statistics page's first calls for its address (apps/web/src/features/stats/api: same order of parameters). */
function statsData(query: URLSearchParams): string[] {
  const band = query.get('band');
  const params = new URLSearchParams({ band: band && RATING_BANDS.some((b) => b === band) ? band : 'all' });
  const season = query.get('season');
  if (season) params.set('season', season);
  return [...SHELL_DATA, '/api/public/seasons', `/api/public/stats?${params}`];
}

/** React Router's ":param" patterns as regular expressions. */
const patternOf = (path: string) => new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}/?$`);
const APP_ONLY = APP_ONLY_PATHS.map(patternOf);

async function playerHead(ctx: AppContext, id: string): Promise<PageHead> {
  if (!userIdSchema.safeParse(id).success) return notFound(PUBLIC_PAGES.player.chunk, PLAYER_NOT_FOUND_META);
  const user = await findUser(ctx.db, id);
  if (!isListed(user)) return notFound(PUBLIC_PAGES.player.chunk, PLAYER_NOT_FOUND_META);
  const season = await markedActiveSeason(ctx.db);
  const stats = season ? await findSeasonStats(ctx.db, user.id, season.id) : undefined;
  const profile = presentPublicUser(user, stats);
  const avatar = profile.discord_avatar_url;
  return page('player', {
    data: [...SHELL_DATA, `/api/players/${user.id}`],
    meta: playerPageMeta(profile),
    type: 'profile',
    image: avatar?.startsWith('https://') ? avatar : null,
  });
}

async function matchHead(ctx: AppContext, id: string): Promise<PageHead> {
  if (!matchIdSchema.safeParse(id).success) return notFound(PUBLIC_PAGES.match.chunk, MATCH_NOT_FOUND_META);
  try {
    return page('match', {
      meta: matchPageMeta(await matchSummary(ctx.db, Number(id))),
      type: 'article',
      data: [...SHELL_DATA, `/api/matches/${id}/summary`],
    });
  } catch (error) {
    if (error instanceof AppError) return notFound(PUBLIC_PAGES.match.chunk, MATCH_NOT_FOUND_META);
    throw error;
  }
}

/** The head of the page at this path (without the query) and query. */
export async function pageHead(ctx: AppContext, path: string, query: URLSearchParams): Promise<PageHead> {
  const segments = path.split('/');
  if (segments[1] === 'players' && segments.length === 3) return playerHead(ctx, segments[2]!);
  if (segments[1] === 'matches' && segments.length === 3) return matchHead(ctx, segments[2]!);
  // The top page's calls (a signed-in player's app asks for /api/master and /api/users/ranking instead).
  const home = { data: [...SHELL_DATA, '/api/public/system'], visitorData: ['/api/public/master'] };
  if (path === '/' && query.get('tab') === 'ranking') {
    return page('home', {
      meta: HOME_TAB_META.ranking,
      ...home,
      visitorData: [...home.visitorData, '/api/public/ranking'],
    });
  }
  // The top page's other tabs are the visitor's own (my page, matching): named, not indexed apart.
  if (path === '/' && query.has('tab')) {
    return page('home', {
      meta: homeTabMeta(query.get('tab')) ?? PUBLIC_PAGES.home.meta,
      indexable: false,
      ...home,
    });
  }
  if (path === '/') return page('home', home);
  if (path === PUBLIC_PAGES.stats.path) return page('stats', { data: statsData(query) });
  for (const [key, known] of Object.entries(PUBLIC_PAGES)) {
    if (!known.path.includes(':') && (path === known.path || path === `${known.path}/`)) {
      return page(key as keyof typeof PUBLIC_PAGES);
    }
  }
  if (APP_ONLY.some((pattern) => pattern.test(path))) {
    return {
      status: 200,
      meta: PUBLIC_PAGES.home.meta,
      type: 'website',
      image: null,
      indexable: false,
      chunk: null,
      data: SHELL_DATA,
      visitorData: [],
    };
  }
  return notFound();
}

/**
 * The web app's pages and files (everything outside /api; unknown paths get index.html): a visitor's page is rendered
 * by the server with the app's own components when the build has its renderer.
 */
export async function registerSitePages(app: FastifyInstance, ctx: AppContext, webDist: string): Promise<void> {
  const renderPage = await loadRenderer(webDist);
  const renderer = renderPage ? createServerRenderer(app, renderPage) : null;
  await registerWebApp(app, webDist, {
    publicUrl: ctx.config.publicUrl,
    head: (path, query) => pageHead(ctx, path, query),
    bootData: () => bootData(ctx),
    ...(renderer && { render: renderer.render }),
  });
}
