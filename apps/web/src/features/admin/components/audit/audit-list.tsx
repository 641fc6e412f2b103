import type { AuditEntry } from '@rankmatch/shared';
import { formatDateTime } from '../../../../lib/format.ts';
import { type AuditLine, auditChange } from '../../audit-diff.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.audit;

/**
 * The entries as a list of cards (no table: at 390 px every part stays on screen): when (Japan time), what (the
 * action in Japanese) to which target, by whom, then one line per changed field, before → after.
 */
export function AuditList({ entries }: { entries: AuditEntry[] }) {
  return (
    <ol className="admin-audit__list" aria-label={T.caption}>
      {entries.map((e) => {
        const action = T.actionLabels[e.action] ?? e.action;
        const titleId = `audit-entry-${e.id}`;
        return (
          <li key={e.id} className="admin-audit__entry" aria-labelledby={titleId}>
            <p className="admin-audit__head">
              <time className="admin-audit__time" dateTime={new Date(e.created_at * 1000).toISOString()}>
                {formatDateTime(e.created_at)}
              </time>
              <span className="visually-hidden">（{T.timeZone}）</span>
              <strong id={titleId} className="admin-audit__action">
                {action}
              </strong>
              <span className="admin-audit__target">
                {/* The debug tools' queue-wide actions name the queue (target id "queue"), not a row. */}
                {e.target_type === 'system' ? (
                  <span className="muted">{T.queueTarget}</span>
                ) : (
                  <>
                    <span className="muted">{T.targetTypes[e.target_type] ?? e.target_type}</span>{' '}
                    <span className="admin-mono">{e.target_id}</span>
                  </>
                )}
              </span>
            </p>
            <p className="admin-audit__actor muted">
              {T.by(e.actor_name ?? ADMIN_TEXTS.dash)} <span className="admin-mono">{e.actor_id}</span>
            </p>
            <AuditChanges before={e.before} after={e.after} />
          </li>
        );
      })}
    </ol>
  );
}

function AuditChanges({ before, after }: { before: unknown; after: unknown }) {
  const change = auditChange(before, after);
  if (change.kind === 'replaced') {
    return <p className="admin-audit__value">{`${change.before} → ${change.after}`}</p>;
  }
  if (change.lines.length === 0) return <p className="muted">{T.noChange}</p>;
  const mark = change.kind === 'created' ? T.created : change.kind === 'removed' ? T.removed : null;
  return (
    <div className="admin-audit__changes">
      {mark && <span className="admin-mark">{mark}</span>}
      <dl>
        {change.lines.map((line) => (
          <div key={line.key} className="admin-audit__line">
            <dt>{line.label}</dt>
            <dd className="admin-audit__value">{valueText(line)}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

const valueText = (line: AuditLine) =>
  line.before !== null && line.after !== null ? `${line.before} → ${line.after}` : (line.after ?? line.before ?? '');
