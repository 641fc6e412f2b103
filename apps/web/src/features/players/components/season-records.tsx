import { AWARD_TIER_LABELS, type SeasonRecord } from '@rankmatch/shared';
import { BadgeChip } from '../../../components/badge-chip.tsx';
import { Icon } from '../../../components/icon.tsx';
import { EmptyState } from '../../../components/notice.tsx';
import { formatInteger, formatPercent } from '../../../lib/format.ts';
import { PLAYERS_TEXTS as T } from '../texts.ts';

/** The finished seasons, newest first as the server sends them: final rank (or ランク外), numbers, badges. */
export function SeasonRecords({ records }: { records: SeasonRecord[] }) {
  return (
    <section className="card" aria-labelledby="player-records-title">
      <h2 id="player-records-title" className="card__title">
        <Icon name="calendar" className="card__title-icon" />
        {T.recordsTitle}
      </h2>
      {records.length === 0 ? (
        <EmptyState icon={<Icon name="calendar" size={32} />}>{T.recordsEmpty}</EmptyState>
      ) : (
        <ul className="player-records">
          {records.map((r) => (
            <li key={r.season_id} className="player-record">
              <h3 className="player-record__name">{r.season_name}</h3>
              <dl className="stat-grid stat-grid--compact">
                <div className="stat stat--highlight">
                  <dt>{T.finalRank}</dt>
                  <dd>{T.rankValue(r.final_rank)}</dd>
                </div>
                <div className="stat">
                  <dt>{T.finalRate}</dt>
                  <dd>{formatInteger(r.final_rate)}</dd>
                </div>
                <div className="stat">
                  <dt>{T.maxRate}</dt>
                  <dd>{formatInteger(r.max_rate)}</dd>
                </div>
                <div className="stat">
                  <dt>{T.totalMatches}</dt>
                  <dd>{formatInteger(r.total_matches)}</dd>
                </div>
                <div className="stat">
                  <dt>{T.wins}</dt>
                  <dd>{formatInteger(r.wins)}</dd>
                </div>
                <div className="stat">
                  <dt>{T.winRate}</dt>
                  <dd>{formatPercent(r.win_rate)}</dd>
                </div>
              </dl>
              <div className="player-record__badges">
                <h4 className="section-label">{T.seasonBadges}</h4>
                {r.badges.length === 0 ? (
                  <p className="muted">{T.noSeasonBadges}</p>
                ) : (
                  <ul className="player-record__badge-list">
                    {r.badges.map((b) => (
                      <li key={`${b.tier}:${b.badge_id}`}>
                        <BadgeChip badgeId={b.badge_id} />
                        <span className="muted">{AWARD_TIER_LABELS[b.tier]}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
