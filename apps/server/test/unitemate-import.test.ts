import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ACCOUNT_DELETION_GRACE_SECONDS } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_ROOT } from '../scripts/unitemate-fixtures.ts';
import { rowsOf } from '../src/db/client.ts';
import { ACCOUNT_DELETION_JOB, type Deletion } from '../src/deletion/delete.ts';
import { ImportRefusedError, mapForSite, writeImport } from '../src/unitemate/import.ts';
import { mapUnitemate } from '../src/unitemate/mapper.ts';
import { readUnitemateFolder } from '../src/unitemate/reader.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { FakeDiscord } from './helpers/fake-discord.ts';

// Moving the fixture community in (issue 38): the import writes through each table's owner, a dry run writes
// nothing, a rerun changes nothing, a stopped import continues, and the site then shows what was imported.

const now = Date.UTC(2025, 11, 20, 12) / 1000;
const badgeMap = JSON.parse(readFileSync(join(FIXTURE_ROOT, 'badge-map.json'), 'utf8'));
const dump = readUnitemateFolder(join(FIXTURE_ROOT, 'plain')).dump;
const mapped = mapUnitemate(dump, { now, badgeMap });
const rows = mapped.rows;
const TABLES = [
  'settings',
  'seasons',
  'users',
  'user_badges',
  'season_stats',
  'season_records',
  'season_awards',
  'matches',
  'match_players',
  'match_reports',
  'player_mmr',
] as const;

let t: TestApp;
const discord = new FakeDiscord();
beforeAll(async () => {
  await discord.start();
});
afterAll(async () => {
  await t?.close();
  await discord.stop();
});
beforeEach(async () => {
  await t?.close();
  t = await createTestApp({ env: { ...discord.env(), PUBLIC_URL: 'http://localhost:3000' } });
});

