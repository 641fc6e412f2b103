import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';

// The authorization table: every route, for each kind of caller.
type Access = 'public' | 'identity' | 'user' | 'admin';
interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
  access: Access;
}

// Write payloads are deliberately invalid where a valid one would change shared state: an authorised caller then
// gets a 4xx validation answer, never 401/403.
const ROUTES: Route[] = [
  { method: 'GET', url: '/api/health', access: 'public' },
  { method: 'GET', url: '/api/docs', access: 'public' },
  { method: 'GET', url: '/api/docs/openapi.json', access: 'public' },
  { method: 'GET', url: '/api/auth/providers', access: 'public' },
  { method: 'GET', url: '/api/auth/discord/authorize', access: 'public' },
  { method: 'POST', url: '/api/auth/discord/callback', payload: {}, access: 'public' },
  { method: 'GET', url: '/api/public/master', access: 'public' },
  { method: 'GET', url: '/api/public/system', access: 'public' },
  { method: 'GET', url: '/api/public/ranking', access: 'public' },
  { method: 'GET', url: '/api/site', access: 'public' },
  { method: 'GET', url: '/api/seasons/active', access: 'public' },
  { method: 'GET', url: '/api/pokemon', access: 'public' },
  { method: 'GET', url: `/api/pokemon/role/${encodeURIComponent('サポート')}`, access: 'public' },
  { method: 'GET', url: '/api/users/dummy_01', access: 'public' },
  { method: 'GET', url: '/api/players/dummy_01', access: 'public' },
  { method: 'GET', url: '/api/public/stats', access: 'public' },
  { method: 'GET', url: '/api/matches/1/summary', access: 'public' },
  { method: 'GET', url: '/api/users/me', access: 'identity' },
  { method: 'POST', url: '/api/users', payload: {}, access: 'identity' },
  { method: 'GET', url: '/api/master', access: 'identity' },
  { method: 'GET', url: '/api/users/ranking', access: 'identity' },
  { method: 'PUT', url: '/api/users/me/profile', payload: { trainer_name: '' }, access: 'user' },
  { method: 'PUT', url: '/api/users/me/discord', access: 'user' },
  { method: 'GET', url: '/api/users/me/badges', access: 'user' },
  { method: 'PUT', url: '/api/users/me/badges/equip', payload: { primary_badge: 'x' }, access: 'user' },
  { method: 'GET', url: '/api/users/me/records', access: 'user' },
  { method: 'GET', url: '/api/users/me/rating-history', access: 'user' },
  { method: 'GET', url: '/api/users/me/achievements', access: 'user' },
  { method: 'GET', url: '/api/users/me/achievements/recent', access: 'user' },
  { method: 'POST', url: '/api/users/me/achievements/check', payload: { x: 1 }, access: 'user' },
  { method: 'PUT', url: '/api/master/settings', payload: { id: 'lobby_create_timeout', value: 1 }, access: 'admin' },
  { method: 'POST', url: '/api/admin/badges/award', payload: { user_id: 'dummy_01' }, access: 'admin' },
  { method: 'GET', url: '/api/admin/seasons', access: 'admin' },
  { method: 'POST', url: '/api/admin/seasons', payload: { id: 'BAD ID' }, access: 'admin' },
  { method: 'PUT', url: '/api/admin/seasons/no-such-season', payload: { name: '' }, access: 'admin' },
  { method: 'DELETE', url: '/api/admin/seasons/no-such-season', access: 'admin' },
  { method: 'POST', url: '/api/admin/seasons/no-such-season/activate', access: 'admin' },
  { method: 'POST', url: '/api/admin/seasons/no-such-season/end', access: 'admin' },
  { method: 'POST', url: '/api/debug/ranking/calculate', access: 'admin' },
  { method: 'GET', url: '/api/admin/audit', access: 'admin' },
  { method: 'GET', url: '/api/queue', access: 'public' },
  { method: 'GET', url: '/api/shop/badges', access: 'public' },
  { method: 'POST', url: '/api/shop/webhook', payload: {}, access: 'public' },
  { method: 'GET', url: '/api/shop/test-checkout/cs_none', access: 'public' },
  { method: 'POST', url: '/api/shop/checkout', payload: { badgeId: 'x' }, access: 'user' },
  { method: 'POST', url: '/create-checkout-session', payload: { badgeId: 'x' }, access: 'user' },
  { method: 'GET', url: '/api/shop/orders', access: 'user' },
  { method: 'GET', url: '/api/shop/orders/cs_none', access: 'user' },
  { method: 'GET', url: '/api/admin/orders', access: 'admin' },
  { method: 'POST', url: '/api/admin/orders/ord_none/fulfil', access: 'admin' },
  { method: 'PUT', url: '/api/admin/badges/badge_099', payload: { price: 1 }, access: 'admin' },
  { method: 'GET', url: '/api/queue/me', access: 'user' },
  { method: 'POST', url: '/api/queue/join', payload: { deck_type: 'Z' }, access: 'user' },
  { method: 'POST', url: '/api/queue/leave', access: 'user' },
  { method: 'GET', url: '/api/matches/current', access: 'user' },
  { method: 'GET', url: '/api/matches/me', access: 'user' },
  { method: 'POST', url: '/api/matches/1/report', payload: { result: 'X' }, access: 'user' },
  { method: 'POST', url: '/api/matches/lobby/update', payload: { lobby_id: 'x' }, access: 'user' },
  { method: 'POST', url: '/api/matches/host/transfer', payload: {}, access: 'user' },
  { method: 'GET', url: '/api/admin/matches', access: 'admin' },
  { method: 'GET', url: '/api/admin/matches/1', access: 'admin' },
  { method: 'POST', url: '/api/debug/gather-match', access: 'admin' },
  { method: 'GET', url: '/api/debug/queue', access: 'admin' },
  { method: 'POST', url: '/api/debug/queue/fill', payload: { count: 0 }, access: 'admin' },
  { method: 'DELETE', url: '/api/debug/queue', access: 'admin' },
  { method: 'POST', url: '/api/admin/users/search', payload: { query: ' ' }, access: 'admin' },
  { method: 'GET', url: '/api/admin/users/no-such-user', access: 'admin' },
  { method: 'PUT', url: '/api/admin/users/dummy_01', payload: { rate: -1 }, access: 'admin' },
  { method: 'POST', url: '/api/admin/matches/1/result', payload: { winner: 'C' }, access: 'admin' },
  { method: 'POST', url: '/api/debug/matchmaking/trigger', access: 'admin' },
  { method: 'POST', url: '/api/debug/matches/report-all', payload: { result: 'X' }, access: 'admin' },
  { method: 'GET', url: '/api/debug/matches/1/view', access: 'admin' },
  { method: 'POST', url: '/api/debug/matches/1/report', payload: {}, access: 'admin' },
  // Last: it revokes the caller's session.
  { method: 'POST', url: '/api/auth/logout', access: 'identity' },
];

