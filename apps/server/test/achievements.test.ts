import type { AddressInfo } from 'node:net';
import { achievementCheckReplySchema, achievementsReplySchema } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { freshAppPerTest, type TestApp } from './helpers/app.ts';
import { expectError } from './helpers/community.ts';
import { activeSeason, type MatchedPlayers, matchTen, postReport, report } from './helpers/match.ts';
import { TestSocket } from './helpers/ws-client.ts';

// Achievements during play: evaluated for the ten players when a match settles, granted at once through the badge
// seam, pushed to the player; the achievement calls.

let t: TestApp;
let admin: string;
let player: string;

freshAppPerTest((fresh) => {
  ({ t, admin, player } = fresh);
});

/** The test season is called シーズン5, so its rewards are the catalogue's S5 entries (100 matches: badge_054). */
async function season5(): Promise<void> {
  await activeSeason(t);
  await t.ctx.db.execute(sql`update seasons set name = 'シーズン5' where id = 's-test'`);
}

async function settleFor(m: MatchedPlayers, winner: 'A' | 'B'): Promise<void> {
  const result = winner === 'A' ? 'A-win' : 'B-win';
  await postReport(t, m.match.match_id, m.tokenOf(m.teamA[0] as string), report(result));
  const res = await postReport(t, m.match.match_id, m.tokenOf(m.teamB[0] as string), report(result));
  expect(res.json()).toMatchObject({ status: 'done' });
  await t.built.events.drain();
}

async function achievements(token: string) {
  const res = await t.request({ method: 'GET', url: '/api/users/me/achievements', token });
  expect(res.statusCode, res.body).toBe(200);
  return achievementsReplySchema.parse(res.json()).achievements;
}

async function ownedBy(userId: string) {
  const res = await t.ctx.db.execute(
    sql`select badge_id, source, reference from user_badges where user_id = ${userId} and source = 'achievement' order by badge_id`,
  );
  return (res as unknown as { rows: { badge_id: string; source: string; reference: string }[] }).rows;
}

describe('achievements on match.settled', () => {
  it('grants the 100-match badge on the 100th settled match, once', async () => {
    await season5();
    const m = await matchTen(t, admin);
    const who = m.teamA[1] as string;
    await t.ctx.db.execute(sql`insert into season_stats (user_id, season_id, rate, max_rate, match_count, win_count,
      max_rate_at) values (${who}, 's-test', 1500, 1500, 99, 40, 0)`);
    await settleFor(m, 'A');
    // 100 matches with no penalty is also the gold licence.
    expect(await ownedBy(who)).toEqual([
      { badge_id: 'badge_054', source: 'achievement', reference: 'matches_100@s-test' },
      { badge_id: 'badge_073', source: 'achievement', reference: 'gold_licence@s-test' },
    ]);
    const list = await achievements(m.tokenOf(who));
    expect(list.find((a) => a.id === 'matches_100')).toMatchObject({
      earned: true,
      earned_at: t.clock.now(),
      badge_id: 'badge_054',
      progress: { current: 100, target: 100 },
      name: '100戦達成',
    });
    expect(list.find((a) => a.id === 'matches_200')).toMatchObject({ earned: false, progress: { current: 100 } });
    // Everybody else has their first win or nothing.
    expect(await ownedBy(m.teamA[2] as string)).toEqual([]);
    expect((await achievements(m.tokenOf(m.teamA[2] as string))).find((a) => a.id === 'first_win')?.earned).toBe(true);
    expect((await achievements(m.tokenOf(m.teamB[2] as string))).find((a) => a.id === 'first_win')?.earned).toBe(false);

    // Re-checking grants nothing again.
    const check = await t.request({
      method: 'POST',
      url: '/api/users/me/achievements/check',
      token: m.tokenOf(who),
      payload: {},
    });
    expect(achievementCheckReplySchema.parse(check.json()).newly_earned).toEqual([]);
    expect(await ownedBy(who)).toHaveLength(2);
  });

  it('grants the gold licence at 50 matches only without an effective penalty', async () => {
    await season5();
    const m = await matchTen(t, admin);
    const [clean, penalised] = [m.teamA[1] as string, m.teamA[2] as string];
    for (const id of [clean, penalised]) {
      await t.ctx.db.execute(sql`insert into season_stats (user_id, season_id, rate, max_rate, match_count, win_count,
        max_rate_at) values (${id}, 's-test', 1500, 1500, 49, 20, 0)`);
    }
    await t.ctx.db.execute(sql`update users set penalty_count = 1 where id = ${penalised}`);
    await settleFor(m, 'B');
    expect((await ownedBy(clean)).map((b) => b.badge_id)).toEqual(['badge_073']);
    expect(await ownedBy(penalised)).toEqual([]);
  });

  it('grants the role badge on the 30th win in one role within the season', async () => {
    await season5();
    const m = await matchTen(t, admin);
    const winner = m.teamA[0] as string;
    const role = m.match.team_a.players.find((p) => p.user_id === winner)?.role as string;
    // 29 earlier wins in that role this season, written as settled matches.
    for (let i = 0; i < 29; i++) {
      const [row] = (
        (await t.ctx.db.execute(sql`insert into matches (season_id, status, matched_at, started_at, host_user_id,
          first_attack, team_gap, rating_spread, winner) values ('s-test', 'done', 0, 0, ${winner}, 'A', 0, 0, 'A')
          returning id`)) as unknown as { rows: { id: number }[] }
      ).rows;
      await t.ctx.db.execute(sql`insert into match_players (match_id, user_id, team, slot, role, rate_before,
        wait_seconds, is_open) values (${row?.id}, ${winner}, 'A', 0, ${role}, 1500, 0, false)`);
    }
    expect((await achievements(m.tokenOf(winner))).find((a) => a.id === `role_wins_${role}`)?.progress).toEqual({
      current: 29,
      target: 30,
    });
    await settleFor(m, 'A');
    const roleBadge: Record<string, string> = {
      TOP_LANE: 'badge_128',
      MIDDLE: 'badge_129',
      BOTTOM_LANE: 'badge_130',
      SUPPORT: 'badge_131',
      TANK: 'badge_132',
    };
    expect((await ownedBy(winner)).map((b) => b.badge_id)).toEqual([roleBadge[role]]);
    // A loser of the same match gets nothing for its role.
    expect(await ownedBy(m.teamB[0] as string)).toEqual([]);
  });

  it('pushes the badge to the player’s open sockets', async () => {
    await season5();
    const m = await matchTen(t, admin);
    const who = m.teamA[1] as string;
    await t.ctx.db.execute(sql`insert into season_stats (user_id, season_id, rate, max_rate, match_count, win_count,
      max_rate_at) values (${who}, 's-test', 1500, 1500, 99, 40, 0)`);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const socket = await TestSocket.open(`ws://127.0.0.1:${port}/api/ws?token=${encodeURIComponent(m.tokenOf(who))}`);
    try {
      await settleFor(m, 'A');
      expect(await socket.next('badgeGranted')).toEqual({
        type: 'badgeGranted',
        badge_id: 'badge_054',
        source: 'achievement',
        achievement_id: 'matches_100',
      });
    } finally {
      socket.close();
    }
  });
});

