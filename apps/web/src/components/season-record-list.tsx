import { AWARD_TIER_LABELS, type SeasonRecord } from '@rankmatch/shared';
import { formatInteger } from '../lib/format.ts';
import { BadgeChip } from './badge-chip.tsx';
import { SeasonFigures } from './season-stat-grid.tsx';
import { Stat } from './stat.tsx';
import './season-record-list.css';

const T = {
  finalRank: '最終順位',
  rankValue: (rank: number | null) => (rank === null ? 'ランク外' : `${rank}位`),
  finalRate: '最終レート',
  seasonBadges: '獲得バッジ',
  noSeasonBadges: 'このシーズンに獲得したバッジはありません',
} as const;

/**
 * Finished seasons, in the order given (the server sends the newest first): final rank (or ランク外) and numbers,
 * and the badges each season's end handed out, with their tier. On player pages and in my page's 過去シーズン.
 */
export function SeasonRecordList({ records }: { records: readonly SeasonRecord[] }) {
  return (
    <ul className="season-records">
      {records.map((r) => (
        <li key={r.season_id} className="season-record">
          <h3 className="season-record__name">{r.season_name}</h3>
          <dl className="stat-grid stat-grid--compact">
            <Stat highlight label={T.finalRank}>
              {T.rankValue(r.final_rank)}
            </Stat>
            <Stat label={T.finalRate}>{formatInteger(r.final_rate)}</Stat>
            <SeasonFigures maxRate={r.max_rate} matches={r.total_matches} wins={r.wins} winRate={r.win_rate} />
          </dl>
          <div className="season-record__badges">
            <h4 className="section-label">{T.seasonBadges}</h4>
            {r.badges.length === 0 ? (
              <p className="muted">{T.noSeasonBadges}</p>
            ) : (
              <ul className="season-badge-list">
                {r.badges.map((b) => (
                  <li key={`${b.tier}:${b.badge_id}`} className="season-badge">
                    <BadgeChip badgeId={b.badge_id} />
                    <span className="season-badge__tier">{AWARD_TIER_LABELS[b.tier]}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
