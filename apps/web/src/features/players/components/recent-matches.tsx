import { type HistoryEntry, PLAYER_RECENT_MATCHES } from '@rankmatch/shared';
import { Link } from 'react-router';
import { CharacterIcon, characterName } from '../../../components/character-icon.tsx';
import { Icon } from '../../../components/icon.tsx';
import { EmptyState } from '../../../components/notice.tsx';
import { RefundMark } from '../../../components/refund-mark.tsx';
import { ResultPill, resultOf } from '../../../components/result-pill.tsx';
import { formatShortDateTime } from '../../../lib/format.ts';
import { COMMON_TEXTS } from '../../../lib/texts.ts';
import { PLAYERS_TEXTS as T } from '../texts.ts';
import { Delta, matchPath } from './page-parts.tsx';

const RESULT_LABELS = { win: T.win, lose: T.lose, invalid: T.invalid } as const;

/** The last 20 settled matches, newest first; each row opens the match summary. */
export function RecentMatches({ matches }: { matches: HistoryEntry[] }) {
  const latest = matches.slice(0, PLAYER_RECENT_MATCHES);
  return (
    <section className="card" aria-labelledby="player-matches-title">
      <header className="card__header">
        <h2 id="player-matches-title" className="card__title">
          <Icon name="controller" className="card__title-icon" />
          {T.recentTitle}
        </h2>
        {latest.length > 0 && <span className="muted card__subtitle">{T.recentCount(latest.length)}</span>}
      </header>
      {latest.length === 0 ? (
        <EmptyState icon={<Icon name="controller" size={32} />}>{T.recentEmpty}</EmptyState>
      ) : (
        <ol className="recent-matches">
          {latest.map((m) => {
            const result = resultOf(m.winlose);
            // deck_type is '' when the player sent no report.
            return (
              <li key={m.match_id}>
                <Link className={`recent-match recent-match--${result}`} to={matchPath(m.match_id)}>
                  <time className="recent-match__date" dateTime={new Date(m.started_date * 1000).toISOString()}>
                    {formatShortDateTime(m.started_date)}
                  </time>
                  <span className="recent-match__character">
                    <span aria-hidden="true">
                      <CharacterIcon pokemonId={m.deck_type} size={30} />
                    </span>
                    <span className="recent-match__name">
                      {m.deck_type ? characterName(m.deck_type) : COMMON_TEXTS.characterUnreported}
                    </span>
                  </span>
                  <ResultPill result={result} label={RESULT_LABELS[result]} />
                  {m.refunded ? <RefundMark className="players-delta" /> : <Delta value={m.rate_delta} />}
                </Link>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
