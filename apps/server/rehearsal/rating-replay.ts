import {
  correctMatch,
  DEFAULT_RATING_CONFIG,
  type Mmr,
  type MmrState,
  mmrForSeason,
  type PlayerCorrection,
  type RatingConfig,
  rateMatch,
  refundPlayers,
  type SettledPlayer,
  shiftMmr,
  updateMaxRate,
} from '@rankmatch/engine';
import { sql } from 'drizzle-orm';
import { appliedRefits, timelineOf } from '../src/calibration/params.ts';
import { type Db, rowsOf } from '../src/db/client.ts';

// Ratings equal a replay: the rating rule run over the settled matches in settlement order, with the admins'
// corrections and refunds where they happened (read back from the audit log), gives every stored rate change, the MMR
// each match was rated from, the season numbers, every player's MMR and who is refunded. The rehearsal checks it at
// its end; the server's tests check it after corrections and refunds (test/refunds.test.ts).

type Winner = 'A' | 'B' | null;

interface MatchRow {
  id: number;
  season_id: string;
  matched_at: number;
  status: string;
  winner: Winner;
  settled_at: number | null;
}

interface PlayerRow {
  match_id: number;
  user_id: string;
  team: 'A' | 'B';
  rate_after: number | null;
  rate_delta: number | null;
  mmr_mu: number | null;
  mmr_sigma: number | null;
  refunded_at: number | null;
}

interface AdminEvent {
  kind: 'correct' | 'refund';
  matchId: number;
  at: number;
  /** correct: the result before and after; refund: the players refunded. */
  from?: Winner;
  to?: Winner;
  userIds?: string[];
}

/** What a match_players row should say: the rate after, the change and the MMR the match was rated from. */
type Row = { after: number; delta: number; mmr: Mmr };
export type Stats = { rate: number; max: number; matches: number; wins: number };

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/**
 * Where a replay starts from when the site began with an imported community (imported.ts): the imported matches (ids
 * up to lastMatchId) are history rated by the other site's rule, not replayed; the players' season numbers and MMRs
 * start as imported; a correction's max rate also reads the imported matches' rates.
 */
export interface ReplayBaseline {
  lastMatchId: number;
  stats: ReadonlyMap<string, Stats>;
  mmr: ReadonlyMap<string, MmrState>;
  ratesAfter: ReadonlyMap<string, readonly number[]>;
}

async function load(db: Db, baseline: ReplayBaseline | null) {
  const after = baseline?.lastMatchId ?? 0;
  const matches = (
    await rows<MatchRow>(
      db,
      sql`select id, season_id, matched_at, status, winner, settled_at from matches where id > ${after}`,
    )
  ).map((m) => ({
    ...m,
    id: Number(m.id),
    matched_at: Number(m.matched_at),
    settled_at: m.settled_at === null ? null : Number(m.settled_at),
  }));
  const players = (
    await rows<PlayerRow>(
      db,
      sql`select match_id, user_id, team, rate_after, rate_delta, mmr_mu, mmr_sigma, refunded_at from match_players
        where match_id > ${after} order by match_id, team, slot`,
    )
  ).map((p) => ({ ...p, match_id: Number(p.match_id) }));
  const audit = await rows<{ action: string; target_id: string; created_at: string; before: unknown; after: unknown }>(
    db,
    sql`select action, target_id, created_at, before, after from audit_log
      where action in ('match.correct', 'match.refund') order by id`,
  );
  const events = audit.map((a): AdminEvent => {
    const base = { matchId: Number(a.target_id), at: Number(a.created_at) };
    if (a.action === 'match.refund') {
      const after = a.after as { refunded: { user_id: string }[] };
      return { ...base, kind: 'refund', userIds: after.refunded.map((r) => r.user_id) };
    }
    return {
      ...base,
      kind: 'correct',
      from: (a.before as { winner: Winner }).winner,
      to: (a.after as { winner: Winner }).winner,
    };
  });
  const startRates = await rows<{ id: string; start_rate: number }>(db, sql`select id, start_rate from users`);
  // The MMR's parameters each match was rated by (a refit applies to matches made after it).
  const timeline = timelineOf(await appliedRefits(db));
  return {
    matches,
    players,
    events,
    startRate: new Map(startRates.map((u) => [u.id, u.start_rate])),
    ratingOf: (m: MatchRow): RatingConfig => ({
      ...DEFAULT_RATING_CONFIG,
      mmr: timeline.paramsAt(m.matched_at) ?? DEFAULT_RATING_CONFIG.mmr,
    }),
    baseline,
  };
}

