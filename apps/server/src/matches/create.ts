import { matches, matchPlayers } from '../db/schema.ts';
import type { Work } from '../events/unit.ts';

// New matches: the rows a wave decided, written here (the matches module owns matches and match_players) in the
// wave's transaction.

export interface NewMatch {
  hostUserId: string;
  firstAttack: 'A' | 'B';
  teamGap: number;
  ratingSpread: number;
  players: {
    userId: string;
    team: 'A' | 'B';
    slot: number;
    role: string;
    rateBefore: number;
    deckType: string | null;
    waitSeconds: number;
  }[];
}

export interface CreatedMatch {
  id: string;
  userIds: string[];
}

/**
 * Writes a wave's matches and their players (open, as a started match is), in the given order (match.found each). A
 * match a ready check started (readyCheckId) counts its lobby timers from `now`, the moment the tenth player was ready.
 */
export async function createMatches(
  { tx, emit }: Work,
  wave: { seasonId: string; waveId: number | null; now: number; readyCheckId?: number },
  list: readonly NewMatch[],
): Promise<CreatedMatch[]> {
  const created: CreatedMatch[] = [];
  for (const m of list) {
    const [row] = await tx
      .insert(matches)
      .values({
        seasonId: wave.seasonId,
        waveId: wave.waveId,
        matchedAt: wave.now,
        startedAt: wave.now,
        hostUserId: m.hostUserId,
        firstAttack: m.firstAttack,
        teamGap: m.teamGap,
        ratingSpread: m.ratingSpread,
      })
      .returning({ id: matches.id });
    if (!row) throw new Error('match insert returned nothing');
    await tx.insert(matchPlayers).values(m.players.map((p) => ({ matchId: row.id, ...p })));
    created.push({ id: String(row.id), userIds: m.players.map((p) => p.userId) });
  }
  const via = wave.readyCheckId === undefined ? {} : { ready_check_id: String(wave.readyCheckId) };
  emit(...created.map((m) => ({ type: 'match.found' as const, match_id: m.id, user_ids: m.userIds, ...via })));
  return created;
}
