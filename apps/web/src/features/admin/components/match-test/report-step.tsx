import {
  type AdminMatchDetail,
  MATCH_SIZE,
  MATCH_STATUS_LABELS,
  MATCH_STATUSES,
  REPORT_RESULTS,
  type ReportResult,
} from '@rankmatch/shared';
import { Notice } from '../../../../components/notice.tsx';
import { COMMON_TEXTS } from '../../../../lib/texts.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { StepCard } from './step-card.tsx';
import { type ReportRow, useReportRows } from './use-report-rows.ts';

const T = ADMIN_TEXTS.matchTest;

type Player = AdminMatchDetail['team_a']['players'][number];

const statusLabel = (status: string) =>
  (MATCH_STATUSES as readonly string[]).includes(status)
    ? MATCH_STATUS_LABELS[status as (typeof MATCH_STATUSES)[number]]
    : status;

/** Step 4: a result for each player, sent one by one or all at once, with the match's count and status. */
export function ReportStep({ match }: { match: AdminMatchDetail }) {
  const players = [...match.team_a.players, ...match.team_b.players];
  const { rows, patch, send, sendAll, sendingAll, progress } = useReportRows(match, players);
  const nameOf = (userId: string) => players.find((p) => p.user_id === userId)?.trainer_name ?? userId;
  const reported = new Set(match.user_reports.map((r) => r.user_id));

  return (
    <StepCard title={T.step4}>
      <p className="match-test__progress" role="status" data-testid="match-test-progress">
        {T.progress(progress.count, MATCH_SIZE, statusLabel(progress.status))}
      </p>
      {progress.status === 'done' && (
        <Notice tone="success" live>
          <p>{T.settled}</p>
        </Notice>
      )}
      <ul className="match-test__reports">
        {players.map((p) => {
          const row = rows[p.user_id];
          if (!row) return null;
          return (
            <ReportRowItem
              key={p.user_id}
              name={nameOf(p.user_id)}
              row={row}
              reportedElsewhere={reported.has(p.user_id) && row.state !== 'sent'}
              others={players.filter((o) => o.user_id !== p.user_id)}
              nameOf={nameOf}
              sendingAll={sendingAll}
              onChange={(change) => patch(p.user_id, change)}
              onSend={() => void send(p.user_id, row)}
            />
          );
        })}
      </ul>
      <div>
        <button type="button" className="button button--primary" onClick={() => void sendAll()} disabled={sendingAll}>
          {sendingAll ? T.sending : T.sendAll}
        </button>
      </div>
    </StepCard>
  );
}

/** One player's report: the result, the culprit of an invalid one, the send button and how sending went. */
function ReportRowItem({
  name,
  row,
  reportedElsewhere,
  others,
  nameOf,
  sendingAll,
  onChange,
  onSend,
}: {
  name: string;
  row: ReportRow;
  /** The player's own report (their wizard), not this tool's. */
  reportedElsewhere: boolean;
  /** The players an invalid report may blame. */
  others: Player[];
  nameOf: (userId: string) => string;
  sendingAll: boolean;
  onChange: (change: Partial<ReportRow>) => void;
  onSend: () => void;
}) {
  return (
    <li className="match-test__report">
      <span className="match-test__name">{name}</span>
      <select
        className="input match-test__select"
        aria-label={T.resultLabel(name)}
        value={row.result}
        onChange={(e) => onChange({ result: e.target.value as ReportResult })}
      >
        {REPORT_RESULTS.map((r) => (
          <option key={r} value={r}>
            {T.results[r]}
          </option>
        ))}
      </select>
      {row.result === 'invalid' && (
        <select
          className="input match-test__select"
          aria-label={T.culpritLabel(name)}
          value={row.culprit}
          onChange={(e) => onChange({ culprit: e.target.value })}
        >
          <option value="">{COMMON_TEXTS.noCulprit}</option>
          {others.map((o) => (
            <option key={o.user_id} value={o.user_id}>
              {nameOf(o.user_id)}
            </option>
          ))}
        </select>
      )}
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={onSend}
        disabled={row.state === 'sending' || sendingAll}
      >
        {row.state === 'sending' ? T.sending : T.send}
      </button>
      {reportedElsewhere && !row.note && <span className="muted">{T.reportedByPlayer}</span>}
      {row.note && (
        <span
          className={row.state === 'error' ? 'text-danger' : 'muted'}
          role={row.state === 'error' ? 'alert' : undefined}
        >
          {row.note}
        </span>
      )}
    </li>
  );
}
