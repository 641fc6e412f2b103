import { isProvisional, PROVISIONAL_MATCHES } from '@rankmatch/shared';
import { useId } from 'react';
import './provisional-mark.css';

const T = {
  mark: '暫定',
  tip: (matches: number) =>
    `今シーズンはまだ${matches}戦です（${PROVISIONAL_MATCHES}戦未満）。レートは試合結果から推定した実力（内部レート）に近づいている途中のため、大きく動くことがあります。`,
} as const;

/**
 * 暫定 beside a season rate with fewer than PROVISIONAL_MATCHES rated matches (nothing otherwise). Its tooltip says
 * why, on hover and on focus (the mark is a button, so keyboards and taps reach it); it is also the mark's accessible
 * description.
 */
export function ProvisionalMark({ matchCount }: { matchCount: number }) {
  const id = useId();
  if (!isProvisional(matchCount)) return null;
  return (
    <span className="provisional-mark">
      <button type="button" className="provisional-mark__label" aria-describedby={id}>
        {T.mark}
      </button>
      <span role="tooltip" id={id} className="provisional-mark__tip">
        {T.tip(matchCount)}
      </span>
    </span>
  );
}
