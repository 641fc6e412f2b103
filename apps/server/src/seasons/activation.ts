import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/log.ts';
import type { Executor, Tx } from '../db/client.ts';
import { seasons } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';
import { AppError } from '../http/errors.ts';
import { presentSeason } from './presenter.ts';
import { findSeason, type SeasonRow } from './queries.ts';

// Which season is active: an admin's activation (which begins the end of the season it replaces), the first step of
// an end, and the season change by date (the next season becomes active once no season is active or ending).

type Actor = { actorId: string; now: number };

/**
 * Exactly one active season: the one running now is ended in the same transaction (the first step of its end; the
 * season end finishes it right after) and a unique index backs the rule. Activations run one at a time: every season
 * row is locked first, so a concurrent activation waits and then sees the season this one activated.
 */
export async function activateSeason({ tx, emit }: Work, id: string, actor: Actor) {
  await tx.select({ id: seasons.id }).from(seasons).for('update');
  const target = await findSeason(tx, id);
  if (!target) throw new AppError('SEASON_NOT_FOUND');
  if (target.endedAt !== null || target.endingStartedAt !== null) throw new AppError('SEASON_ENDED_ACTIVATE');
  const previous = (await tx.select().from(seasons).where(eq(seasons.isActive, true)))[0];
  if (previous && previous.id !== id) await beginEnd(tx, previous, actor.actorId, actor.now);
  const [row] = await tx.update(seasons).set({ isActive: true }).where(eq(seasons.id, id)).returning();
  if (!row) throw new AppError('SEASON_NOT_FOUND');
  await recordAudit(tx, {
    ...actor,
    action: 'season.activate',
    targetType: 'season',
    targetId: id,
    before: { active_season_id: previous?.id ?? null },
    after: { active_season_id: id },
  });
  emit({ type: 'season.activated', season_id: id });
  return { season: presentSeason(row), ended: previous && previous.id !== id ? previous.id : null };
}

/**
 * The season change by date (the season-end job, after the ends that were due): when no season is active (the one
 * that ended may still wait for its last matches), the next season (the earliest by start date that has not ended and ends in the future) becomes
 * active. Until its start date it is shown as scheduled and the queue stays closed; from then on it is open, with
 * nobody pressing anything. Returns the season activated, or null.
 */
export async function activateNextSeason({ tx, emit }: Work, now: number): Promise<SeasonRow | null> {
  await tx.select({ id: seasons.id }).from(seasons).for('update');
  const [active] = await tx.select({ id: seasons.id }).from(seasons).where(eq(seasons.isActive, true)).limit(1);
  if (active) return null;
  const [next] = await tx
    .select({ id: seasons.id })
    .from(seasons)
    .where(and(isNull(seasons.endedAt), isNull(seasons.endingStartedAt), gt(seasons.endDate, now)))
    .orderBy(asc(seasons.startDate))
    .limit(1);
  if (!next) return null;
  const [row] = await tx.update(seasons).set({ isActive: true }).where(eq(seasons.id, next.id)).returning();
  if (row) emit({ type: 'season.activated', season_id: row.id });
  return row ?? null;
}

/**
 * Step 1 of a season end, in the caller's transaction with the season row locked: the season stops being active and
 * its end begins (the activation of another season calls this in its own transaction, so the two cannot race).
 */
export async function beginEnd(tx: Tx, season: SeasonRow, actorId: string | null, now: number): Promise<SeasonRow> {
  if (season.endingStartedAt !== null) return season;
  const [started] = await tx
    .update(seasons)
    .set({ isActive: false, endingStartedAt: now })
    .where(eq(seasons.id, season.id))
    .returning();
  if (actorId) {
    await recordAudit(tx, {
      actorId,
      action: 'season.end',
      targetType: 'season',
      targetId: season.id,
      before: { is_active: season.isActive, end_date: season.endDate },
      after: { ending_started_at: now },
      now,
    });
  }
  return started ?? season;
}

/** The last step of a season end (in the caller's transaction, the row locked): the season has ended. */
export async function markEnded(tx: Executor, seasonId: string, at: number): Promise<void> {
  await tx.update(seasons).set({ endedAt: at }).where(eq(seasons.id, seasonId));
}