describe('the achievement calls', () => {
  it('list every achievement with progress, recent ones newest first, and check re-evaluates', async () => {
    await season5();
    await t.ctx.db.execute(sql`insert into season_stats (user_id, season_id, rate, max_rate, match_count, win_count,
      max_rate_at) values ('dummy_01', 's-test', 1500, 1500, 120, 60, 0)`);
    const before = await achievements(player);
    expect(before.map((a) => a.id)).toEqual([
      'first_win',
      'matches_100',
      'matches_200',
      'matches_300',
      'matches_400',
      'matches_500',
      'matches_600',
      'matches_700',
      'matches_800',
      'matches_900',
      'matches_1000',
      'gold_licence',
      'role_wins_TOP_LANE',
      'role_wins_MIDDLE',
      'role_wins_BOTTOM_LANE',
      'role_wins_SUPPORT',
      'role_wins_TANK',
    ]);
    expect(before.every((a) => !a.earned)).toBe(true);
    const check = async () =>
      achievementCheckReplySchema.parse(
        (
          await t.request({ method: 'POST', url: '/api/users/me/achievements/check', token: player, payload: {} })
        ).json(),
      ).newly_earned;
    expect((await check()).map((a) => a.id)).toEqual(['first_win', 'matches_100', 'gold_licence']);
    expect(await check()).toEqual([]);
    const recent = await t.request({ method: 'GET', url: '/api/users/me/achievements/recent?limit=2', token: player });
    expect(recent.json().achievements).toHaveLength(2);
    expect(recent.json().achievements.every((a: { earned: boolean }) => a.earned)).toBe(true);
  });

  it('validate their input and need a signed-in user', async () => {
    for (const limit of ['0', '51', 'x']) {
      const res = await t.request({
        method: 'GET',
        url: `/api/users/me/achievements/recent?limit=${limit}`,
        token: player,
      });
      expect(res.statusCode, limit).toBe(400);
    }
    const extra = await t.request({
      method: 'POST',
      url: '/api/users/me/achievements/check',
      token: player,
      payload: { force: true },
    });
    expect(extra.statusCode).toBe(400);
    expectError(await t.request({ method: 'GET', url: '/api/users/me/achievements' }), 401, 'LOGIN_REQUIRED');
  });

  it('shows only achievements across seasons when no season is active', async () => {
    expect((await achievements(player)).map((a) => a.id)).toEqual([]);
  });
});
