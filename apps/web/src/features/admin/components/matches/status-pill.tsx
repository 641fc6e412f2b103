import { MATCH_STATUS_LABELS, type MatchStatus } from '@rankmatch/shared';

/** The match status as a coloured pill (進行中 / 集計済み). */
export function StatusPill({ status }: { status: MatchStatus }) {
  return <span className={`admin-status admin-status--${status}`}>{MATCH_STATUS_LABELS[status]}</span>;
}
