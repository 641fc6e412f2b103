import { type HistoryEntry, RECENT_HISTORY_SIZE } from '@rankmatch/shared';
import { CharacterIcon, characterName } from '../../../components/character-icon.tsx';
import { Icon } from '../../../components/icon.tsx';
import { EmptyState } from '../../../components/notice.tsx';
import { RefundMark } from '../../../components/refund-mark.tsx';
import { ResultPill, resultOf } from '../../../components/result-pill.tsx';
import { formatDelta, formatShortDateTime } from '../../../lib/format.ts';
import { COMMON_TEXTS } from '../../../lib/texts.ts';
import { PROFILE_TEXTS as T } from '../texts.ts';

const RESULT_LABELS = { win: T.win, lose: T.lose, invalid: T.invalid } as const;

/**
 * The latest 10 matches: date, character, the result (勝ち / 負け / 無効, the player page's words: the spec's WIN / LOSE /
 * INVALID in Japanese, issue 21) and the rate delta (+ when 0 or more), or 返還済み when an admin gave it back.
 */
export function MatchHistory({ matches }: { matches: HistoryEntry[] }) {
  const latest = matches.slice(0, RECENT_HISTORY_SIZE);
  return (
    <section className="card" aria-labelledby="history-title">
      <h2 id="history-title" className="card__title">
        {T.historyTitle}
      </h2>
      {latest.length === 0 ? (
        <EmptyState icon={<Icon name="controller" size={32} />}>{T.historyEmpty}</EmptyState>
      ) : (
        <ol className="history-list">
          {latest.map((m) => {
            const result = resultOf(m.winlose);
            return (
              <li key={m.match_id} className={`history-row history-row--${result}`}>
                <time className="history-row__date" dateTime={new Date(m.started_date * 1000).toISOString()}>
                  {formatShortDateTime(m.started_date)}
                </time>
                <span className="history-row__character">
                  <CharacterIcon pokemonId={m.deck_type} size={30} />
                  <span className="history-row__name">
                    {m.deck_type ? characterName(m.deck_type) : COMMON_TEXTS.characterUnreported}
                  </span>
                </span>
                <ResultPill result={result} label={RESULT_LABELS[result]} />
                {m.refunded ? (
                  <RefundMark className="history-row__delta" />
                ) : (
                  <span
                    className={`history-row__delta ${m.rate_delta >= 0 ? 'delta-up' : 'delta-down'}`}
                    title={T.rateDelta}
                  >
                    {formatDelta(m.rate_delta)}
                  </span>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
