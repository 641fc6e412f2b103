import { AWARD_TIER_LABELS, AWARD_TIERS, type AwardTier, type SeasonRecord } from '@rankmatch/shared';
import { BadgeChip } from '../../../components/badge-chip.tsx';
import { PROFILE_TEXTS as T } from '../texts.ts';

const isAwardTier = (tier: string): tier is AwardTier => (AWARD_TIERS as readonly string[]).includes(tier);

/** The badges a season's end handed out to the player, each with its tier (最終順位1位, 試合数…). */
export function SeasonRecordBadges({ badges }: { badges: SeasonRecord['badges'] }) {
  return (
    <div className="season-record__badges">
      <h4 className="section-label">{T.seasonBadges}</h4>
      {badges.length === 0 ? (
        <p className="muted">{T.noSeasonBadges}</p>
      ) : (
        <ul className="season-badge-list">
          {badges.map((b) => (
            <li key={`${b.tier}:${b.badge_id}`} className="season-badge">
              <BadgeChip badgeId={b.badge_id} />
              <span className="season-badge__tier">{isAwardTier(b.tier) ? AWARD_TIER_LABELS[b.tier] : b.tier}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
