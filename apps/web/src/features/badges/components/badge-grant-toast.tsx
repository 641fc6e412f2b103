import { achievementText, BADGE_SOURCE_LABELS, BADGE_SOURCES, type BadgeSource, getBadge } from '@rankmatch/shared';
import { BadgeChip } from '../../../components/badge-chip.tsx';
import { BADGE_TEXTS as T } from '../texts.ts';

export interface BadgeGrant {
  badgeId: string;
  source: string;
  achievementId: string | null;
}

const isBadgeSource = (source: string): source is BadgeSource => (BADGE_SOURCES as readonly string[]).includes(source);

/** Why the badge came: the achievement's name, else the source's label (シーズン報酬, 運営から付与…). */
function grantReason({ source, achievementId }: BadgeGrant): string {
  if (achievementId) return T.grantedByAchievement(achievementText(achievementId).name);
  return isBadgeSource(source) ? BADGE_SOURCE_LABELS[source] : source;
}

/** The body of the バッジを獲得しました toast: the badge as players see it, and why it came. */
export function BadgeGrantToast({ grant }: { grant: BadgeGrant }) {
  const known = getBadge(grant.badgeId) !== undefined;
  return (
    <>
      <p>{known ? <BadgeChip badgeId={grant.badgeId} /> : grant.badgeId}</p>
      <p>{grantReason(grant)}</p>
      <p className="muted">{T.grantedHint}</p>
    </>
  );
}
