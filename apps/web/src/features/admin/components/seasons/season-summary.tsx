import { type AdminSeason, AWARD_TIER_LABELS, AWARD_TIERS } from '@rankmatch/shared';
import { formatInteger } from '../../../../lib/format.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.seasons.summary;

/** What an ended season's end counted: players, ranked players and the badges granted per tier. */
export function SeasonSummary({ summary }: { summary: NonNullable<AdminSeason['summary']> }) {
  const granted = AWARD_TIERS.flatMap((tier) => {
    const count = summary.awards[tier];
    return count ? [{ tier, count }] : [];
  });
  return (
    <dl className="admin-season__summary">
      <div>
        <dt>{T.players}</dt>
        <dd>{T.people(formatInteger(summary.players))}</dd>
      </div>
      <div>
        <dt>{T.ranked}</dt>
        <dd>{T.people(formatInteger(summary.ranked))}</dd>
      </div>
      <div className="admin-season__granted">
        <dt>{T.awards}</dt>
        <dd>
          {granted.length === 0 ? (
            T.noAwards
          ) : (
            <ul>
              {granted.map(({ tier, count }) => (
                <li key={tier}>
                  {AWARD_TIER_LABELS[tier]} {T.awardCount(formatInteger(count))}
                </li>
              ))}
            </ul>
          )}
        </dd>
      </div>
    </dl>
  );
}
