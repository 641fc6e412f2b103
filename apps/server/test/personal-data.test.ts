import { ERRORS, PERSONAL_DATA_DOWNLOADS_PER_HOUR, type PersonalData } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type FreshApp, freshAppPerTest } from './helpers/app.ts';
import { expectError } from './helpers/community.ts';
import { activeSeason, settledMatch } from './helpers/match.ts';

// My page's data download (issue 38): everything the site holds about the player, table by table, without secrets
// and without anyone else's rows; a few downloads per hour.

let f: FreshApp;
freshAppPerTest((fresh) => {
  f = fresh;
});

const download = (token: string) => f.t.request({ method: 'GET', url: '/api/users/me/data', token });

describe('GET /api/users/me/data', () => {
  it("gives the player's rows of every table, and no secret and no one else's row", async () => {
    const { t, admin } = f;
    await activeSeason(t);
    const m = await settledMatch(t, admin, 'A');
    const me = m.teamA[0] as string;
    const token = m.tokenOf(me);
    // A device as the subscribe call stores it (its address and keys are the secrets).
    await t.ctx.db.execute(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth, label, created_at)
      values (${me}, 'https://push.example.test/device-secret-endpoint', 'BKey-secret', 'secret-auth-1234',
        'Pixel 8 / Chrome', ${t.clock.now()})`);
    const edit = await t.request({
      method: 'PUT',
      url: `/api/admin/users/${me}`,
      token: admin,
      payload: { penalty_correction: 1 },
    });
    expect(edit.statusCode, edit.body).toBe(200);

    const res = await download(token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json() as PersonalData;
    expect(data.user_id).toBe(me);
    expect(data.tables.users).toEqual([expect.objectContaining({ id: me, penalty_correction: 1 })]);
    expect(data.tables.match_players).toEqual([
      expect.objectContaining({ match_id: Number(m.match.match_id), user_id: me, team: 'A' }),
    ]);
    expect(data.tables.match_reports).toHaveLength(1);
    expect(data.tables.season_stats).toEqual([expect.objectContaining({ season_id: 's-test', win_count: 1 })]);
    expect(data.tables.sessions?.length).toBeGreaterThan(0);
    expect(data.tables.audit_log).toEqual([expect.objectContaining({ action: expect.any(String), target_id: me })]);
    expect(data.tables.push_subscriptions).toEqual([expect.objectContaining({ label: 'Pixel 8 / Chrome' })]);

    // The admin's own download holds nothing of what they did to this player.
    const mine = (await download(admin)).json() as PersonalData;
    expect(JSON.stringify(mine.tables.audit_log)).not.toContain(me);

    const text = res.body;
    for (const secret of ['device-secret-endpoint', 'secret-auth-1234', 'BKey']) expect(text).not.toContain(secret);
    expect(data.tables.sessions?.every((s) => !('id' in s))).toBe(true);
    const others = [...m.teamA.slice(1), ...m.teamB];
    for (const other of others) expect(text).not.toContain(`"user_id":"${other}"`);
  });

  it(`allows ${PERSONAL_DATA_DOWNLOADS_PER_HOUR} downloads an hour, then refuses with 429 until the hour has passed`, async () => {
    const { t, player } = f;
    for (let i = 0; i < PERSONAL_DATA_DOWNLOADS_PER_HOUR; i++) expect((await download(player)).statusCode).toBe(200);
    const refused = await download(player);
    expectError(refused, 429, 'PERSONAL_DATA_TOO_OFTEN');
    expect(refused.json().error).toBe(ERRORS.PERSONAL_DATA_TOO_OFTEN.message);
    expect((await download(f.admin)).statusCode).toBe(200);
    t.clock.advance(3601);
    expect((await download(player)).statusCode).toBe(200);
  });
});
