import { Notice } from '../../../components/notice.tsx';
import { formatDelta, formatInteger } from '../../../lib/format.ts';
import type { SettledResult } from '../settled-result.ts';
import { MATCH_TEXTS as T } from '../texts.ts';
import './match.css';

/** 勝利 +12（1,580 → 1,592）. */
export function SettledResultLine({ result }: { result: SettledResult }) {
  return (
    <p className={`settled-result settled-result--${result.outcome}`}>
      {T.settledResult(
        T.outcomes[result.outcome],
        formatDelta(result.delta),
        formatInteger(result.before),
        formatInteger(result.after),
      )}
    </p>
  );
}

/** Where the player is when their match settles (the queue panel): the match, its result and the rate change. */
export function MatchSettledNotice({ matchId, result }: { matchId: string; result: SettledResult | null }) {
  return (
    <Notice tone="success" live>
      <p>{T.settledNotice(matchId)}</p>
      {result ? <SettledResultLine result={result} /> : <p>{T.settledRateElsewhere}</p>}
    </Notice>
  );
}
