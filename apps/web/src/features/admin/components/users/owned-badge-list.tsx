import {
  type AdminUserDetail,
  BADGE_SOURCE_LABELS,
  BADGE_SOURCES,
  type BadgeSource,
  getBadge,
} from '@rankmatch/shared';
import { BadgeChip } from '../../../../components/badge-chip.tsx';
import { formatLongDate } from '../../../../lib/format.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.users;

const isSource = (source: string): source is BadgeSource => (BADGE_SOURCES as readonly string[]).includes(source);
const sourceLabel = (source: string) => (isSource(source) ? BADGE_SOURCE_LABELS[source] : source);

/** The owned badges with how and when each was acquired (owned_badge_records). */
export function OwnedBadgeList({ user }: { user: AdminUserDetail }) {
  if (user.owned_badges.length === 0) return <p className="muted">{T.noOwned}</p>;
  const records = new Map(user.owned_badge_records.map((r) => [r.badge_id, r]));
  return (
    <ul className="admin-owned">
      {user.owned_badges.map((id) => {
        const record = records.get(id);
        return (
          <li key={id} className="admin-owned__item">
            <BadgeChip badgeId={id} />
            <span className="admin-owned__name">{getBadge(id)?.display ?? T.unknownBadge(id)}</span>
            {record && (
              <small className="muted">
                {T.acquired(sourceLabel(record.source), formatLongDate(record.acquired_at))}
              </small>
            )}
          </li>
        );
      })}
    </ul>
  );
}
