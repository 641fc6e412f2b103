import { checkoutReplySchema, ERRORS, type ErrorCode } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access, RouteEntry } from '../src/http/contract.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { activeSeason, matchTen, report } from './helpers/match.ts';

// The authorization table, generated from the routes' own contracts: every registered route × every kind of caller,
// the expectation from the route's declared access. Below it, the cases a declaration cannot say: what belongs to
// another player (their match, their report, their order).

type Caller = 'anonymous' | 'player' | 'banned' | 'admin' | 'test account, test accounts off';
const CALLERS: Caller[] = ['anonymous', 'player', 'banned', 'admin', 'test account, test accounts off'];

// The socket's handshake (ws-upgrade, realtime) and the metrics scrape's token and addresses (system) have suites of
// their own.
const UNTABLED: Access[] = ['websocket', 'metrics'];

/** A value for each path parameter: one that names nothing, so an allowed caller gets a 4xx of the route's own. */
const PARAMS: Record<string, string> = {
  id: '1',
  user_id: 'no-such-user',
  session_id: 'cs_none',
  order_id: 'ord_none',
  role: encodeURIComponent('サポート'),
};

const urlOf = (url: string) => url.replace(/:(\w+)/g, (_match, name: string) => PARAMS[name] ?? 'none');

function expected(caller: Caller, access: Access): 'allowed' | { status: number; code: ErrorCode } {
  if (access === 'public' || access === 'webhook') return 'allowed';
  if (caller === 'anonymous') return { status: 401, code: 'LOGIN_REQUIRED' };
  if (caller === 'test account, test accounts off') return { status: 401, code: 'UNAUTHORIZED' };
  if (caller === 'banned') return { status: 403, code: 'BANNED' };
  if (access === 'admin' && caller !== 'admin') return { status: 403, code: 'FORBIDDEN' };
  return 'allowed';
}

// Built while the file is collected: the table is made from their routes.
const on = await createTestApp();
const off = await createTestApp({ env: { ENABLE_DUMMY_LOGIN: 'false' }, reset: false, seed: false });
const tokens: Partial<Record<Caller, string>> = {};

beforeAll(async () => {
  tokens.player = await on.login('dummy_20');
  tokens.admin = await on.login('dummy_admin');
  tokens.banned = await on.login('dummy_21');
  tokens['test account, test accounts off'] = await on.login('dummy_22');
  await on.ctx.db.execute(sql`update users set is_banned = true where id = 'dummy_21'`);
});
afterAll(async () => {
  await on.close();
  await off.close();
});

/** The app's routes in registration order; the sign-out last (it ends the caller's session). */
function table(app: TestApp): RouteEntry[] {
  const routes = app.built.contracts.routes.filter((r) => !UNTABLED.includes(r.contract.access));
  const last = (r: RouteEntry) => (r.method === 'POST' && r.url === '/api/auth/logout' ? 1 : 0);
  return [...routes].sort((a, b) => last(a) - last(b));
}

describe('the table', () => {
  it('covers every route of the app (sanity: the generator reads the contracts)', () => {
    const routes = table(on);
    expect(routes.length).toBeGreaterThan(70);
    for (const access of ['public', 'identity', 'user', 'admin'] as const) {
      expect(routes.some((r) => r.contract.access === access)).toBe(true);
    }
  });
});

describe.each(CALLERS)('as %s', (caller) => {
  const app = caller === 'test account, test accounts off' ? off : on;
  // A body is an array where the route reads an object: an allowed caller gets the route's 400, never a change.
  it.each(table(app).map((r) => [`${r.method} ${r.url}`, r] as const))('%s', async (_name, route) => {
    const res = await app.request({
      method: route.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: urlOf(route.url),
      ...(route.method !== 'GET' && { payload: [] }),
      token: tokens[caller],
    });
    const want = expected(caller, route.contract.access);
    if (want === 'allowed') {
      expect([401, 403], res.body).not.toContain(res.statusCode);
      // A 503 only for a refusal the route declares (Discord is not configured in this test).
      if (res.statusCode >= 500) expect(route.contract.errors ?? []).toContain(res.json().code);
    } else {
      expect(res.statusCode, res.body).toBe(want.status);
      expect(res.json().code).toBe(want.code);
      expect(res.json().error).toBe(ERRORS[want.code].message);
    }
  });
});

describe('what belongs to another player', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.login('dummy_admin');
    await activeSeason(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("refuses a report for a match one did not play, and the host's calls of another match", async () => {
    const { match } = await matchTen(t, admin);
    const outsider = await t.login('dummy_30');
    const sent = await t.request({
      method: 'POST',
      url: `/api/matches/${match.match_id}/report`,
      token: outsider,
      payload: report('A-win'),
    });
    expect(sent.statusCode).toBe(403);
    expect(sent.json().code).toBe('MATCH_NOT_PARTICIPANT');
    const lobby = await t.request({
      method: 'POST',
      url: '/api/matches/lobby/update',
      token: outsider,
      payload: { lobby_id: '12345678' },
    });
    expect(lobby.statusCode).toBe(404);
    expect(lobby.json().code).toBe('MATCH_NOT_FOUND');
  });

  it("does not show another player's order", async () => {
    const buyer = await t.login('dummy_11');
    const checkout = await t.request({
      method: 'POST',
      url: '/api/shop/checkout',
      token: buyer,
      payload: { badgeId: 'badge_099' },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const sessionId = checkoutReplySchema.parse(checkout.json()).session_id;
    const mine = await t.request({ method: 'GET', url: `/api/shop/orders/${sessionId}`, token: buyer });
    expect(mine.statusCode, mine.body).toBe(200);
    const other = await t.request({
      method: 'GET',
      url: `/api/shop/orders/${sessionId}`,
      token: await t.login('dummy_12'),
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('ORDER_NOT_FOUND');
  });
});
