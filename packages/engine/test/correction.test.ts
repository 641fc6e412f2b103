import { describe, expect, it } from 'vitest';
import {
  correctMatch,
  type Mmr,
  rateMatch,
  refundPlayers,
  refundTargets,
  type SettledPlayer,
  shiftMmr,
} from '../src/index.ts';

// Re-rating one settled match with another result: the changes it would have given, the shift of every later rate
// and of the current MMR.

const team = (side: 'A' | 'B', rates: number[], mu: number) =>
  rates.map((rate, i) => ({ user_id: `${side}${i}`, rate, mmr: { mu: mu + 10 * i, sigma: 80 + 5 * i } }));
const A = team('A', [1500, 1520, 1540, 1560, 1580], 1550);
const B = team('B', [1490, 1510, 1530, 1550, 1570], 1480);
const mmrOf = new Map([...A, ...B].map((p) => [p.user_id, p.mmr]));

function settled(winner: 'A' | 'B' | null): SettledPlayer[] {
  return rateMatch({ teamA: A, teamB: B, winner }).map((c) => ({
    user_id: c.user_id,
    team: c.team,
    rate_after: c.after,
    rate_delta: c.delta,
    mmr: c.mmr_before,
  }));
}

const afterOf = (winner: 'A' | 'B' | null) =>
  new Map(rateMatch({ teamA: A, teamB: B, winner }).map((c) => [c.user_id, c.mmr_after]));

describe('correctMatch', () => {
  it('gives the changes a fresh settlement with the new winner would give, from the stored ratings', () => {
    const fresh = rateMatch({ teamA: A, teamB: B, winner: 'B' });
    const corrected = correctMatch(settled('A'), 'A', 'B');
    expect(corrected.map((c) => c.new_delta)).toEqual(fresh.map((c) => c.delta));
    expect(corrected.map((c) => c.before)).toEqual(fresh.map((c) => c.before));
  });

  it('shifts the rate by the difference, moves one win across and keeps the match count', () => {
    for (const c of correctMatch(settled('A'), 'A', 'B')) {
      expect(c.shift).toBe(c.new_delta - c.old_delta);
      expect(c.wins).toBe(c.user_id.startsWith('A') ? -1 : 1);
      expect(c.matches).toBe(0);
    }
  });

  it("shifts the MMR by the difference of the match's two beliefs", () => {
    const won = afterOf('A');
    const lost = afterOf('B');
    for (const c of correctMatch(settled('A'), 'A', 'B')) {
      const want = lost.get(c.user_id) as Mmr;
      const had = won.get(c.user_id) as Mmr;
      expect(c.mmr_shift.mu).toBeCloseTo(want.mu - had.mu, 10);
      expect(c.mmr_shift.sigma).toBeCloseTo(want.sigma - had.sigma, 10);
      // Winners become losers: their MMR falls, the others' rises.
      expect(Math.sign(c.mmr_shift.mu)).toBe(c.user_id.startsWith('A') ? -1 : 1);
    }
  });

  it('voiding takes the change, the win, the match and the MMR update back', () => {
    const won = afterOf('B');
    for (const c of correctMatch(settled('B'), 'B', null)) {
      expect(c.new_delta).toBe(0);
      expect(c.shift).toBe(-c.old_delta);
      expect(c.matches).toBe(-1);
      expect(c.wins).toBe(c.user_id.startsWith('B') ? -1 : 0);
      const before = mmrOf.get(c.user_id) as Mmr;
      const after = won.get(c.user_id) as Mmr;
      expect(shiftMmr(after, c.mmr_shift).mu).toBeCloseTo(before.mu, 10);
      expect(shiftMmr(after, c.mmr_shift).sigma).toBeCloseTo(before.sigma, 10);
    }
  });

  it('a void match given a result counts once and applies its update', () => {
    const won = afterOf('A');
    for (const c of correctMatch(settled(null), null, 'A')) {
      expect(c.old_delta).toBe(0);
      expect(c.matches).toBe(1);
      expect(c.wins).toBe(c.user_id.startsWith('A') ? 1 : 0);
      const before = mmrOf.get(c.user_id) as Mmr;
      expect(before.mu + c.mmr_shift.mu).toBeCloseTo((won.get(c.user_id) as Mmr).mu, 10);
    }
  });

  it('an even match of ten newcomers reversed moves each rate by 20', () => {
    const newcomers: SettledPlayer[] = ['A', 'B'].flatMap((side) =>
      Array.from({ length: 5 }, (_, i) => ({
        user_id: `${side}${i}`,
        team: side as 'A' | 'B',
        rate_after: side === 'A' ? 1510 : 1490,
        rate_delta: side === 'A' ? 10 : -10,
        mmr: { mu: 1500, sigma: 110 },
      })),
    );
    expect(new Set(correctMatch(newcomers, 'A', 'B').map((c) => Math.abs(c.shift)))).toEqual(new Set([20]));
  });
});

describe('refunds', () => {
  const refunded = (winner: 'A' | 'B', ids: string[]) =>
    settled(winner).map((p) =>
      ids.includes(p.user_id) ? { ...p, rate_after: p.rate_after - p.rate_delta, rate_delta: 0, refunded: true } : p,
    );

  it("takes back exactly the chosen players' change, win and MMR update, as a void match would", () => {
    const lost = afterOf('B');
    const changes = refundPlayers(settled('B'), 'B', ['A1', 'A2']);
    expect(changes.map((c) => c.user_id)).toEqual(['A1', 'A2']);
    for (const c of changes) {
      expect(c.old_delta).toBeLessThan(0);
      expect(c).toMatchObject({ new_delta: 0, shift: -c.old_delta, matches: -1, wins: 0 });
      const after = lost.get(c.user_id) as Mmr;
      expect(shiftMmr(after, c.mmr_shift).mu).toBeCloseTo((mmrOf.get(c.user_id) as Mmr).mu, 10);
      expect(shiftMmr(after, c.mmr_shift).sigma).toBeCloseTo((mmrOf.get(c.user_id) as Mmr).sigma, 10);
    }
    // A player refunded already is left out: a second refund changes nothing.
    expect(refundPlayers(refunded('B', ['A1']), 'B', ['A1'])).toEqual([]);
  });

  it('a later correction keeps a refund and re-rates everyone else as before', () => {
    const plain = new Map(correctMatch(settled('B'), 'B', 'A').map((c) => [c.user_id, c]));
    for (const c of correctMatch(refunded('B', ['A1']), 'B', 'A')) {
      if (c.user_id === 'A1') {
        expect(c).toMatchObject({ new_delta: 0, old_delta: 0, shift: 0, wins: 0, matches: 0 });
        expect(c.mmr_shift).toEqual({ mu: 0, sigma: 0 });
      } else {
        expect(c).toEqual(plain.get(c.user_id));
      }
    }
  });

  it("is for the leaver's team-mates who lost rate, not the leaver, the excluded or the refunded", () => {
    const players = settled('B').map((p) => ({ ...p, refunded: p.user_id === 'A4' }));
    expect(refundTargets(players, 'A0', ['A3'])).toEqual(['A1', 'A2']);
    // The leaver's team won: nobody lost anything to them.
    expect(refundTargets(players, 'B0')).toEqual([]);
    expect(refundTargets(players, 'nobody')).toEqual([]);
  });
});
