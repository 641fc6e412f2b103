import { sql } from 'drizzle-orm';
import { bulkInsert } from '../db/bulk.ts';
import { rowsOf } from '../db/client.ts';
import type { Work } from '../events/unit.ts';

// New matches: the rows a wave decided, written here (the matches module owns matches and match_players) in the
// wave's transaction.

export interface NewMatch {
  hostUserId: string;
  firstAttack: 'A' | 'B';
  teamGap: number;
  ratingSpread: number;
  /** P(team A wins) by the MMR when the wave made it; absent for a plan stored before it was computed. */
  predictedA?: number | null;
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
 * Writes a wave's matches and their players (open, as a started match is), in the given order (match.found each).
 * Ids are taken from the sequence first, then every match and every player goes in one statement per 5,000 rows
 * (bulkInsert): a wave of 10,000 matches is a handful of statements, not 20,000 round trips under the queue's lock. A
 * match a ready check started (readyCheckId) counts its lobby timers from `now`, the moment the tenth player was ready.
 */
export async function createMatches(
  { tx, emit }: Work,
  wave: { seasonId: string; waveId: number | null; now: number; readyCheckId?: number },
  list: readonly NewMatch[],
): Promise<CreatedMatch[]> {
  if (list.length === 0) return [];
  const ids = await tx.execute(
    sql`select nextval(pg_get_serial_sequence('matches', 'id'))::text as id from generate_series(1, ${list.length})`,
  );
  const idList = rowsOf<{ id: string }>(ids).map((r) => Number(r.id));
  await bulkInsert(
    tx,
    'matches',
    MATCH_COLUMNS,
    list.map((m, i) => matchRow(idList[i] as number, wave, m)),
  );
  await bulkInsert(
    tx,
    'match_players',
    PLAYER_COLUMNS,
    list.flatMap((m, i) => m.players.map((p) => playerRow(idList[i] as number, p))),
  );
  const created = list.map((m, i) => ({ id: String(idList[i]), userIds: m.players.map((p) => p.userId) }));
  const via = wave.readyCheckId === undefined ? {} : { ready_check_id: String(wave.readyCheckId) };
  emit(...created.map((m) => ({ type: 'match.found' as const, match_id: m.id, user_ids: m.userIds, ...via })));
  return created;
}

const MATCH_COLUMNS = {
  id: 'bigint',
  season_id: 'text',
  wave_id: 'integer',
  matched_at: 'bigint',
  started_at: 'bigint',
  host_user_id: 'text',
  first_attack: 'text',
  team_gap: 'double precision',
  rating_spread: 'integer',
  predicted_a: 'double precision',
};

const PLAYER_COLUMNS = {
  match_id: 'bigint',
  user_id: 'text',
  team: 'text',
  slot: 'integer',
  role: 'text',
  rate_before: 'integer',
  deck_type: 'text',
  wait_seconds: 'integer',
};

function matchRow(id: number, wave: { seasonId: string; waveId: number | null; now: number }, m: NewMatch) {
  return {
    id,
    season_id: wave.seasonId,
    wave_id: wave.waveId,
    matched_at: wave.now,
    started_at: wave.now,
    host_user_id: m.hostUserId,
    first_attack: m.firstAttack,
    team_gap: m.teamGap,
    rating_spread: m.ratingSpread,
    predicted_a: m.predictedA ?? null,
  };
}

function playerRow(matchId: number, p: NewMatch['players'][number]) {
  return {
    match_id: matchId,
    user_id: p.userId,
    team: p.team,
    slot: p.slot,
    role: p.role,
    rate_before: p.rateBefore,
    deck_type: p.deckType,
    wait_seconds: p.waitSeconds,
  };
}
