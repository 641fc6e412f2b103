import { MATCH_SIZE } from '@rankmatch/shared';
import { describe, expect, it } from 'vitest';
import { isWaveTime } from '../src/hours/schedule.ts';
import { tallyViolations } from '../src/penalty/violations.ts';
import { DEFAULT_RATING_CONFIG, type Mmr, mmrForSeason, rateMatch, rateMatchElo } from '../src/rating/index.ts';
import { reportDeadline, settle } from '../src/settlement/decide.ts';
import {
  brier,
  ratingAccuracy,
  type SeasonSimulation,
  type SimAccount,
  seasonMeta,
  simulatePopulation,
  simulateSeason,
  spearman,
} from '../src/simulation/index.ts';

const DAY = 86_400;
/** Monday 2026-10-26 00:00 in Japan. */
const START = Date.UTC(2026, 9, 25, 15) / 1000;

function accounts(n: number, capped?: string): SimAccount[] {
  return Array.from({ length: n }, (_, i) => ({
    user_id: `p${String(i + 1).padStart(2, '0')}`,
    start_rate: 1300 + ((i * 37) % 400),
    ...(capped === `p${String(i + 1).padStart(2, '0')}` ? { max_matches: 12 } : {}),
  }));
}

function run(seed: number, days = 7, capped?: string): { sim: SeasonSimulation; skill: Map<string, number> } {
  const meta = seasonMeta(seed, 's');
  const players = simulatePopulation({ seed, accounts: accounts(40, capped), meta });
  const sim = simulateSeason({ seed, season_id: 's', start: START, stop_waves: START + days * DAY, players, meta });
  return { sim, skill: new Map(players.map((p) => [p.user_id, p.skill])) };
}

