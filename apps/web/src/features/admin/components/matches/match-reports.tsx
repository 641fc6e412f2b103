import type { AdminMatchDetail } from '@rankmatch/shared';
import { formatDateTime } from '../../../../lib/format.ts';
import { COMMON_TEXTS } from '../../../../lib/texts.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.matches;

type NameOf = (userId: string) => string;

/** Each report, the violation totals per reported player with their reporters, and the penalty processing status. */
export function MatchReports({ match, nameOf, total }: { match: AdminMatchDetail; nameOf: NameOf; total: number }) {
  const { processed, penalty_players } = match.penalty_status;
  return (
    <>
      <ReportsSection match={match} nameOf={nameOf} total={total} />
      <ViolationsSection summary={match.penalty_summary} nameOf={nameOf} />
      <section aria-labelledby="admin-match-penalty">
        <h3 id="admin-match-penalty" className="admin-match__heading">
          {T.penaltyTitle}
        </h3>
        <p>
          <span className={`admin-mark ${processed ? 'admin-mark--success' : ''}`}>
            {processed ? T.penaltyProcessed : T.penaltyPending}
          </span>{' '}
          {penalty_players.length > 0 ? T.penaltyPlayers(penalty_players.map(nameOf).join('、')) : T.penaltyNobody}
        </p>
      </section>
    </>
  );
}

/** The reports so far: who reported what, for which team, when, and whom they reported. */
function ReportsSection({ match, nameOf, total }: { match: AdminMatchDetail; nameOf: NameOf; total: number }) {
  return (
    <section aria-labelledby="admin-match-reports">
      <h3 id="admin-match-reports" className="admin-match__heading">
        {T.reportsTitle(match.report_count, total)}
      </h3>
      {match.user_reports.length === 0 ? (
        <p className="muted">{T.noReports}</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{T.reportColumns.reporter}</th>
                <th scope="col">{T.reportColumns.outcome}</th>
                <th scope="col">{T.reportColumns.team}</th>
                <th scope="col">{T.reportColumns.time}</th>
                <th scope="col">{T.reportColumns.reported}</th>
              </tr>
            </thead>
            <tbody>
              {match.user_reports.map((r) => (
                <tr key={r.user_id}>
                  <td>{r.trainer_name ?? r.user_id}</td>
                  <td>
                    <span className={`admin-outcome admin-outcome--${r.outcome}`}>{T.outcomes[r.outcome]}</span>
                  </td>
                  <td>{T.teamTitle(r.team)}</td>
                  <td>{formatDateTime(r.reported_at)}</td>
                  <td>{reportedName(r, nameOf)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Whom a report names: a player, nobody (a dash), or for an invalid match 原因なし・わからない. */
function reportedName(r: AdminMatchDetail['user_reports'][number], nameOf: NameOf): string {
  if (r.violation_report) return nameOf(r.violation_report);
  return r.outcome === 'invalid' ? COMMON_TEXTS.noCulprit : ADMIN_TEXTS.dash;
}

/** Per reported player: how many reported them, who, and whether they were penalised. */
function ViolationsSection({ summary, nameOf }: { summary: AdminMatchDetail['penalty_summary']; nameOf: NameOf }) {
  return (
    <section aria-labelledby="admin-match-violations">
      <h3 id="admin-match-violations" className="admin-match__heading">
        {T.violationsTitle}
      </h3>
      {summary.length === 0 ? (
        <p className="muted">{T.noViolations}</p>
      ) : (
        <div className="table-scroll">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">{T.violationColumns.player}</th>
                <th scope="col">{T.violationColumns.count}</th>
                <th scope="col">{T.violationColumns.reporters}</th>
                <th scope="col">{T.violationColumns.penalised}</th>
              </tr>
            </thead>
            <tbody>
              {summary.map((s) => (
                <tr key={s.user_id}>
                  <td>
                    {s.trainer_name ?? s.user_id}（{T.teamTitle(s.team)}）
                  </td>
                  <td>{s.report_count}</td>
                  <td>{s.reporters.map(nameOf).join('、')}</td>
                  <td>{s.penalised ? T.penalisedYes : T.penalisedNo}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
