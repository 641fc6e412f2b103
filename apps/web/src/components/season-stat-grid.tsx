import type { ReactNode } from 'react';
import { formatInteger, formatPercent } from '../lib/format.ts';
import { ProvisionalMark } from './provisional-mark.tsx';
import { Stat } from './stat.tsx';

const T = {
  currentRate: '現在のレート',
  maxRate: '最高レート',
  totalMatches: '試合数',
  wins: '勝利数',
  winRate: '勝率',
} as const;

export interface SeasonNumbersOf {
  rate: number;
  max_rate: number;
  match_count: number;
  win_count: number;
  win_rate: number;
}

/** The figures every season view shows after its first: highest rate, matches, wins and win rate. */
export function SeasonFigures({
  maxRate,
  matches,
  wins,
  winRate,
}: {
  maxRate: number;
  matches: number;
  wins: number;
  winRate: number;
}) {
  return (
    <>
      <Stat label={T.maxRate}>{formatInteger(maxRate)}</Stat>
      <Stat label={T.totalMatches}>{formatInteger(matches)}</Stat>
      <Stat label={T.wins}>{formatInteger(wins)}</Stat>
      <Stat label={T.winRate}>{formatPercent(winRate)}</Stat>
    </>
  );
}

/** A player's numbers in the active season (current rate highlighted, 暫定 while provisional), as on my page and on
 * player pages; `children` adds more stats to the same grid. */
export function SeasonStatGrid({ numbers, children }: { numbers: SeasonNumbersOf; children?: ReactNode }) {
  return (
    <dl className="stat-grid stat-grid--compact">
      <Stat
        highlight
        label={
          <>
            {T.currentRate}
            <ProvisionalMark matchCount={numbers.match_count} />
          </>
        }
      >
        {formatInteger(numbers.rate)}
      </Stat>
      <SeasonFigures
        maxRate={numbers.max_rate}
        matches={numbers.match_count}
        wins={numbers.win_count}
        winRate={numbers.win_rate}
      />
      {children}
    </dl>
  );
}