/** Row counts and a digest of every imported table's content. */
async function contents(): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const result = await t.ctx.db.execute(
      sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest
        from "${table}" x`),
    );
    const [row] = rowsOf<{ n: number; digest: string }>(result);
    out[table] = `${row?.n} ${row?.digest}`;
  }
  return out;
}

/** The next match id the site would give (the sequence's last value). */
async function matchSequence(): Promise<number> {
  const [row] = rowsOf<{ v: string }>(await t.ctx.db.execute(sql`select last_value::text as v from matches_id_seq`));
  return Number(row?.v);
}

const changed = (summary: Awaited<ReturnType<typeof writeImport>>) =>
  summary.tables.reduce((n, s) => n + s.inserted + s.updated, 0);

describe('importing a Unitemate community', () => {
  it('maps the fixtures without an error', () => {
    expect(mapped.errors).toEqual([]);
  });

  it('a dry run counts what would change and writes nothing', async () => {
    const before = await contents();
    const sequence = await matchSequence();
    const summary = await writeImport(t.ctx.db, rows, { dryRun: true });
    expect(summary.dryRun).toBe(true);
    expect(summary.tables.find((s) => s.table === 'users')).toMatchObject({ rows: 120, inserted: 120 });
    expect(summary.tables.find((s) => s.table === 'matches')?.inserted).toBe(rows.matches.length);
    expect(await contents()).toEqual(before);
    // Not even the match numbering (a sequence is not rolled back with the transaction).
    expect(await matchSequence()).toBe(sequence);
  });

  it('imports once; a rerun changes nothing; the counts are the mapped rows', async () => {
    const siteUsers = Number((await contents()).users?.split(' ')[0]);
    const first = await writeImport(t.ctx.db, rows);
    // Every row is new but the catalogue's sales counts, which the site already has (0 where nothing was sold).
    for (const s of first.tables.filter((x) => x.table !== 'badges')) expect(s.inserted, s.table).toBe(s.rows);
    const after = await contents();
    expect(after.users?.split(' ')[0]).toBe(String(siteUsers + 120)); // beside the site's test accounts
    expect(after.match_players?.split(' ')[0]).toBe(String(rows.matchPlayers.length));
    // Run again a day later: the stamps of the import's own time are not changes.
    const again = await writeImport(t.ctx.db, mapUnitemate(dump, { now: now + 86_400, badgeMap }).rows);
    expect(changed(again)).toBe(0);
    expect(again.tables.every((s) => s.unchanged === s.rows)).toBe(true);
    expect(await contents()).toEqual(after);
  });

  it('an import stopped half-way continues on the next run and ends where a whole one ends', async () => {
    await writeImport(t.ctx.db, rows);
    const whole = await contents();

    await t.close();
    t = await createTestApp({ env: { ...discord.env(), PUBLIC_URL: 'http://localhost:3000' } });
    let batches = 0;
    const stopped = writeImport(t.ctx.db, rows, {
      batchSize: 100,
      afterBatch: () => {
        batches += 1;
        if (batches === 12) throw new Error('killed');
      },
    });
    await expect(stopped).rejects.toThrow('killed');
    const half = await contents();
    expect(half).not.toEqual(whole);
    const rest = await writeImport(t.ctx.db, rows, { batchSize: 100 });
    expect(changed(rest)).toBeGreaterThan(0);
    expect(changed(rest)).toBeLessThan(rest.rows);
    expect(await contents()).toEqual(whole);
  });

  it('refuses a site with matches of its own, and changes nothing', async () => {
    await writeImport(t.ctx.db, rows);
    const other = { ...rows, matches: rows.matches.slice(1) };
    const before = await contents();
    await expect(writeImport(t.ctx.db, other)).rejects.toThrow(ImportRefusedError);
    await expect(writeImport(t.ctx.db, other)).rejects.toThrow(/移行データ以外の試合が 1 件/);
    expect(await contents()).toEqual(before);
  });

  it('refuses a site whose own matches carry the imported ids (the demo numbers from 1 too)', async () => {
    const first = rows.matches[0];
    const season = rows.seasons[0];
    await t.ctx.db.execute(
      sql`insert into seasons (id, name, start_date, end_date) values (${season?.id}, 'デモ', 0, 1)`,
    );
    await t.ctx.db.execute(sql`insert into matches (id, season_id, status, matched_at, started_at, host_user_id,
      first_attack, team_gap, rating_spread, winner) values (${first?.id}, ${season?.id}, 'done', 0, 0, 'dummy_01', 'A',
      0, 0, 'A')`);
    await t.ctx.db.execute(sql`insert into match_players (match_id, user_id, team, slot, role, rate_before, wait_seconds,
      is_open) values (${first?.id}, 'dummy_01', 'A', 0, 'TANK', 1500, 0, false)`);
    await expect(writeImport(t.ctx.db, rows)).rejects.toThrow(/移行データ以外の試合が 1 件/);
  });

  it('the site shows the history: player page, match page, ranking', async () => {
    await writeImport(t.ctx.db, rows);
    await t.built.modules.ranking.snapshot.refresh();
    await t.built.modules.ranking.snapshot.reload();
    const record = rows.seasonRecords.find((r) => r.finalRank !== null) ?? rows.seasonRecords[0];
    const page = await t.request({ method: 'GET', url: `/api/players/${record?.userId}` });
    expect(page.statusCode).toBe(200);
    expect(page.json().records.map((r: { season_id: string }) => r.season_id)).toContain(record?.seasonId);

    const settled = rows.matches.find((m) => m.status === 'done' && m.winner !== null);
    const summary = await t.request({ method: 'GET', url: `/api/matches/${settled?.id}/summary` });
    expect(summary.statusCode).toBe(200);
    expect(summary.json()).toMatchObject({ winner_team: settled?.winner, season_id: settled?.seasonId });
    expect(summary.json().team_a).toHaveLength(5);

    const active = rows.seasons.find((s) => s.isActive);
    if (active) {
      const ranking = await t.request({ method: 'GET', url: '/api/public/ranking' });
      expect(ranking.statusCode).toBe(200);
      const ranked = rows.seasonStats.filter((s) => s.seasonId === active.id).map((s) => s.userId);
      const listed = JSON.stringify(ranking.json());
      expect(ranked.some((id) => listed.includes(id))).toBe(true);
    }
  });

  it("a player's first Discord sign-in lands on their imported account", async () => {
    await writeImport(t.ctx.db, rows);
    const player = rows.users.find((u) => !u.isDummy && !u.isBanned && u.authSub.startsWith('discord|'));
    discord.nextUser = { id: player?.id as string, username: 'moved_in', global_name: null, avatar: null };
    const start = await t.request({ method: 'GET', url: '/api/auth/discord/authorize?return_to=%2F' });
    const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') as string);
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/auth/discord/callback',
      payload: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
      headers: { cookie: String(start.headers['set-cookie']).split(';')[0] as string },
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ user_id: player?.id, trainer_name: player?.trainerName });
    const owned = rows.userBadges.filter((b) => b.userId === player?.id).map((b) => b.badgeId);
    const me = await t.request({ method: 'GET', url: '/api/users/me', token: signedIn.json().access_token });
    expect([...me.json().owned_badges].sort()).toEqual(owned.sort());
  });

  it('a rerun after players deleted their account here keeps them deleted, their history with the remainder', async () => {
    await writeImport(t.ctx.db, rows);
    const played = new Set(rows.matchPlayers.map((p) => p.userId));
    const badged = new Set(rows.userBadges.map((b) => b.userId));
    const recorded = new Set(rows.seasonRecords.map((r) => r.userId));
    const real = rows.users.filter((u) => !u.isDummy && !u.isBanned && badged.has(u.id) && recorded.has(u.id));
    // One who played this season's matches, one known only from earlier seasons (records, badges).
    const gone = [real.find((u) => played.has(u.id))?.id, real.find((u) => !played.has(u.id))?.id] as string[];
    expect(gone.every(Boolean)).toBe(true);
    for (const id of gone) {
      await t.ctx.db.execute(
        sql`update users set deletion_requested_at = ${t.clock.now() - ACCOUNT_DELETION_GRACE_SECONDS} where id = ${id}`,
      );
    }
    const outcome = await t.built.jobs.run(ACCOUNT_DELETION_JOB);
    const deletions = (outcome.ran ? outcome.value : []) as Deletion[];
    expect(deletions.map((d) => d.deleted)).toEqual([true, true]);
    const remainder = new Map(deletions.map((d) => [d.userId, d.deleted ? d.remainderId : '']));
    const afterDeletion = await contents();

    // Rows mapped without the site would bring them back: refused, nothing written.
    await expect(writeImport(t.ctx.db, rows)).rejects.toThrow(/退会したプレイヤー 2 人/);
    // Mapped against the site: both are skipped with the reason, and nothing changes.
    const again = await mapForSite(t.ctx.db, dump, { now: now + 86_400, badgeMap });
    for (const id of gone) {
      expect(again.skipped).toContainEqual(
        expect.objectContaining({ table: 'users', key: id, reason: expect.stringContaining(remainder.get(id) ?? '?') }),
      );
      expect(again.skipped.some((s) => s.table === 'user_badges' && s.key.startsWith(`${id}/`))).toBe(true);
    }
    const summary = await writeImport(t.ctx.db, again.rows);
    expect(changed(summary)).toBe(0);
    expect(await contents()).toEqual(afterDeletion);
    for (const id of gone) {
      for (const [table, column] of [
        ['users', 'id'],
        ['user_badges', 'user_id'],
        ['match_players', 'user_id'],
        ['match_reports', 'user_id'],
        ['season_stats', 'user_id'],
        ['season_records', 'user_id'],
        ['player_mmr', 'user_id'],
      ]) {
        const [row] = rowsOf<{ n: number }>(
          await t.ctx.db.execute(
            sql`select count(*)::int as n from ${sql.identifier(table as string)} where ${sql.identifier(column as string)} = ${id}`,
          ),
        );
        expect(row?.n, `${table} of ${id}`).toBe(0);
      }
    }
    // The remainder still holds the matches (ten players each) and the records.
    const [kept] = rowsOf<{ matches: number; records: number }>(
      await t.ctx.db.execute(sql`select (select count(*)::int from match_players where user_id = ${remainder.get(gone[0] as string)}) as matches,
        (select count(*)::int from season_records where user_id = ${remainder.get(gone[1] as string)}) as records`),
    );
    expect(kept?.matches).toBe(rows.matchPlayers.filter((p) => p.userId === gone[0]).length);
    expect(kept?.records).toBe(rows.seasonRecords.filter((r) => r.userId === gone[1]).length);
  });

  it('the command lists bad input with file and line and writes nothing, not even a database', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'rankmatch-import-')), 'data');
    let output = '';
    try {
      execFileSync(process.execPath, ['--import', 'tsx', 'scripts/import-unitemate.ts', join(FIXTURE_ROOT, 'bad')], {
        cwd: resolve(import.meta.dirname, '..'),
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
        stdio: 'pipe',
      });
    } catch (err) {
      const failed = err as { status: number; stderr: string };
      expect(failed.status).toBe(1);
      output = failed.stderr;
    }
    expect(output).toMatch(/unknown-badge\/users\.json:2: 勲章 badge_229/);
    expect(output).toMatch(/件の問題があるため、何も書き込んでいません/);
    expect(existsSync(dataDir)).toBe(false);
    rmSync(join(dataDir, '..'), { recursive: true, force: true });
  });
});
