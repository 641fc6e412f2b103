import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { movesOf } from '@rankmatch/shared';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { login, ServerProcess } from './support.ts';

// The fault suite: the real server as a process, killed with -9 in the middle of waves and of settling reports, then
// restarted at once on the same data (PGlite folder, or a PostgreSQL database of its own). After each restart nothing
// committed is lost, nothing is done twice (every match has its ten players, nobody is in two places, every rating
// moved once), and the service answers again by itself.

const ids = Array.from({ length: 10 }, (_, i) => `dummy_fault_${String(i).padStart(2, '0')}`);
const report = (result: 'A-win') => {
  const moves = movesOf('PIKACHU');
  return {
    result,
    banned_pokemon: '',
    picked_pokemon: 'PIKACHU',
    pokemon_move1: moves.slot1[0],
    pokemon_move2: moves.slot2[0],
    violation_report: '',
  };
};

interface MatchDetail {
  match_id: string;
  status: string;
  player_count: number;
  winner_team: 'A' | 'B' | null;
  team_a: { players: { user_id: string; rate_before: number; rate_after: number | null }[] };
  team_b: { players: { user_id: string; rate_before: number; rate_after: number | null }[] };
}

/** What must hold after any crash. */
async function checkInvariants(server: ServerProcess, admin: string): Promise<MatchDetail[]> {
  const list = await server.call<{ matches: { match_id: string }[] }>('GET', '/api/admin/matches', admin);
  expect(list.status).toBe(200);
  const details: MatchDetail[] = [];
  for (const { match_id } of list.body.matches) {
    const detail = (await server.call<MatchDetail>('GET', `/api/admin/matches/${match_id}`, admin)).body;
    // A match is all there or not at all.
    expect(detail.player_count).toBe(10);
    details.push(detail);
  }
  const openBy = new Map<string, number>();
  for (const d of details.filter((m) => m.status === 'matched')) {
    for (const p of [...d.team_a.players, ...d.team_b.players]) openBy.set(p.user_id, (openBy.get(p.user_id) ?? 0) + 1);
  }
  for (const [user, n] of openBy) expect(n, `${user} in ${n} open matches`).toBe(1);
  // Every rating moved once per settled match: the current rate is the start plus the settled matches' changes.
  for (const id of ids) {
    const user = (
      await server.call<{ rate: number; match_count: number; in_queue: boolean; open_match_id: string | null }>(
        'GET',
        `/api/admin/users/${id}`,
        admin,
      )
    ).body;
    let rate = 1500;
    let played = 0;
    for (const d of [...details].sort((x, y) => Number(x.match_id) - Number(y.match_id))) {
      const p = [...d.team_a.players, ...d.team_b.players].find((x) => x.user_id === id);
      if (p && d.status === 'done' && d.winner_team !== null && p.rate_after !== null) {
        rate += p.rate_after - p.rate_before;
        played += 1;
      }
    }
    expect(user.rate, id).toBe(rate);
    expect(user.match_count, id).toBe(played);
    expect(user.in_queue && user.open_match_id !== null, `${id} both queued and in a match`).toBe(false);
  }
  return details;
}

/**
 * Kills mid-wave and mid-settlement after each of `delays` (ms). The embedded database gets every delay (its crash
 * recovery is ours to trust); PostgreSQL, whose is its own, one in the middle.
 */
async function scenario(env: Record<string, string>, delays: readonly number[] = [0, 15, 40]): Promise<void> {
  const server = new ServerProcess(env);
  await server.start();
  try {
    let admin = await login(server, 'dummy_admin');
    const now = Math.floor(Date.now() / 1000);
    const season = await server.call('POST', '/api/admin/seasons', admin, {
      id: 'fault-season',
      name: '障害試験',
      start_date: now - 3600,
      end_date: now + 86_400,
    });
    expect(season.status, JSON.stringify(season.body)).toBe(200);
    expect((await server.call('POST', '/api/admin/seasons/fault-season/activate', admin)).status).toBe(200);
    // Waves make their matches at once here: the kills land in the wave's and the settlement's transactions.
    const off = await server.call('PUT', '/api/master/settings', admin, { id: 'ready_check_seconds', value: 0 });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    let tokens = await Promise.all(ids.map((id) => login(server, id, 1500)));

    for (const delay of delays) {
      // A wave, killed while it runs.
      for (const token of tokens) await server.call('POST', '/api/queue/join', token, {});
      const wave = server.call('POST', '/api/debug/matchmaking/trigger', admin).catch(() => null);
      await new Promise((r) => setTimeout(r, delay));
      await server.kill();
      await wave;
      await server.start();
      admin = await login(server, 'dummy_admin');
      tokens = await Promise.all(ids.map((id) => login(server, id)));
      let details = await checkInvariants(server, admin);
      if (!details.some((d) => d.status === 'matched')) {
        // The wave did not commit: the players are still queued, and the next wave matches them.
        expect((await server.call('POST', '/api/debug/matchmaking/trigger', admin)).status).toBe(200);
        details = await checkInvariants(server, admin);
      }
      const open = details.find((d) => d.status === 'matched');
      expect(open, 'a match to report').toBeDefined();
      if (!open) return;

      // Ten reports at once, killed while the match settles.
      const reports = tokens.map((token) =>
        server.call('POST', `/api/matches/${open.match_id}/report`, token, report('A-win')).catch(() => null),
      );
      await new Promise((r) => setTimeout(r, delay));
      await server.kill();
      await Promise.all(reports);
      await server.start();
      admin = await login(server, 'dummy_admin');
      tokens = await Promise.all(ids.map((id) => login(server, id)));
      await checkInvariants(server, admin);
      // Whatever the crash left, reporting again settles the match once.
      for (const token of tokens) {
        await server.call('POST', `/api/matches/${open.match_id}/report`, token, report('A-win'));
      }
      const after = await checkInvariants(server, admin);
      expect(after.find((d) => d.match_id === open.match_id)?.status).toBe('done');
    }
  } finally {
    await server.kill();
  }
}

const pgUrl = process.env.TEST_DATABASE_URL;
const databases: string[] = [];
afterAll(async () => {
  if (!pgUrl) return;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

describe('kill -9 around waves and reports', () => {
  it('on the embedded database', async () => {
    await scenario({ DATA_DIR: mkdtempSync(join(tmpdir(), 'rankmatch-fault-')), DATABASE_URL: '' });
  }, 240_000);

  it.runIf(pgUrl)(
    'on PostgreSQL',
    async () => {
      const name = `rankmatch_fault_${process.pid}`;
      databases.push(name);
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(pgUrl as string);
      url.pathname = `/${name}`;
      await scenario(
        { DATABASE_URL: url.toString(), DATA_DIR: mkdtempSync(join(tmpdir(), 'rankmatch-fault-pg-')) },
        [15],
      );
    },
    240_000,
  );
});
