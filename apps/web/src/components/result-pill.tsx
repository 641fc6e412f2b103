import './result-pill.css';

export type MatchResult = 'win' | 'lose' | 'invalid';

/** A player's result in one match, from the history's winlose code (spec §3: 1 win, 2 invalid, anything else lose). */
export function resultOf(winlose: number): MatchResult {
  if (winlose === 1) return 'win';
  if (winlose === 2) return 'invalid';
  return 'lose';
}

/** The coloured result label of a history row (each page brings its own words). */
export function ResultPill({ result, label }: { result: MatchResult; label: string }) {
  return <span className={`result-pill result-pill--${result}`}>{label}</span>;
}