type Caller = 'anonymous' | 'player' | 'banned' | 'admin' | 'test account, test accounts off';

function expected(caller: Caller, access: Access): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (caller === 'anonymous' || caller === 'test account, test accounts off') return 401;
  if (caller === 'banned') return 403;
  if (access === 'admin' && caller !== 'admin') return 403;
  return 'allowed';
}

let on: TestApp;
let off: TestApp;
const tokens: Partial<Record<Caller, string>> = {};

beforeAll(async () => {
  on = await createTestApp();
  tokens.player = await on.login('dummy_20');
  tokens.admin = await on.login('dummy_admin');
  tokens.banned = await on.login('dummy_21');
  tokens['test account, test accounts off'] = await on.login('dummy_22');
  await on.ctx.db.execute(sql`update users set is_banned = true where id = 'dummy_21'`);
  off = await createTestApp({ env: { ENABLE_DUMMY_LOGIN: 'false' }, reset: false, seed: false });
});
afterAll(async () => {
  await on.close();
  await off.close();
});

const callers: Caller[] = ['anonymous', 'player', 'banned', 'admin', 'test account, test accounts off'];

describe.each(callers)('as %s', (caller) => {
  const app = () => (caller === 'test account, test accounts off' ? off : on);
  it.each(ROUTES.map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (_name, route) => {
    const res = await app().request({
      method: route.method,
      url: route.url,
      payload: route.payload,
      token: tokens[caller],
    });
    const want = expected(caller, route.access);
    if (want === 'allowed') {
      expect([401, 403]).not.toContain(res.statusCode);
      // Only the Discord sign-in routes may answer 503 here: Discord is not configured in this test.
      expect(res.statusCode).toBeLessThan(route.url.startsWith('/api/auth/discord/') ? 504 : 500);
    } else {
      expect(res.statusCode).toBe(want);
      expect(res.json().code).toBe(
        want === 401
          ? caller === 'anonymous'
            ? 'LOGIN_REQUIRED'
            : 'UNAUTHORIZED'
          : caller === 'banned'
            ? 'BANNED'
            : 'FORBIDDEN',
      );
    }
  });
});