describe('the season simulation', () => {
  const { sim } = run(11);

  it('is deterministic: the same seed gives the same season, another seed another one', () => {
    expect(JSON.stringify(run(11).sim)).toBe(JSON.stringify(sim));
    expect(JSON.stringify(run(12).sim.matches)).not.toBe(JSON.stringify(sim.matches));
  });

  it('plays a week of matches at wave times, five against five, ids in order', () => {
    expect(sim.matches.length).toBeGreaterThan(20);
    sim.matches.forEach((m, i) => {
      expect(m.id).toBe(i + 1);
      expect(isWaveTime(m.matched_at)).toBe(true);
      expect(m.players).toHaveLength(MATCH_SIZE);
      expect(m.players.filter((p) => p.team === 'A')).toHaveLength(5);
      expect(new Set(m.players.map((p) => p.user_id)).size).toBe(MATCH_SIZE);
    });
    for (const w of sim.waves) expect(isWaveTime(w.ran_at)).toBe(true);
  });

  it('settles every match as settle() does on its reports, at the time it says', () => {
    for (const m of sim.matches) {
      const deadline = reportDeadline(m.matched_at);
      for (const r of m.reports) expect(r.reported_at).toBeLessThan(deadline);
      const seen = m.reports.filter((r) => r.reported_at <= m.settled_at);
      const decision = settle(seen, { now: m.settled_at, startedAt: m.matched_at });
      expect(decision).toMatchObject({ status: 'settled', winner: m.winner, reason: m.settle_reason });
      // Not a report earlier: the match settled at the first moment it could.
      const before = seen.filter((r) => r.reported_at < m.settled_at);
      if (m.settle_reason === 'consensus') {
        expect(settle(before, { now: m.settled_at - 1, startedAt: m.matched_at }).status).toBe('pending');
      } else {
        expect(m.settled_at).toBe(deadline);
      }
      const summary = tallyViolations(
        m.reports,
        m.players.map((p) => ({ user_id: p.user_id, team: p.team })),
      );
      expect(m.penalty_user_ids).toEqual(summary.penalised_user_ids);
    }
  });

  it('moves both ratings by rateMatch from the ratings each player has, one match at a time, and matches on the MMR', () => {
    const last = new Map<string, { rate: number; mmr: Mmr; free: number; matches: number; wins: number }>();
    const settledOrder = [...sim.matches].sort((a, b) => a.settled_at - b.settled_at || a.id - b.id);
    for (const m of settledOrder) {
      for (const p of m.players) {
        const before = last.get(p.user_id);
        if (before) {
          expect(p.rate_before).toBe(before.rate);
          expect(p.mmr_before).toEqual(before.mmr);
          expect(m.matched_at).toBeGreaterThanOrEqual(before.free);
        } else {
          expect(p.mmr_before).toEqual({ mu: p.rate_before, sigma: DEFAULT_RATING_CONFIG.mmr.initialSigma });
        }
      }
      const side = (team: 'A' | 'B') =>
        m.players
          .filter((p) => p.team === team)
          .map((p) => ({ user_id: p.user_id, rate: p.rate_before, mmr: p.mmr_before }));
      const changes = new Map(
        rateMatch({ teamA: side('A'), teamB: side('B'), winner: m.winner }).map((c) => [c.user_id, c]),
      );
      for (const p of m.players) {
        expect(p.rate_after).toBe(changes.get(p.user_id)?.after);
        expect(p.rate_after - p.rate_before).toBe(p.rate_delta);
        expect(p.mmr_after).toEqual(changes.get(p.user_id)?.mmr_after);
        if (m.winner === null) expect(p.rate_delta).toBe(0);
        else expect(Math.sign(p.rate_delta)).toBe(p.team === m.winner ? 1 : -1);
        const before = last.get(p.user_id);
        const rated = m.winner !== null ? 1 : 0;
        last.set(p.user_id, {
          rate: p.rate_after,
          mmr: p.mmr_after,
          free: m.settled_at,
          matches: (before?.matches ?? 0) + rated,
          wins: (before?.wins ?? 0) + (m.winner === p.team ? 1 : 0),
        });
      }
      // The wave matched the players on their MMR (rounded): the match's rating spread is theirs.
      const mus = m.players.map((p) => Math.round(p.mmr_before.mu));
      expect(m.rating_spread).toBe(Math.max(...mus) - Math.min(...mus));
    }
    for (const [id, s] of sim.stats) {
      expect(s.rate).toBe(last.get(id)?.rate);
      expect(s.match_count).toBe(last.get(id)?.matches);
      expect(s.win_count).toBe(last.get(id)?.wins);
      expect(s.max_rate).toBeGreaterThanOrEqual(s.rate);
      expect(sim.mmr.get(id)).toEqual({ ...last.get(id)?.mmr, season_id: 's' });
    }
  });

  it('carries the MMR into the next season (σ widened at the first match) while the rate starts again', () => {
    const meta = seasonMeta(11, 's');
    const players = simulatePopulation({ seed: 11, accounts: accounts(40), meta });
    const next = simulateSeason({
      seed: 11,
      season_id: 's2',
      start: START + 14 * DAY,
      stop_waves: START + 17 * DAY,
      players,
      meta,
      mmr: sim.mmr,
    });
    const first = new Map<string, SeasonSimulation['matches'][number]['players'][number]>();
    for (const m of [...next.matches].sort((a, b) => a.settled_at - b.settled_at || a.id - b.id)) {
      for (const p of m.players) if (!first.has(p.user_id)) first.set(p.user_id, p);
    }
    expect(first.size).toBeGreaterThan(10);
    for (const [id, p] of first) {
      const carried = sim.mmr.get(id);
      if (!carried) continue;
      expect(p.mmr_before).toEqual(mmrForSeason(carried, p.rate_before, 's2', DEFAULT_RATING_CONFIG.mmr));
      expect(p.mmr_before.sigma).toBeGreaterThan(carried.sigma);
      expect(p.rate_before).toBe(players.find((q) => q.user_id === id)?.start_rate);
    }
  });

  it("plays today's rule when asked (legacy_elo): Elo against team averages, the MMR untouched", () => {
    const meta = seasonMeta(11, 's');
    const players = simulatePopulation({ seed: 11, accounts: accounts(40), meta });
    const old = simulateSeason({
      seed: 11,
      season_id: 's',
      start: START,
      stop_waves: START + 3 * DAY,
      players,
      meta,
      legacy_elo: true,
    });
    expect(old.matches.length).toBeGreaterThan(5);
    expect(old.mmr.size).toBe(0);
    for (const m of old.matches.filter((x) => x.winner !== null)) {
      const side = (team: 'A' | 'B') =>
        m.players.filter((p) => p.team === team).map((p) => ({ user_id: p.user_id, rate: p.rate_before }));
      const changes = rateMatchElo({ teamA: side('A'), teamB: side('B'), winner: m.winner });
      expect(m.players.map((p) => p.rate_delta)).toEqual(changes.map((c) => c.delta));
    }
  });

  it('reports what was played: picks differ from the bans, three bans per team, liars and invalid matches', () => {
    let bans = 0;
    for (const m of sim.matches) {
      const banned = new Set(m.reports.map((r) => r.banned_pokemon).filter(Boolean));
      for (const r of m.reports) {
        if (r.result === 'invalid') continue;
        expect(r.picked_pokemon).not.toBe('');
        expect(banned.has(r.picked_pokemon)).toBe(false);
      }
      bans += banned.size;
    }
    expect(bans).toBeGreaterThan(sim.matches.length);
    const reasons = new Set(sim.matches.map((m) => m.settle_reason));
    expect(reasons.has('consensus')).toBe(true);
  });

  it('stops a capped account at its cap', () => {
    const capped = run(11, 14, 'p05').sim;
    expect(capped.stats.get('p05')?.match_count).toBe(12);
  });

  it('ratings follow the hidden skill over four weeks', () => {
    const { sim: month, skill } = run(5, 28);
    const accuracy = ratingAccuracy(
      [...month.stats].map(([id, s]) => ({
        skill: skill.get(id) as number,
        rate: s.rate,
        mu: month.mmr.get(id)?.mu as number,
        start: 1500,
        matches: s.match_count,
      })),
      month.predictions,
    );
    expect(accuracy.rank_correlation).toBeGreaterThan(0.3);
    expect(accuracy.mmr_rank_correlation).toBeGreaterThan(0.3);
    expect(accuracy.start_rank_correlation).toBe(0);
    expect(accuracy.brier_truth).toBeLessThan(0.25);
  });
});

describe('rating accuracy figures', () => {
  it('computes Spearman rank correlation with ties', () => {
    expect(spearman([1, 2, 3, 4], [10, 20, 30, 40])).toBeCloseTo(1);
    expect(spearman([1, 2, 3, 4], [4, 3, 2, 1])).toBeCloseTo(-1);
    // Ranks x: 1, 2.5, 2.5, 4; y: 1, 2, 3, 4 → r = 4.5 / sqrt(4.5 * 5)
    expect(spearman([1, 2, 2, 3], [1, 2, 3, 4])).toBeCloseTo(4.5 / Math.sqrt(4.5 * 5), 10);
    expect(spearman([1], [2])).toBeNaN();
  });

  it('computes the Brier score', () => {
    expect(
      brier([
        { p: 0.5, won: true },
        { p: 0.8, won: false },
      ]),
    ).toBeCloseTo((0.25 + 0.64) / 2);
    expect(brier([])).toBeNaN();
  });
});
