import type { AuditEntry } from '@rankmatch/shared';
import { formatDateTime } from '../../../../lib/format.ts';
import { auditChange } from '../../audit-diff.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.audit;

/** The entries as a table that scrolls sideways on phones. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <div className="table-scroll">
      <table className="admin-table admin-audit__table">
        <caption className="visually-hidden">{T.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{T.columns.time}</th>
            <th scope="col">{T.columns.actor}</th>
            <th scope="col">{T.columns.action}</th>
            <th scope="col">{T.columns.target}</th>
            <th scope="col">{T.columns.change}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id}>
              <td className="admin-audit__time">{formatDateTime(e.created_at)}</td>
              <td>
                {e.actor_name ?? ADMIN_TEXTS.dash}
                <br />
                <small className="admin-mono muted">{e.actor_id}</small>
              </td>
              <td className="admin-mono">{e.action}</td>
              <td>
                <small className="muted">{e.target_type}</small>
                <br />
                <span className="admin-mono">{e.target_id}</span>
              </td>
              <td>
                <AuditChangeCell before={e.before} after={e.after} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function AuditChangeCell({ before, after }: { before: unknown; after: unknown }) {
  const change = auditChange(before, after);
  if (change.kind === 'created') return <ChangeLine label={T.created} value={change.value} />;
  if (change.kind === 'removed') return <ChangeLine label={T.removed} value={change.value} />;
  if (change.kind === 'replaced')
    return <code className="admin-audit__json">{`${change.before} → ${change.after}`}</code>;
  if (change.changes.length === 0) return <span className="muted">{T.noChange}</span>;
  return (
    <ul className="admin-audit__changes">
      {change.changes.map((c) => (
        <li key={c.key}>
          <code className="admin-audit__json">{`${c.key}: ${c.before} → ${c.after}`}</code>
        </li>
      ))}
    </ul>
  );
}

function ChangeLine({ label, value }: { label: string; value: string }) {
  return (
    <span>
      <span className="admin-mark">{label}</span> <code className="admin-audit__json">{value}</code>
    </span>
  );
}
