import { describe, expect, it } from 'vitest';
import { correctMatch, rateMatch, type SettledPlayer } from '../src/index.ts';

// Re-rating one settled match with another result: the changes it would have given, the shift of every later rate.

const team = (side: 'A' | 'B', rates: number[]) => rates.map((rate, i) => ({ user_id: `${side}${i}`, rate }));
const A = team('A', [1500, 1520, 1540, 1560, 1580]);
const B = team('B', [1490, 1510, 1530, 1550, 1570]);

function settled(winner: 'A' | 'B' | null): SettledPlayer[] {
  return rateMatch({ teamA: A, teamB: B, winner }).map((c) => ({
    user_id: c.user_id,
    team: c.team,
    rate_after: c.after,
    rate_delta: c.delta,
  }));
}

describe('correctMatch', () => {
  it('gives the changes a fresh settlement with the new winner would give', () => {
    const fresh = rateMatch({ teamA: A, teamB: B, winner: 'B' });
    const corrected = correctMatch(settled('A'), 'A', 'B');
    expect(corrected.map((c) => c.new_delta)).toEqual(fresh.map((c) => c.delta));
    expect(corrected.map((c) => c.before)).toEqual(fresh.map((c) => c.before));
  });

  it('shifts by the difference, moves one win across and keeps the match count', () => {
    for (const c of correctMatch(settled('A'), 'A', 'B')) {
      expect(c.shift).toBe(c.new_delta - c.old_delta);
      expect(c.wins).toBe(c.user_id.startsWith('A') ? -1 : 1);
      expect(c.matches).toBe(0);
    }
  });

  it('voiding takes the change, the win and the match back', () => {
    for (const c of correctMatch(settled('B'), 'B', null)) {
      expect(c.new_delta).toBe(0);
      expect(c.shift).toBe(-c.old_delta);
      expect(c.matches).toBe(-1);
      expect(c.wins).toBe(c.user_id.startsWith('B') ? -1 : 0);
    }
  });

  it('a void match given a result counts once', () => {
    for (const c of correctMatch(settled(null), null, 'A')) {
      expect(c.old_delta).toBe(0);
      expect(c.matches).toBe(1);
      expect(c.wins).toBe(c.user_id.startsWith('A') ? 1 : 0);
    }
  });

  it('an even 1500 match reversed moves each rate by 40', () => {
    const even = [...team('A', [1500, 1500, 1500, 1500, 1500]), ...team('B', [1500, 1500, 1500, 1500, 1500])];
    const players: SettledPlayer[] = even.map((p) => ({
      user_id: p.user_id,
      team: p.user_id.startsWith('A') ? 'A' : 'B',
      rate_after: p.user_id.startsWith('A') ? 1520 : 1480,
      rate_delta: p.user_id.startsWith('A') ? 20 : -20,
    }));
    expect(new Set(correctMatch(players, 'A', 'B').map((c) => Math.abs(c.shift)))).toEqual(new Set([40]));
  });
});