type Loaded = Awaited<ReturnType<typeof load>>;

/** The replay's state, event by event. */
class Replay {
  readonly stats = new Map<string, Stats>();
  readonly mmr = new Map<string, MmrState>();
  readonly expected = new Map<number, Map<string, Row>>();
  readonly refunded = new Map<number, Set<string>>();
  readonly winner = new Map<number, Winner>();
  private readonly byId: Map<number, MatchRow>;
  private readonly playersOf = new Map<number, PlayerRow[]>();

  constructor(
    private readonly data: Loaded,
    private readonly settled: MatchRow[],
  ) {
    this.byId = new Map(data.matches.map((m) => [m.id, m]));
    for (const [key, s] of data.baseline?.stats ?? []) this.stats.set(key, { ...s });
    for (const [user, belief] of data.baseline?.mmr ?? []) this.mmr.set(user, { ...belief });
    for (const p of data.players) this.playersOf.set(p.match_id, [...(this.playersOf.get(p.match_id) ?? []), p]);
    // A match's first result: the one its first correction started from, else the one it has.
    for (const m of data.matches) {
      const first = data.events.find((e) => e.kind === 'correct' && e.matchId === m.id);
      this.winner.set(m.id, first ? (first.from ?? null) : m.winner);
    }
  }

  private statOf(user: string, season: string): Stats {
    const key = `${user}|${season}`;
    let s = this.stats.get(key);
    if (!s) {
      const start = this.data.startRate.get(user) ?? 1500;
      s = { rate: start, max: start, matches: 0, wins: 0 };
      this.stats.set(key, s);
    }
    return s;
  }

  private mmrOf(user: string, m: MatchRow): Mmr {
    const start = this.data.startRate.get(user) ?? 1500;
    return mmrForSeason(this.mmr.get(user) ?? null, start, m.season_id, this.data.ratingOf(m).mmr);
  }

  /** The match rated from the replay's ratings (null: nothing went wrong). */
  settle(m: MatchRow): null {
    const players = this.playersOf.get(m.id) ?? [];
    const winner = this.winner.get(m.id) ?? null;
    const side = (team: 'A' | 'B') =>
      players
        .filter((p) => p.team === team)
        .map((p) => ({
          user_id: p.user_id,
          rate: this.statOf(p.user_id, m.season_id).rate,
          mmr: this.mmrOf(p.user_id, m),
        }));
    const changes = new Map(
      rateMatch({ teamA: side('A'), teamB: side('B'), winner }, this.data.ratingOf(m)).map((c) => [c.user_id, c]),
    );
    const rowsOfMatch = new Map<string, Row>();
    for (const p of players) {
      const s = this.statOf(p.user_id, m.season_id);
      const change = changes.get(p.user_id);
      const after = winner === null ? s.rate : (change?.after ?? s.rate);
      const mmr = change?.mmr_before ?? this.mmrOf(p.user_id, m);
      rowsOfMatch.set(p.user_id, { after, delta: after - s.rate, mmr });
      if (winner === null) continue;
      s.max = updateMaxRate(s.max, after);
      s.rate = after;
      s.matches += 1;
      s.wins += p.team === winner ? 1 : 0;
      if (change) this.mmr.set(p.user_id, { ...change.mmr_after, season_id: m.season_id });
    }
    this.expected.set(m.id, rowsOfMatch);
    return null;
  }

  /** The match as the engine's correction reads it, refunds included. */
  private settledPlayers(m: MatchRow): SettledPlayer[] | null {
    const rowsOfMatch = this.expected.get(m.id);
    if (!rowsOfMatch) return null;
    const refunded = this.refunded.get(m.id) ?? new Set<string>();
    return (this.playersOf.get(m.id) ?? []).map((p) => {
      const row = rowsOfMatch.get(p.user_id) as Row;
      return {
        user_id: p.user_id,
        team: p.team,
        rate_after: row.after,
        rate_delta: row.delta,
        mmr: row.mmr,
        refunded: refunded.has(p.user_id),
      };
    });
  }

