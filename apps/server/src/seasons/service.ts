import type { seasonCreateSchema, seasonUpdateSchema } from '@rankmatch/shared';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/log.ts';
import type { Executor } from '../db/client.ts';
import { matches, seasons } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';
import { AppError } from '../http/errors.ts';
import { presentSeason } from './presenter.ts';
import { findSeason } from './queries.ts';

type Actor = { actorId: string; now: number };

export async function createSeason(tx: Executor, input: z.output<typeof seasonCreateSchema>, actor: Actor) {
  const inserted = await tx
    .insert(seasons)
    .values({
      id: input.id,
      name: input.name,
      description: input.description,
      startDate: input.start_date,
      endDate: input.end_date,
      imageUrl: input.image_url,
      themeColor: input.theme_color,
      awards: input.awards ?? null,
      isActive: false,
      createdAt: actor.now,
    })
    .onConflictDoNothing({ target: seasons.id })
    .returning();
  const row = inserted[0];
  if (!row) throw new AppError('SEASON_EXISTS');
  const after = presentSeason(row);
  await recordAudit(tx, {
    ...actor,
    action: 'season.create',
    targetType: 'season',
    targetId: row.id,
    before: null,
    after,
  });
  return after;
}

export async function updateSeason(
  { tx, emit }: Work,
  id: string,
  input: z.output<typeof seasonUpdateSchema>,
  actor: Actor,
) {
  const before = await findSeason(tx, id);
  if (!before) throw new AppError('SEASON_NOT_FOUND');
  const [row] = await tx
    .update(seasons)
    .set({
      name: input.name,
      description: input.description,
      startDate: input.start_date,
      endDate: input.end_date,
      imageUrl: input.image_url,
      themeColor: input.theme_color,
      // Absent: unchanged; null: back to the catalogue's defaults.
      ...(input.awards !== undefined && { awards: input.awards }),
    })
    .where(eq(seasons.id, id))
    .returning();
  if (!row) throw new AppError('SEASON_NOT_FOUND');
  const after = presentSeason(row);
  await recordAudit(tx, {
    ...actor,
    action: 'season.update',
    targetType: 'season',
    targetId: id,
    before: { ...presentSeason(before), awards: before.awards },
    after: { ...after, awards: row.awards },
  });
  emit({ type: 'season.updated', season_id: id });
  return after;
}

export async function deleteSeason(tx: Executor, id: string, actor: Actor): Promise<void> {
  // Locked: an activation running now either finishes first (and the season is seen active) or waits for this.
  const [before] = await tx.select().from(seasons).where(eq(seasons.id, id)).for('update');
  if (!before) throw new AppError('SEASON_NOT_FOUND');
  if (before.isActive) throw new AppError('SEASON_ACTIVE_DELETE');
  // Played matches keep their season: such a season stays (its records and history depend on it).
  const [played] = await tx.select({ id: matches.id }).from(matches).where(eq(matches.seasonId, id)).limit(1);
  if (played) throw new AppError('SEASON_HAS_MATCHES');
  await tx.delete(seasons).where(eq(seasons.id, id));
  await recordAudit(tx, {
    ...actor,
    action: 'season.delete',
    targetType: 'season',
    targetId: id,
    before: presentSeason(before),
    after: null,
  });
}

/**
 * A season as the demo writes its history (no admin, no audit row): created, and, for a past one, when its end began
 * and finished. The admin's seasons go through createSeason and the season end.
 */
export async function insertSeasonRecord(db: Executor, row: typeof seasons.$inferInsert): Promise<void> {
  await db.insert(seasons).values(row);
}

export async function backdateSeasonEnd(db: Executor, id: string, at: { endingStartedAt?: number; endedAt?: number }) {
  await db.update(seasons).set(at).where(eq(seasons.id, id));
}

/** Marks a season active when no other season is (the demo's running season). */
export async function activateIfNoneActive(db: Executor, id: string): Promise<void> {
  await db.execute(
    sql`update seasons set is_active = true where id = ${id} and not exists (select 1 from seasons where is_active)`,
  );
}
