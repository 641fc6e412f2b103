import { sql } from 'drizzle-orm';
import { textArray } from '../db/arrays.ts';
import { bulkInsert } from '../db/bulk.ts';
import { type Executor, rowsOf, type Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';
import type { NewMatch } from '../matches/create.ts';
import { holdEntries } from '../queue/service.ts';
import { readSettings } from '../settings/service.ts';
import { checkState } from './presenter.ts';
import type { CheckRow } from './queries.ts';

// A wave's matches as ready checks (when the site's ready_check_seconds is not 0): each match the engine made waits
// for its ten players to press 準備完了; their entries are held (waves skip them) until it starts or fails. Written
// in bulk, as the wave's matches are: a few statements whatever the wave's size.

/** The site's time to press (0: no ready check, the wave makes its matches at once). */
export async function readyCheckSeconds(db: Executor): Promise<number> {
  return (await readSettings(db)).ready_check_seconds;
}

/** Opens one check per planned match, in the wave's transaction (ready.opened each: the match-found alert). */
export async function openReadyChecks(
  work: Work,
  wave: { seasonId: string; waveId: number | null; now: number; seconds: number },
  plans: readonly NewMatch[],
): Promise<string[]> {
  const { tx, emit } = work;
  if (plans.length === 0) return [];
  const ids = rowsOf<{ id: string }>(
    await tx.execute(
      sql`select nextval(pg_get_serial_sequence('ready_checks', 'id'))::text as id from generate_series(1, ${plans.length})`,
    ),
  ).map((r) => Number(r.id));
  const checks: CheckRow[] = plans.map((plan, i) => ({
    id: ids[i] as number,
    seasonId: wave.seasonId,
    waveId: wave.waveId,
    status: 'open',
    openedAt: wave.now,
    deadlineAt: wave.now + wave.seconds,
    closedAt: null,
    matchId: null,
    // The plan is the NewMatch as the engine made it: the start creates the match from it (close.ts).
    plan: { ...plan } as unknown as Record<string, unknown>,
  }));
  await bulkInsert(tx, 'ready_checks', CHECK_COLUMNS, checks.map(checkRow));
  const holds = checks.flatMap((c, i) =>
    (plans[i]?.players ?? []).map((p) => ({ userId: p.userId, readyCheckId: c.id })),
  );
  await bulkInsert(
    tx,
    'ready_check_players',
    { ready_check_id: 'bigint', user_id: 'text' },
    holds.map((h) => ({ ready_check_id: h.readyCheckId, user_id: h.userId })),
  );
  await holdEntries(tx, holds);
  const names = await trainerNames(
    tx,
    holds.map((h) => h.userId),
  );
  const states = checks.map((check, i) =>
    checkState(
      check,
      (plans[i]?.players ?? []).map((p) => ({
        userId: p.userId,
        trainerName: names.get(p.userId) ?? '',
        readyAt: null,
        isDummy: false,
      })),
    ),
  );
  emit(...states.map((check) => ({ type: 'ready.opened' as const, check })));
  return states.map((s) => s.ready_check_id);
}

const CHECK_COLUMNS = {
  id: 'bigint',
  season_id: 'text',
  wave_id: 'integer',
  status: 'text',
  opened_at: 'bigint',
  deadline_at: 'bigint',
  plan: 'jsonb',
};

const checkRow = (c: CheckRow) => ({
  id: c.id,
  season_id: c.seasonId,
  wave_id: c.waveId,
  status: c.status,
  opened_at: c.openedAt,
  deadline_at: c.deadlineAt,
  plan: c.plan,
});

async function trainerNames(tx: Tx, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, name: users.trainerName })
    .from(users)
    .where(sql`${users.id} = any(${textArray(userIds)}::text[])`);
  return new Map(rows.map((r) => [r.id, r.name]));
}
