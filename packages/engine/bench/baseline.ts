// Naive baseline for comparison: sort by rate, cut into tens, snake draft 1-2-2-2-2-1, roles in pick order.
import { MATCH_SIZE } from '@rankmatch/shared';
import { buildMatch } from '../src/matchmaking/match.ts';
import type { Match, WaitingEntry } from '../src/matchmaking/types.ts';

// Pick order of a snake draft over ten players sorted by rate (highest first): A B B A A B B A A B.
const SNAKE_A = [0, 3, 4, 7, 8];
const SNAKE_B = [1, 2, 5, 6, 9];
const IN_ORDER = [0, 1, 2, 3, 4];

export function naiveWave(entries: readonly WaitingEntry[], nowUnix: number): Match[] {
  const sorted = [...entries].sort((x, y) => y.rate - x.rate);
  const matches: Match[] = [];
  for (let i = 0; i + MATCH_SIZE <= sorted.length; i += MATCH_SIZE) {
    const players = sorted.slice(i, i + MATCH_SIZE);
    const top = (players[0] as WaitingEntry).rate;
    const bottom = (players[MATCH_SIZE - 1] as WaitingEntry).rate;
    matches.push(
      buildMatch(
        players,
        { teamA: SNAKE_A, teamB: SNAKE_B, rolesA: IN_ORDER, rolesB: IN_ORDER },
        top - bottom,
        nowUnix,
      ),
    );
  }
  return matches;
}
