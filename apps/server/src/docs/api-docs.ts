import * as S from '@rankmatch/shared';
import type { z } from 'zod';

// The API's documentation, one entry per route, built from the same shared zod schemas the routes validate with (and
// the web app parses replies with), so it cannot drift. A test checks that every registered route has an entry here.

export type Access = 'public' | 'user' | 'admin' | 'webhook';

export interface RouteDoc {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify's path (`:id` parameters). */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  body?: z.ZodType;
  query?: z.ZodType;
  reply?: z.ZodType;
}

const doc = (
  method: RouteDoc['method'],
  path: string,
  tag: string,
  access: Access,
  summary: string,
  schemas: Pick<RouteDoc, 'body' | 'query' | 'reply'> = {},
): RouteDoc => ({ method, path, tag, access, summary, ...schemas });

export const API_DOCS: RouteDoc[] = [
  doc('GET', '/api/docs', 'system', 'public', 'This documentation as a page'),
  doc('GET', '/api/docs/openapi.json', 'system', 'public', 'This documentation as OpenAPI 3.1'),
  doc('GET', '/api/health', 'system', 'public', 'Health of the instance, the database and Redis'),
  doc('GET', '/metrics', 'system', 'public', 'Prometheus metrics (METRICS_TOKEN or METRICS_ALLOW)'),
  doc('GET', '/robots.txt', 'system', 'public', 'For crawlers: what may be crawled, and where the sitemap is'),
  doc(
    'GET',
    '/sitemap.xml',
    'system',
    'public',
    'For crawlers: the public pages (static pages, ranking, statistics, players)',
  ),
  doc('GET', '/api/ws', 'system', 'user', 'WebSocket (token in the query); a plain GET answers 426', {
    query: S.z.object({ token: S.z.string() }),
  }),
  doc('GET', '/api/site', 'system', 'public', 'Site configuration for the shell', { reply: S.siteReplySchema }),
  doc('GET', '/api/public/system', 'system', 'public', 'Rules and matching hours', { reply: S.systemReplySchema }),

  doc('GET', '/api/auth/providers', 'auth', 'public', 'Which sign-in methods are offered'),
  doc('GET', '/api/auth/discord/authorize', 'auth', 'public', 'Starts the Discord sign-in (302)', {
    query: S.discordAuthorizeQuerySchema,
  }),
  doc('POST', '/api/auth/discord/callback', 'auth', 'public', 'Finishes the Discord sign-in', {
    body: S.discordCallbackSchema,
    reply: S.discordLoginReplySchema,
  }),
  doc('GET', '/api/auth/dummy/users', 'auth', 'public', 'Test accounts (development)', {
    reply: S.z.object({ dummy_users: S.z.array(S.dummyUserSchema) }),
  }),
  doc('POST', '/api/auth/dummy/login', 'auth', 'public', 'Signs a test account in', {
    body: S.dummyLoginSchema,
    reply: S.loginReplySchema,
  }),
  doc('POST', '/api/auth/logout', 'auth', 'user', 'Ends the session', { reply: S.okReplySchema }),

  doc('GET', '/api/users/me', 'users', 'user', 'The signed-in user', { reply: S.userProfileSchema }),
  doc('POST', '/api/users', 'users', 'user', 'Creates the record of the signed-in identity', {
    reply: S.userProfileSchema,
  }),
  doc('PUT', '/api/users/me/profile', 'users', 'user', 'Edits the profile', {
    body: S.profileUpdateSchema,
    reply: S.userProfileSchema,
  }),
  doc('PUT', '/api/users/me/discord', 'users', 'user', 'Refreshes the Discord name and avatar', {
    reply: S.userProfileSchema,
  }),
  doc('GET', '/api/users/me/badges', 'badges', 'user', 'Owned badges', { reply: S.ownedBadgesReplySchema }),
  doc('PUT', '/api/users/me/badges/equip', 'badges', 'user', 'Equips badges', {
    body: S.equipBadgesSchema,
    reply: S.okReplySchema,
  }),
  doc('GET', '/api/users/me/records', 'seasons', 'user', 'Ended seasons', { reply: S.recordsReplySchema }),
  doc('GET', '/api/users/me/rating-history', 'users', 'user', 'Rate after each rated match', {
    reply: S.ratingHistoryReplySchema,
  }),
  doc('GET', '/api/users/me/achievements', 'achievements', 'user', 'Achievements with progress', {
    reply: S.achievementsReplySchema,
  }),
  doc('GET', '/api/users/me/achievements/recent', 'achievements', 'user', 'The latest earned', {
    query: S.recentAchievementsQuerySchema,
    reply: S.achievementsReplySchema,
  }),
  doc('POST', '/api/users/me/achievements/check', 'achievements', 'user', 'Re-evaluates achievements', {
    body: S.achievementCheckSchema,
    reply: S.achievementCheckReplySchema,
  }),
  doc('GET', '/api/users/ranking', 'ranking', 'user', 'Top 100 of the active season', {
    reply: S.rankingReplySchema,
  }),
  doc('GET', '/api/public/ranking', 'ranking', 'public', 'Top 100 of the active season', {
    reply: S.rankingReplySchema,
  }),
  doc('GET', '/api/users/:id', 'users', 'public', "Another user's public fields", { reply: S.publicUserSchema }),
  doc('GET', '/api/public/stats', 'players', 'public', 'Season statistics for a rating band', {
    query: S.statsQuerySchema,
    reply: S.statsReplySchema,
  }),
  doc('GET', '/api/players/:id', 'players', 'public', "A player's page: profile, season, chart, characters, matches", {
    reply: S.playerPageSchema,
  }),
  doc('GET', '/api/matches/:id/summary', 'players', 'public', 'A settled match: teams, result, rate changes', {
    reply: S.matchSummarySchema,
  }),

  doc('GET', '/api/master', 'master', 'user', 'Settings, every badge, the roster', { reply: S.masterReplySchema }),
  doc('GET', '/api/public/master', 'master', 'public', 'Settings, active badges, the roster', {
    reply: S.masterReplySchema,
  }),
  doc('PUT', '/api/master/settings', 'admin', 'admin', 'Writes a setting', { body: S.settingUpdateSchema }),
  doc('GET', '/api/pokemon', 'master', 'public', 'The roster', {
    reply: S.z.object({ pokemon: S.z.array(S.characterSchema) }),
  }),
  doc('GET', '/api/pokemon/role/:role', 'master', 'public', 'The roster of one battle type', {
    reply: S.z.object({ pokemon: S.z.array(S.characterSchema) }),
  }),
  doc('GET', '/api/seasons/active', 'seasons', 'public', 'The active and the next season', {
    reply: S.activeSeasonReplySchema,
  }),
  doc('GET', '/api/public/seasons', 'seasons', 'public', 'Seasons that have started, newest first', {
    reply: S.seasonsReplySchema,
  }),

  doc('GET', '/api/queue', 'queue', 'public', 'Queue numbers', { reply: S.queueInfoSchema }),
  doc('GET', '/api/queue/me', 'queue', 'user', 'The caller in the queue', { reply: S.queueStatusSchema }),
  doc('POST', '/api/queue/join', 'queue', 'user', 'Joins the queue', {
    body: S.queueJoinSchema,
    reply: S.queueStatusSchema,
  }),
  doc('POST', '/api/queue/leave', 'queue', 'user', 'Leaves the queue', { reply: S.queueStatusSchema }),
  doc('GET', '/api/matches/current', 'matches', 'user', 'The current match (404 when none)', {
    reply: S.currentMatchSchema,
  }),
  doc('GET', '/api/matches/me', 'matches', 'user', 'The current match or null (200)', { reply: S.myMatchReplySchema }),
  doc('POST', '/api/matches/:id/report', 'matches', 'user', 'Reports the result', {
    body: S.matchReportSchema,
    reply: S.reportReplySchema,
  }),
  doc('POST', '/api/matches/lobby/update', 'matches', 'user', 'The host sets the lobby number', {
    body: S.lobbyUpdateSchema,
    reply: S.matchUpdateSchema,
  }),
  doc('POST', '/api/matches/host/transfer', 'matches', 'user', 'Hands over or takes over the host', {
    reply: S.matchUpdateSchema,
  }),

  doc('GET', '/api/shop/badges', 'shop', 'public', 'Badges on sale with stock', { reply: S.shopBadgesReplySchema }),
  doc('POST', '/api/shop/checkout', 'shop', 'user', 'Creates a checkout session', {
    body: S.checkoutRequestSchema,
    reply: S.checkoutReplySchema,
  }),
  doc('POST', '/create-checkout-session', 'shop', 'user', "The spec's path for the checkout", {
    body: S.checkoutRequestSchema,
    reply: S.checkoutReplySchema,
  }),
  doc('GET', '/api/shop/orders', 'shop', 'user', 'Purchase history', { reply: S.ordersReplySchema }),
  doc('GET', '/api/shop/orders/:session_id', 'shop', 'user', 'One order', { reply: S.orderSchema }),
  doc('POST', '/api/shop/webhook', 'shop', 'webhook', 'Stripe webhook (Stripe-Signature over the raw body)'),
  doc('GET', '/api/shop/test-checkout/:session_id', 'shop', 'public', 'The built-in test payment page data', {
    reply: S.testCheckoutSchema,
  }),
  doc('POST', '/api/shop/test-checkout/:session_id/pay', 'shop', 'public', 'Pays a test session', {
    body: S.testPaySchema,
    reply: S.testPayReplySchema,
  }),

  doc('POST', '/api/admin/users/search', 'admin', 'admin', 'Searches users', {
    body: S.adminUserSearchSchema,
    reply: S.adminUserSearchReplySchema,
  }),
  doc('GET', '/api/admin/users/:user_id', 'admin', 'admin', 'A user in detail', { reply: S.adminUserDetailSchema }),
  doc('PUT', '/api/admin/users/:user_id', 'admin', 'admin', 'Edits a user', {
    body: S.adminUserUpdateSchema,
    reply: S.adminUserDetailSchema,
  }),
  doc('POST', '/api/admin/badges/award', 'admin', 'admin', 'Gives a badge', {
    body: S.awardBadgeSchema,
    reply: S.okReplySchema,
  }),
  doc('PUT', '/api/admin/badges/:id', 'admin', 'admin', "A badge's price, stock and sale state", {
    body: S.adminBadgeUpdateSchema,
  }),
  doc('GET', '/api/admin/seasons', 'admin', 'admin', 'Seasons with rewards and summaries', {
    reply: S.adminSeasonListSchema,
  }),
  doc('POST', '/api/admin/seasons', 'admin', 'admin', 'Creates a season', {
    body: S.seasonCreateSchema,
    reply: S.seasonSchema,
  }),
  doc('PUT', '/api/admin/seasons/:id', 'admin', 'admin', 'Edits a season', {
    body: S.seasonUpdateSchema,
    reply: S.seasonSchema,
  }),
  doc('DELETE', '/api/admin/seasons/:id', 'admin', 'admin', 'Deletes a season', { reply: S.okReplySchema }),
  doc('POST', '/api/admin/seasons/:id/activate', 'admin', 'admin', 'Activates a season (ends the running one)', {
    reply: S.seasonSchema,
  }),
  doc('POST', '/api/admin/seasons/:id/end', 'admin', 'admin', 'Ends a season now', { reply: S.adminSeasonSchema }),
  doc('GET', '/api/admin/matches', 'admin', 'admin', 'Matches', {
    query: S.adminMatchFilterSchema,
    reply: S.adminMatchListSchema,
  }),
  doc('GET', '/api/admin/matches/:id', 'admin', 'admin', 'A match in detail', { reply: S.adminMatchDetailSchema }),
  doc('POST', '/api/admin/matches/:id/result', 'admin', 'admin', "Corrects or voids a settled match's result", {
    body: S.matchCorrectionSchema,
    reply: S.adminMatchDetailSchema,
  }),
  doc('GET', '/api/admin/audit', 'admin', 'admin', 'The audit log', {
    query: S.auditQuerySchema,
    reply: S.auditReplySchema,
  }),
  doc('GET', '/api/admin/orders', 'admin', 'admin', 'Shop orders', {
    query: S.adminOrdersQuerySchema,
    reply: S.adminOrdersReplySchema,
  }),
  doc('POST', '/api/admin/orders/:order_id/fulfil', 'admin', 'admin', 'Fulfils a paid order again', {
    reply: S.orderSchema,
  }),

  doc('POST', '/api/debug/gather-match', 'debug', 'admin', 'Settles matches whose window ended'),
  doc('POST', '/api/debug/matchmaking/trigger', 'debug', 'admin', 'Runs a wave now'),
  doc('GET', '/api/debug/queue', 'debug', 'admin', 'Queue count'),
  doc('DELETE', '/api/debug/queue', 'debug', 'admin', 'Empties the queue'),
  doc('POST', '/api/debug/queue/fill', 'debug', 'admin', 'Fills the queue up to count with test accounts', {
    body: S.debugQueueFillSchema,
    reply: S.debugQueueFillReplySchema,
  }),
  doc('POST', '/api/debug/ranking/calculate', 'debug', 'admin', 'Computes the ranking now'),
  doc('POST', '/api/debug/matches/report-all', 'debug', 'admin', 'Reports for every player of the test matches', {
    body: S.debugReportAllSchema,
    reply: S.debugReportAllReplySchema,
  }),
  doc('GET', '/api/debug/matches/:id/view', 'debug', 'admin', 'A match as one player sees it', {
    query: S.debugViewQuerySchema,
    reply: S.currentMatchSchema,
  }),
  doc('POST', '/api/debug/matches/:id/report', 'debug', 'admin', 'A report for one test account', {
    body: S.debugReportSchema,
    reply: S.debugReportReplySchema,
  }),
];
