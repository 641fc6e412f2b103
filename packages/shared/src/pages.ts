// The public pages: their addresses, titles and descriptions, defined once for the web app (document title and
// description while the page shows) and the server (the <title>, description and Open Graph tags it writes into
// index.html for each address, since link previews and crawlers do not run the app), plus the name of the build chunk
// each page's code is in (the server preloads it with the entry, so the page's code does not wait for the entry).

import { formatDate, groupDigits } from './japan-format.ts';

export const SITE_NAME = 'rankmatch';
export const SITE_TAGLINE = 'ポケモンユナイト ランクマッチ';
export const SITE_TITLE = `${SITE_NAME} — ${SITE_TAGLINE}`;

export interface PageMeta {
  /** The page's own title, without the site's name (null: the site's title alone). */
  title: string | null;
  description: string;
}

/** The document title of a page: "統計 | rankmatch", or the site's title. */
export const documentTitle = (title: string | null): string => (title ? `${title} | ${SITE_NAME}` : SITE_TITLE);

export interface PublicPage {
  /** React Router path. */
  path: string;
  /** The Vite chunk of the page's component (its file name without extension). */
  chunk: string;
  meta: PageMeta;
}

const HOME_DESCRIPTION =
  'ポケモンユナイトのコミュニティ型ランクマッチサイト。5対5のドラフトピックで対戦し、独自レートのランキングを競います。';

/** Pages whose title and description do not depend on data. */
export const PUBLIC_PAGES = {
  home: { path: '/', chunk: 'home-page', meta: { title: null, description: HOME_DESCRIPTION } },
  stats: {
    path: '/stats',
    chunk: 'stats-page',
    meta: {
      title: '統計',
      description:
        'シーズンとレート帯ごとのポケモンの使用率・BAN率・勝率、ロール別の傾向、試合数やマッチングの待ち時間などの統計です。',
    },
  },
  shop: {
    path: '/shop',
    chunk: 'shop-page',
    meta: { title: 'バッジショップ', description: 'rankmatch のプロフィールを飾るバッジを購入できるショップです。' },
  },
  about: {
    path: '/about',
    chunk: 'about-page',
    meta: {
      title: 'このサイトについて',
      description:
        'rankmatch は、ポケモンユナイトのプレイヤーが運営するコミュニティ型のランクマッチサイトです。参加条件と遊び方を説明します。',
    },
  },
  terms: {
    path: '/terms',
    chunk: 'terms-page',
    meta: { title: '利用規約', description: 'rankmatch の利用規約です。' },
  },
  privacy: {
    path: '/privacy',
    chunk: 'privacy-page',
    meta: {
      title: 'プライバシーポリシー',
      description: 'rankmatch が取得する情報、その利用目的と管理についての方針です。',
    },
  },
  commercial: {
    path: '/commercial',
    chunk: 'commercial-page',
    meta: {
      title: '特定商取引法に基づく表記',
      description: 'rankmatch のバッジショップの特定商取引法に基づく表記です。',
    },
  },
  player: {
    path: '/players/:userId',
    chunk: 'player-page',
    meta: { title: 'プレイヤー', description: 'rankmatch のプレイヤーページです。' },
  },
  match: {
    path: '/matches/:id',
    chunk: 'match-summary-page',
    meta: { title: '試合結果', description: 'rankmatch の試合結果です。' },
  },
} as const satisfies Record<string, PublicPage>;

/**
 * The top page's tabs other than the first (ルール, the top page itself): the ranking is a page of its own for
 * visitors (indexed, its own description); the matching and my page tabs are a player's own (named, not indexed).
 */
export const HOME_TAB_META = {
  ranking: {
    title: 'ランキング',
    description: '今シーズンの rankmatch ランキング：最高レート順の上位100人です。',
  },
  match: { title: 'マッチング', description: HOME_DESCRIPTION },
  mypage: { title: 'マイページ', description: HOME_DESCRIPTION },
} as const satisfies Record<string, PageMeta>;

/** The meta of the top page's tab named in ?tab= (null: the top page's own). */
export const homeTabMeta = (tab: string | null): PageMeta | null =>
  tab !== null && Object.hasOwn(HOME_TAB_META, tab) ? HOME_TAB_META[tab as keyof typeof HOME_TAB_META] : null;

export const playerPageTitle = (trainerName: string) => `${trainerName} のプレイヤーページ`;
export const matchPageTitle = (matchId: string) => `試合 #${matchId}`;

/** A player's page: name, rate and record of the season (what a shared link's card says). */
export function playerPageMeta(player: {
  trainer_name: string;
  rate: number;
  max_rate: number;
  match_count: number;
  win_count: number;
}): PageMeta {
  const name = player.trainer_name;
  const record =
    player.match_count > 0
      ? `レート ${groupDigits(player.rate)}（最高 ${groupDigits(player.max_rate)}）、` +
        `${groupDigits(player.match_count)}試合 ${groupDigits(player.win_count)}勝` +
        `（勝率 ${((player.win_count / player.match_count) * 100).toFixed(1)}%）`
      : `レート ${groupDigits(player.rate)}、今シーズンの試合はまだありません`;
  return {
    title: playerPageTitle(name),
    description: `${name} の rankmatch での成績: ${record}。最近の試合とよく使うポケモン、過去シーズンの記録。`,
  };
}

/** A settled match: result, date and the two teams. */
export function matchPageMeta(match: {
  match_id: string;
  settled_at: number;
  winner_team: 'A' | 'B' | null;
  team_a: { trainer_name: string }[];
  team_b: { trainer_name: string }[];
}): PageMeta {
  const result = match.winner_team ? `チーム${match.winner_team}の勝利` : '無効試合';
  const names = (team: { trainer_name: string }[]) => team.map((p) => p.trainer_name).join('、');
  return {
    title: matchPageTitle(match.match_id),
    description:
      `${formatDate(match.settled_at)}の試合 #${match.match_id}: ${result}。` +
      `チームA: ${names(match.team_a)} ／ チームB: ${names(match.team_b)}`,
  };
}

/** Addresses of the app that are not public pages (signed-in tools, the sign-in return): served, never indexed. */
export const APP_ONLY_PATHS = ['/shop/test-checkout/:sessionId', '/admin_control', '/match_test', '/auth/callback'];

/** The 404 page's title (an address the site does not have). */
export const NOT_FOUND_META = {
  title: 'ページが見つかりません',
  description: 'お探しのページは見つかりませんでした。',
} as const satisfies PageMeta;

/** A player's address without a page (no such id, left, or no trainer name yet). */
export const PLAYER_NOT_FOUND_META = {
  title: 'プレイヤーが見つかりません',
  description: NOT_FOUND_META.description,
} as const satisfies PageMeta;

/** A match's address without a page (no such match, or not settled yet). */
export const MATCH_NOT_FOUND_META = {
  title: '試合が見つからないか、まだ集計されていません',
  description: NOT_FOUND_META.description,
} as const satisfies PageMeta;