  /** An admin's correction or refund, as the server applies it; a problem when it came before the settlement. */
  admin(e: AdminEvent): string | null {
    const m = this.byId.get(e.matchId);
    const settledPlayers = m ? this.settledPlayers(m) : null;
    if (!m || !settledPlayers) return `${e.kind} of ${e.matchId} before it settled`;
    const winner = this.winner.get(m.id) ?? null;
    if (e.kind === 'correct') {
      this.apply(m, correctMatch(settledPlayers, winner, e.to ?? null, this.data.ratingOf(m)), e.at);
      this.winner.set(m.id, e.to ?? null);
      return null;
    }
    this.apply(m, refundPlayers(settledPlayers, winner, e.userIds ?? [], this.data.ratingOf(m)), e.at);
    const refunded = this.refunded.get(m.id) ?? new Set<string>();
    for (const id of e.userIds ?? []) refunded.add(id);
    this.refunded.set(m.id, refunded);
    return null;
  }

  /** The match's own changes, the season numbers, the current MMR, the later history shifted, the max rate. */
  private apply(m: MatchRow, fixes: PlayerCorrection[], at: number): void {
    const rowsOfMatch = this.expected.get(m.id) as Map<string, Row>;
    for (const f of fixes) {
      const row = rowsOfMatch.get(f.user_id) as Row;
      rowsOfMatch.set(f.user_id, { ...row, after: f.before + f.new_delta, delta: f.new_delta });
      const s = this.statOf(f.user_id, m.season_id);
      s.rate += f.shift;
      s.matches = Math.max(0, s.matches + f.matches);
      s.wins = Math.max(0, s.wins + f.wins);
      if (f.mmr_shift.mu !== 0 || f.mmr_shift.sigma !== 0) {
        const current = this.mmr.get(f.user_id);
        const next = shiftMmr(current ?? row.mmr, f.mmr_shift);
        this.mmr.set(f.user_id, { ...next, season_id: current?.season_id ?? m.season_id });
      }
      // Later settled matches of the season (by id, as the server shifts them) move by the shift.
      for (const later of this.settled) {
        if (later.id <= m.id || later.season_id !== m.season_id || (later.settled_at as number) > at) continue;
        const laterRow = this.expected.get(later.id)?.get(f.user_id);
        if (laterRow && f.shift !== 0) laterRow.after += f.shift;
      }
      let max = Math.max(
        s.rate,
        this.data.startRate.get(f.user_id) ?? 1500,
        ...(this.data.baseline?.ratesAfter.get(`${f.user_id}|${m.season_id}`) ?? []),
      );
      for (const [id, byUser] of this.expected) {
        const r = byUser.get(f.user_id);
        if (r && this.byId.get(id)?.season_id === m.season_id) max = Math.max(max, r.after);
      }
      s.max = max;
    }
  }
}

/** Every settlement and admin event in the order they happened (an admin's after the settlements of its second). */
function replayAll(data: Loaded): { replay: Replay; problems: string[]; settled: MatchRow[] } {
  const settled = data.matches.filter((m) => m.status === 'done' && m.settled_at !== null);
  const replay = new Replay(data, settled);
  type Step = { at: number; order: number; run: () => string | null };
  const steps: Step[] = [
    ...settled.map((m) => ({ at: m.settled_at as number, order: m.id, run: () => replay.settle(m) })),
    ...data.events.map((e, i) => ({
      at: e.at,
      order: Number.MAX_SAFE_INTEGER - data.events.length + i,
      run: () => replay.admin(e),
    })),
  ].sort((a, b) => a.at - b.at || a.order - b.order);
  const problems = steps.map((s) => s.run()).filter((p): p is string => p !== null);
  return { replay, problems, settled };
}

const close = (a: number | null, b: number) => a !== null && Math.abs(Number(a) - b) <= 1e-9 * Math.max(1, Math.abs(b));

