import {
  type AdminMatchDetail,
  getCharacter,
  MATCH_SIZE,
  MATCH_STATUS_LABELS,
  MATCH_STATUSES,
  REPORT_RESULTS,
  type ReportResult,
} from '@rankmatch/shared';
import { useState } from 'react';
import { Notice } from '../../../../components/notice.tsx';
import { useReportAs } from '../../api/report-as.ts';
import { statusErrorText } from '../../errors.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { StepCard } from './step-card.tsx';

const T = ADMIN_TEXTS.matchTest;

interface Row {
  result: ReportResult;
  /** The player blamed when the result is invalid. */
  culprit: string;
  state: 'idle' | 'sending' | 'sent' | 'error';
  note: string;
}

const statusLabel = (status: string) =>
  (MATCH_STATUSES as readonly string[]).includes(status)
    ? MATCH_STATUS_LABELS[status as (typeof MATCH_STATUSES)[number]]
    : status;

/** Everyone reports a team A win by default; an invalid report blames the first other player unless changed. */
function initialRows(userIds: string[]): Record<string, Row> {
  const rows: Record<string, Row> = {};
  for (const id of userIds) {
    rows[id] = { result: 'A-win', culprit: userIds.find((other) => other !== id) ?? '', state: 'idle', note: '' };
  }
  return rows;
}

/** Step 4: a result for each player, sent one by one or all at once, with the match's count and status. */
export function ReportStep({ match }: { match: AdminMatchDetail }) {
  const players = [...match.team_a.players, ...match.team_b.players];
  const report = useReportAs();
  const [rows, setRows] = useState(() => initialRows(players.map((p) => p.user_id)));
  const [progress, setProgress] = useState({ count: match.report_count, status: match.status as string });
  const [sendingAll, setSendingAll] = useState(false);

  const patch = (userId: string, change: Partial<Row>) =>
    setRows((prev) => {
      const row = prev[userId];
      return row ? { ...prev, [userId]: { ...row, ...change } } : prev;
    });

  const send = async (userId: string, row: Row) => {
    patch(userId, { state: 'sending', note: '' });
    try {
      const reply = await report.mutateAsync({
        matchId: match.match_id,
        userId,
        result: row.result,
        violationReport: row.result === 'invalid' ? row.culprit : '',
      });
      const pokemon = getCharacter(reply.report.picked_pokemon)?.name_ja ?? reply.report.picked_pokemon;
      patch(userId, { state: 'sent', note: T.sent(pokemon) });
      setProgress({ count: reply.report_count, status: reply.status });
    } catch (error) {
      patch(userId, { state: 'error', note: `${T.reportFailed}: ${statusErrorText(error as Error)}` });
    }
  };

  const sendAll = async () => {
    setSendingAll(true);
    for (const p of players) {
      const row = rows[p.user_id];
      if (row) await send(p.user_id, row);
    }
    setSendingAll(false);
  };

  const nameOf = (userId: string) => players.find((p) => p.user_id === userId)?.trainer_name ?? userId;

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
          const name = nameOf(p.user_id);
          return (
            <li key={p.user_id} className="match-test__report">
              <span className="match-test__name">{name}</span>
              <select
                className="input match-test__select"
                aria-label={T.resultLabel(name)}
                value={row.result}
                onChange={(e) => patch(p.user_id, { result: e.target.value as ReportResult })}
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
                  onChange={(e) => patch(p.user_id, { culprit: e.target.value })}
                >
                  {players
                    .filter((o) => o.user_id !== p.user_id)
                    .map((o) => (
                      <option key={o.user_id} value={o.user_id}>
                        {nameOf(o.user_id)}
                      </option>
                    ))}
                </select>
              )}
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => void send(p.user_id, row)}
                disabled={row.state === 'sending' || sendingAll}
              >
                {row.state === 'sending' ? T.sending : T.send}
              </button>
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
