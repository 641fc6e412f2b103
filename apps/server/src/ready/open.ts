import { inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../db/client.ts';
import { readyCheckPlayers, readyChecks, users } from '../db/schema.ts';
import type { ReadyCheckState } from '../events/bus.ts';
import type { Work } from '../events/unit.ts';
import type { NewMatch } from '../matches/create.ts';
import { holdEntries } from '../queue/service.ts';
import { readSettings } from '../settings/service.ts';
import { checkState } from './presenter.ts';

// A wave's matches as ready checks (when the site's ready_check_seconds is not 0): each match the engine made waits
// for its ten players to press 準備完了; their entries are held (waves skip them) until it starts or fails.

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
  const names = await trainerNames(
    tx,
    plans.flatMap((m) => m.players.map((p) => p.userId)),
  );
  const states: ReadyCheckState[] = [];
  for (const plan of plans) {
    const [check] = await tx
      .insert(readyChecks)
      .values({
        seasonId: wave.seasonId,
        waveId: wave.waveId,
        status: 'open',
        openedAt: wave.now,
        deadlineAt: wave.now + wave.seconds,
        plan: { ...plan } as unknown as Record<string, unknown>,
      })
      .returning();
    if (!check) throw new Error('ready check insert returned nothing');
    const userIds = plan.players.map((p) => p.userId).sort();
    await tx.insert(readyCheckPlayers).values(userIds.map((userId) => ({ readyCheckId: check.id, userId })));
    await holdEntries(tx, check.id, userIds);
    const players = userIds.map((userId) => ({
      userId,
      trainerName: names.get(userId) ?? '',
      readyAt: null,
      isDummy: false,
    }));
    states.push(checkState(check, players));
  }
  emit(...states.map((check) => ({ type: 'ready.opened' as const, check })));
  return states.map((s) => s.ready_check_id);
}

async function trainerNames(tx: Tx, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, name: users.trainerName })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(rows.map((r) => [r.id, r.name]));
}
