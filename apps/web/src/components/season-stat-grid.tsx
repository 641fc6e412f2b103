import type { ReactNode } from 'react';
import { formatInteger, formatPercent } from '../lib/format.ts';
import { ProvisionalMark } from './provisional-mark.tsx';

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

/** A player's numbers in the active season (current rate highlighted, 暫定 while provisional), as on my page and on
 * player pages; `children` adds more stats to the same grid. */
export function SeasonStatGrid({ numbers, children }: { numbers: SeasonNumbersOf; children?: ReactNode }) {
  return (
    <dl className="stat-grid stat-grid--compact">
      <div className="stat stat--highlight">
        <dt>
          {T.currentRate}
          <ProvisionalMark matchCount={numbers.match_count} />
        </dt>
        <dd>{formatInteger(numbers.rate)}</dd>
      </div>
      <div className="stat">
        <dt>{T.maxRate}</dt>
        <dd>{formatInteger(numbers.max_rate)}</dd>
      </div>
      <div className="stat">
        <dt>{T.totalMatches}</dt>
        <dd>{formatInteger(numbers.match_count)}</dd>
      </div>
      <div className="stat">
        <dt>{T.wins}</dt>
        <dd>{formatInteger(numbers.win_count)}</dd>
      </div>
      <div className="stat">
        <dt>{T.winRate}</dt>
        <dd>{formatPercent(numbers.win_rate)}</dd>
      </div>
      {children}
    </dl>
  );
}
