import { APP_ONLY_PATHS, PUBLIC_PAGES } from '@rankmatch/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { isMatchId, matchSummaryQueryOptions } from '../features/players/api/get-match-summary.ts';
import { isPlayerId, playerPageQueryOptions } from '../features/players/api/get-player-page.ts';
import { rankingQueryOptions } from '../features/ranking/api/get-ranking.ts';
import { publicMasterQueryOptions } from '../features/rules/api/get-public-master.ts';
import { publicSystemQueryOptions } from '../features/rules/api/get-public-system.ts';
import { shopBadgesQueryOptions } from '../features/shop/api/get-shop-badges.ts';
import { siteQueryOptions } from '../features/static/api/get-site.ts';
import { seasonsQueryOptions } from '../features/stats/api/get-seasons.ts';
import { statsQueryOptions } from '../features/stats/api/get-stats.ts';
import { readStatsParams } from '../features/stats/stats-params.ts';
import { getSession } from '../lib/auth/session.ts';
import { masterQueryOptions } from '../lib/master.ts';
import { answeredNotFound } from '../lib/not-found-address.ts';
import { type PreloadableLazy, preloadableLazy } from '../lib/preloadable-lazy.ts';
import { myPageTab } from './routes/home/mypage-tab-code.ts';

// Every page of the app with its code (a chunk of its own, loaded on demand) and the data it shows first. Going to a
// page starts both at once (preloadRoute): at start-up before the first render, and on each navigation; so a page's
// data never waits for its code, and its code never waits for the entry (the server names the page's chunk in
// index.html as a modulepreload: `chunk` is its file name, PUBLIC_PAGES in packages/shared).

type PageModule = { default: ComponentType };

export interface AppRoute {
  path: string;
  /** The chunk's name (its file name), for the pages the server preloads. */
  chunk?: string;
  load: () => Promise<PageModule>;
  /** Loads code of the page's own that its address shows at once (a tab of its own chunk), with the page's. */
  loadParts?: (search: URLSearchParams) => Promise<unknown> | undefined;
  /** Requests the page's first data into the query cache (deduplicated by key); resolves when it is in (or failed). */
  prefetch?: (
    client: QueryClient,
    params: Record<string, string | undefined>,
    search: URLSearchParams,
  ) => Promise<unknown>;
}

const signedInUser = () => getSession()?.user.user_id ?? null;

export const ROUTES: AppRoute[] = [
  {
    path: PUBLIC_PAGES.home.path,
    chunk: PUBLIC_PAGES.home.chunk,
    load: () => import('./routes/home/home-page.tsx'),
    loadParts: (search) => (search.get('tab') === 'mypage' ? myPageTab.preload() : undefined),
    prefetch: (client, _params, search) => {
      const user = signedInUser();
      return Promise.all([
        client.prefetchQuery(publicSystemQueryOptions()),
        user ? client.prefetchQuery(masterQueryOptions(user)) : client.prefetchQuery(publicMasterQueryOptions()),
        search.get('tab') === 'ranking' ? client.prefetchQuery(rankingQueryOptions(user !== null)) : null,
      ]);
    },
  },
  {
    path: PUBLIC_PAGES.stats.path,
    chunk: PUBLIC_PAGES.stats.chunk,
    load: () => import('../features/stats/components/stats-page.tsx'),
    prefetch: (client, _params, search) => {
      const params = readStatsParams(search);
      return Promise.all([
        client.prefetchQuery(seasonsQueryOptions()),
        params.badSeason ? null : client.prefetchQuery(statsQueryOptions(params)),
      ]);
    },
  },
  {
    path: PUBLIC_PAGES.player.path,
    chunk: PUBLIC_PAGES.player.chunk,
    load: () => import('../features/players/components/player-page.tsx'),
    prefetch: async (client, { userId }) => {
      if (isPlayerId(userId)) await client.prefetchQuery(playerPageQueryOptions(userId));
    },
  },
  {
    path: PUBLIC_PAGES.match.path,
    chunk: PUBLIC_PAGES.match.chunk,
    load: () => import('./routes/match/match-summary-page.tsx'),
    prefetch: async (client, { id }) => {
      if (isMatchId(id)) await client.prefetchQuery(matchSummaryQueryOptions(id));
    },
  },
  {
    path: PUBLIC_PAGES.shop.path,
    chunk: PUBLIC_PAGES.shop.chunk,
    load: () => import('../features/shop/components/shop-page.tsx'),
    prefetch: (client) => client.prefetchQuery(shopBadgesQueryOptions(signedInUser())),
  },
  {
    path: PUBLIC_PAGES.about.path,
    chunk: PUBLIC_PAGES.about.chunk,
    load: () => import('../features/static/components/about-page.tsx'),
  },
  {
    path: PUBLIC_PAGES.terms.path,
    chunk: PUBLIC_PAGES.terms.chunk,
    load: () => import('../features/static/components/terms-page.tsx'),
  },
  {
    path: PUBLIC_PAGES.privacy.path,
    chunk: PUBLIC_PAGES.privacy.chunk,
    load: () => import('../features/static/components/privacy-page.tsx'),
  },
  {
    path: PUBLIC_PAGES.commercial.path,
    chunk: PUBLIC_PAGES.commercial.chunk,
    load: () => import('../features/static/components/commercial-page.tsx'),
  },
  // The signed-in tools and the sign-in return (APP_ONLY_PATHS).
  { path: APP_ONLY_PATHS[0]!, load: () => import('../features/shop/components/test-checkout-page.tsx') },
  { path: APP_ONLY_PATHS[1]!, load: () => import('./routes/admin/admin-route.tsx') },
  { path: APP_ONLY_PATHS[2]!, load: () => import('../features/admin/components/match-test/match-test-page.tsx') },
  // The Discord return is the top page (the shell handles the code).
  { path: APP_ONLY_PATHS[3]!, load: () => import('./routes/home/home-page.tsx') },
];

