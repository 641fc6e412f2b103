import { type CaseDetail, VIOLATION_REASON_LABELS } from '@rankmatch/shared';
import { EvidenceThumb } from '../../../../components/evidence-thumb.tsx';
import { ScrollBox } from '../../../../components/scroll-box.tsx';
import { COMMON_TEXTS } from '../../../../lib/texts.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import type { NameOf } from './case-detail.tsx';

const T = ADMIN_TEXTS.cases;
const M = ADMIN_TEXTS.matches;

type Report = NonNullable<CaseDetail['match']>['reports'][number];

/** Whom a report names: a player, nobody, or for an invalid match 原因なし・わからない. */
function reportedName(r: Report, nameOf: NameOf): string {
  if (r.violation_report) return nameOf(r.violation_report);
  return r.result === 'invalid' ? COMMON_TEXTS.noCulprit : ADMIN_TEXTS.dash;
}

/** The match's reports: result, whom they named and why, the note and the screenshot (a thumbnail, full size on tap). */
export function CaseReports({ reports, nameOf }: { reports: Report[]; nameOf: NameOf }) {
  let shots = 0;
  return (
    <section aria-labelledby="admin-case-reports">
      <h3 id="admin-case-reports" className="admin-match__heading">
        {T.reportsTitle(reports.length)}
      </h3>
      {reports.length === 0 ? (
        <p className="muted">{T.noReports}</p>
      ) : (
        <ScrollBox className="table-scroll" label={T.reportsTable} contentKey={reports.length}>
          <table className="admin-table admin-case-reports">
            <thead>
              <tr>
                <th scope="col">{T.reportColumns.reporter}</th>
                <th scope="col">{T.reportColumns.result}</th>
                <th scope="col">{T.reportColumns.reported}</th>
                <th scope="col">{T.reportColumns.reason}</th>
                <th scope="col">{T.reportColumns.note}</th>
                <th scope="col">{T.reportColumns.evidence}</th>
              </tr>
            </thead>
            <tbody>
              {reports.map((r) => (
                <tr key={r.user_id}>
                  <td>
                    {r.trainer_name ?? r.user_id}
                    <small className="muted">（{M.teamTitle(r.team)}）</small>
                  </td>
                  <td>{ADMIN_TEXTS.audit.results[r.result] ?? r.result}</td>
                  <td>{reportedName(r, nameOf)}</td>
                  <td>{r.violation_reason ? VIOLATION_REASON_LABELS[r.violation_reason] : ADMIN_TEXTS.dash}</td>
                  <td className="admin-case-reports__note">{r.violation_note || ADMIN_TEXTS.dash}</td>
                  <td>
                    {r.evidence_id === null ? (
                      ADMIN_TEXTS.dash
                    ) : (
                      <EvidenceThumb evidenceId={r.evidence_id} number={++shots} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}
