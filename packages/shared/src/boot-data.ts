// The JSON the server writes into index.html for the web app's start (apps/server/src/http/web-app.ts and
// site/pages.ts write it; apps/web/src/main.tsx and app/boot-data.ts read it). Kept apart from the rest of the
// package: the web app's entry reads it before anything else is loaded (vite.config.ts leaves it out of the shared
// chunk).

/** The id of the <script type="application/json"> element. */
export const BOOT_DATA_ID = 'boot-data';

export const BOOT_KEYS = {
  /** GET /api/seasons/active's reply. */
  season: 'seasons/active',
  /** The queries a server-rendered page read (TanStack Query's dehydrated state). */
  queries: 'queries',
  /**
   * A server-rendered page's JavaScript (the start-up steps and the page's chunk), which the entry preloads once the
   * page is on screen instead of index.html asking for it before the first paint.
   */
  modules: 'modules',
  /**
   * The address the server answered 404 (a missing player or match): the page says "not found" at once instead of
   * asking the API a second time for the same answer.
   */
  notFound: 'not-found',
} as const;

/**
 * A cookie that says only "this browser holds a session" (never the token; set and cleared by the web app with its
 * stored session). The server renders a visitor's page, so it leaves a signed-in player's page to the browser.
 */
export const SIGNED_IN_COOKIE = 'rankmatch_signed_in';
