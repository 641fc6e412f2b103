import type { RankingEntry } from '@rankmatch/shared';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { BadgePair } from '../../../components/badge-chip.tsx';
import { Icon } from '../../../components/icon.tsx';
import { EmptyState, ErrorState } from '../../../components/notice.tsx';
import { ProvisionalMark } from '../../../components/provisional-mark.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { useActiveSeason } from '../../../lib/active-season.ts';
import { useSession } from '../../../lib/auth/session.ts';
import { formatDateTime, formatInteger, formatLongDate, formatPercent } from '../../../lib/format.ts';
import { useRanking } from '../api/get-ranking.ts';
import { RANKING_TEXTS as T } from '../texts.ts';
import './ranking.css';

/**
 * An empty ranking says why: outside the season (the banner's シーズン期間外, with the next start), or no data yet.
 */
function EmptyRanking() {
  const season = useActiveSeason().data;
  if (!season || season.is_season_active) {
    return <EmptyState icon={<Icon name="flag" size={32} />}>{T.empty}</EmptyState>;
  }
  const next = season.next_season;
  return (
    <>
      <EmptyState icon={<Icon name="calendar" size={32} />}>{T.emptyOffSeason}</EmptyState>
      {next && <p className="muted ranking__empty-note">{T.emptyStarts(next.name, formatLongDate(next.start_date))}</p>}
    </>
  );
}

/** The ranking tab: a table on wide screens, card rows on phones (below ~600 px, in CSS). */
export function RankingTab() {
  const ranking = useRanking();
  const me = useSession()?.user.user_id ?? null;
  return (
    <section className="card ranking" aria-labelledby="ranking-title">
      <header className="ranking__header">
        <div>
          <h2 id="ranking-title" className="card__title">
            <Icon name="trophy" className="card__title-icon" />
            {T.title}
          </h2>
          <p className="ranking__subtitle muted">{T.subtitle}</p>
        </div>
        {ranking.data && (
          <p className="ranking__updated muted">
            {ranking.data.updated_at ? T.updatedAt(formatDateTime(ranking.data.updated_at)) : T.notUpdated}
          </p>
        )}
      </header>
      {ranking.isPending ? (
        <Skeleton lines={8} label={T.loading} />
      ) : ranking.isError ? (
        <ErrorState message={ranking.error.message} onRetry={() => ranking.refetch()} />
      ) : ranking.data.rankings.length === 0 ? (
        <EmptyRanking />
      ) : (
        <RankingTable rows={ranking.data.rankings} me={me} />
      )}
    </section>
  );
}

const playerPath = (userId: string) => `/players/${encodeURIComponent(userId)}`;

function RankCell({ rank }: { rank: number }) {
  if (rank <= 3) {
    return (
      <span className={`medal medal--${rank}`} role="img" aria-label={T.rankLabel(rank)}>
        {rank}
      </span>
    );
  }
  return <span className="rank-number">{rank}</span>;
}

export function RankingTable({ rows, me = null }: { rows: RankingEntry[]; me?: string | null }) {
  return (
    <table className="ranking-table">
      <caption className="visually-hidden">{T.caption}</caption>
      <thead>
        <tr>
          <th scope="col">{T.rank}</th>
          <th scope="col">{T.player}</th>
          <th scope="col">{T.rate}</th>
          <th scope="col">{T.winRate}</th>
          <th scope="col">
            <span className="visually-hidden">{T.twitterColumn}</span>
            <span aria-hidden="true">{T.twitter}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <RankingRow key={row.user_id} row={row} me={row.user_id === me} />
        ))}
      </tbody>
    </table>
  );
}

/** The classes of a row: the top three and the viewer's own row stand out. */
const rowClassOf = (rank: number, me: boolean) =>
  ['ranking-row', rank <= 3 ? `ranking-row--top${rank}` : '', me ? 'ranking-row--me' : ''].filter(Boolean).join(' ');

/** One player's row: rank, avatar, name (a link to their page) and badges, rates, win rate, X account. */
function RankingRow({ row, me }: { row: RankingEntry; me: boolean }) {
  return (
    <tr className={rowClassOf(row.rank, me)}>
      <td className="ranking-table__rank">
        <RankCell rank={row.rank} />
      </td>
      <td className="ranking-table__player">
        <div className="player-cell">
          <Avatar url={row.discord_avatar_url} name={row.trainer_name || row.discord_username} size={36} />
          <div className="ranking-table__names">
            <span className="ranking-table__name-row">
              {/* The name links to the player page and, stretched over the row, makes the whole row a link.
                  Players without a trainer name have no page (the server answers 404): plain text for them. */}
              {row.trainer_name.trim() ? (
                <Link className="ranking-table__name ranking-table__link" to={playerPath(row.user_id)}>
                  {row.trainer_name}
                </Link>
              ) : (
                <span className="ranking-table__name">{row.discord_username}</span>
              )}
              {me && <span className="me-tag">{T.you}</span>}
            </span>
            <BadgePair first={row.current_badge} second={row.current_badge_2} />
          </div>
        </div>
      </td>
      <td className="ranking-table__rate">
        <span className="rate-max">
          <small>{T.maxRate}</small> {formatInteger(row.max_rate)}
        </span>
        <span className="rate-current">
          <small>{T.currentRate}</small> {formatInteger(row.rate)}
          <ProvisionalMark matchCount={row.match_count} />
        </span>
      </td>
      <td className="ranking-table__winrate">
        <span>{formatPercent(row.win_rate)}</span>
        <small className="muted">{T.matches(formatInteger(row.match_count))}</small>
      </td>
      <td className="ranking-table__twitter">
        {row.twitter_id && (
          <a
            className="x-link"
            href={`https://x.com/${encodeURIComponent(row.twitter_id)}`}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={T.twitterLink(row.twitter_id)}
          >
            @{row.twitter_id}
          </a>
        )}
      </td>
    </tr>
  );
}
