import { type Suspension, suspensionNotice } from '@rankmatch/shared';
import { COMMON_TEXTS as T } from '../lib/texts.ts';
import { useNow } from '../lib/use-now.ts';
import { Icon } from './icon.tsx';
import './suspension-notice.css';

/**
 * 「マッチング停止中：4月1日 09:05まで」 and why, while a matching suspension is in force (the queue panel, in place of
 * the join button, and my page). A suspension that ended since the profile was read shows nothing (checked every
 * 30 s: the end is given to the minute).
 */
export function SuspensionNotice({ suspension }: { suspension: Suspension | null }) {
  const now = useNow(30_000);
  if (!suspension || suspension.ends_at <= now) return null;
  return (
    <div className="notice notice--warning suspension-notice" data-testid="suspension-notice">
      <p className="notice__title">
        <Icon name="lock" size={16} />
        <span>{suspensionNotice(suspension.ends_at)}</span>
      </p>
      <div className="notice__body">
        {suspension.reason && <p className="suspension-notice__reason">{T.suspensionReason(suspension.reason)}</p>}
        <p>{T.suspensionNote}</p>
      </div>
    </div>
  );
}