/** Any other address: a 404 page with the way home. */
export const NOT_FOUND_ROUTE: AppRoute = { path: '*', load: () => import('./routes/not-found/not-found-page.tsx') };

const pageCode = new Map<AppRoute, PreloadableLazy<object>>();

/**
 * A route's code: loaded once (again after a failure) and, when already there (preloaded at start-up or before the
 * navigation), rendered at once instead of showing the loading fallback for a frame (which moved the footer).
 */
function codeOf(route: AppRoute): PreloadableLazy<object> {
  let code = pageCode.get(route);
  if (!code) {
    code = preloadableLazy(() => route.load().then((module) => module.default));
    pageCode.set(route, code);
  }
  return code;
}

/** React.lazy for a route's page. */
export const lazyPage = (route: AppRoute): ComponentType => codeOf(route).Component;

export function routeAt(pathname: string): { route: AppRoute; params: Record<string, string | undefined> } {
  for (const route of ROUTES) {
    const match = matchPath(route.path, pathname);
    if (match) return { route, params: match.params };
  }
  return { route: NOT_FOUND_ROUTE, params: {} };
}

/**
 * Starts loading the page at this address: its code and its first data, together. `code` resolves when the code is
 * in (rejects when it cannot load), `data` when the first data is in or failed (never rejects).
 */
export function preloadRoute(client: QueryClient, pathname: string, search: string): RouteLoad {
  // The same address again (the router's first render, right after start() began it) is the same load: a prefetch
  // whose answer was an error (a missing player's 404) would otherwise ask the server again.
  const address = pathname + search;
  const last = lastLoad.get(client);
  if (last?.address === address) return last.load;
  const load = startLoad(client, pathname, search);
  lastLoad.set(client, { address, load });
  return load;
}

type RouteLoad = { code: Promise<unknown>; data: Promise<unknown> };

/** The address each query client last started loading, and that load. */
const lastLoad = new WeakMap<QueryClient, { address: string; load: RouteLoad }>();

function startLoad(client: QueryClient, pathname: string, search: string): RouteLoad {
  const { route, params } = routeAt(pathname);
  // The shell's own data (its links and ad slot) with the page's: when everything the first render reads is in before
  // it starts, nothing changes under the time-sliced render (a query landing mid-render makes React redo it at once,
  // in one long task). The active season comes with index.html (boot-data.ts).
  const data = Promise.all([
    client.prefetchQuery(siteQueryOptions()),
    answeredNotFound(pathname) ? null : route.prefetch?.(client, params, new URLSearchParams(search)),
  ]);
  return { code: Promise.all([codeOf(route).preload(), route.loadParts?.(new URLSearchParams(search))]), data };
}