/** Each match's stored changes, MMRs rated from and refunds against the replay's. */
function compareMatches(data: Loaded, replay: Replay, problems: string[]): number {
  let compared = 0;
  for (const p of data.players) {
    const want = replay.expected.get(p.match_id)?.get(p.user_id);
    if (!want) continue;
    compared += 1;
    const where = `match ${p.match_id} ${p.user_id}`;
    if (p.rate_after !== want.after || p.rate_delta !== want.delta) {
      problems.push(`${where}: after/delta ${p.rate_after}/${p.rate_delta}, replay ${want.after}/${want.delta}`);
    }
    if (!close(p.mmr_mu, want.mmr.mu) || !close(p.mmr_sigma, want.mmr.sigma)) {
      problems.push(`${where}: rated from MMR ${p.mmr_mu}/${p.mmr_sigma}, replay ${want.mmr.mu}/${want.mmr.sigma}`);
    }
    const refunded = replay.refunded.get(p.match_id)?.has(p.user_id) ?? false;
    if ((p.refunded_at !== null) !== refunded)
      problems.push(`${where}: refunded ${p.refunded_at !== null}, replay ${refunded}`);
  }
  return compared;
}

/** The season rows and the current MMRs against the replay's. */
async function compareNumbers(db: Db, replay: Replay, problems: string[]): Promise<{ seasons: number; mmrs: number }> {
  const stored = await rows<{
    user_id: string;
    season_id: string;
    rate: number;
    max_rate: number;
    match_count: number;
    win_count: number;
  }>(db, sql`select user_id, season_id, rate, max_rate, match_count, win_count from season_stats`);
  const key = (user: string, season: string) => `${user}|${season}`;
  for (const s of stored) {
    const want = replay.stats.get(key(s.user_id, s.season_id));
    if (!want) {
      if (s.match_count !== 0) problems.push(`${s.user_id} ${s.season_id}: season numbers without matches`);
      continue;
    }
    const got = `${s.rate}/${s.max_rate}/${s.match_count}/${s.win_count}`;
    const replayed = `${want.rate}/${want.max}/${want.matches}/${want.wins}`;
    if (got !== replayed)
      problems.push(`${s.user_id} ${s.season_id}: rate/max/matches/wins ${got}, replay ${replayed}`);
  }
  for (const [k, want] of replay.stats) {
    if (want.matches > 0 && !stored.some((s) => key(s.user_id, s.season_id) === k))
      problems.push(`${k}: no season row`);
  }
  const beliefs = await rows<{ user_id: string; mu: number; sigma: number; season_id: string }>(
    db,
    sql`select user_id, mu, sigma, season_id from player_mmr`,
  );
  for (const b of beliefs) {
    const want = replay.mmr.get(b.user_id);
    if (!want) problems.push(`${b.user_id}: an MMR without a rated match`);
    else if (!close(b.mu, want.mu) || !close(b.sigma, want.sigma) || b.season_id !== want.season_id) {
      problems.push(
        `${b.user_id}: MMR ${b.mu}/${b.sigma} (${b.season_id}), replay ${want.mu}/${want.sigma} (${want.season_id})`,
      );
    }
  }
  if (beliefs.length !== replay.mmr.size)
    problems.push(`${beliefs.length} MMRs stored, ${replay.mmr.size} in the replay`);
  return { seasons: stored.length, mmrs: beliefs.length };
}

/**
 * Replays the ratings from the database and compares: the problems found (none when ratings equal a replay) and a
 * line of what was covered.
 */
export async function ratingsAgainstReplay(
  db: Db,
  baseline: ReplayBaseline | null = null,
): Promise<{ problems: string[]; figure: string; corrections: number; refunds: number }> {
  const data = await load(db, baseline);
  const { replay, problems, settled } = replayAll(data);
  const compared = compareMatches(data, replay, problems);
  const counted = await compareNumbers(db, replay, problems);
  const corrections = data.events.filter((e) => e.kind === 'correct').length;
  const refunds = data.events.length - corrections;
  return {
    problems,
    corrections,
    refunds,
    figure: `${settled.length} settled matches, ${compared} rate changes, ${counted.seasons} season rows, ${counted.mmrs} MMRs, ${corrections} corrections, ${refunds} refunds`,
  };
}
