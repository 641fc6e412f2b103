import {
  CASE_KIND_LABELS,
  type CaseDetail as CaseDetailData,
  DISPUTE_REASON_LABELS,
  DISPUTE_STATUS_LABELS,
} from '@rankmatch/shared';
import { Link } from 'react-router';
import { EvidenceThumb } from '../../../../components/evidence-thumb.tsx';
import { ScrollBox } from '../../../../components/scroll-box.tsx';
import { formatDateTime } from '../../../../lib/format.ts';
import { recordLine } from '../../case-format.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { Fact, Facts } from '../facts.tsx';
import { CaseActionForm } from './case-action-form.tsx';
import { adminUserHref, CaseTargets } from './case-list.tsx';
import { CaseReports } from './case-reports.tsx';

const T = ADMIN_TEXTS.cases;
const M = ADMIN_TEXTS.matches;

type Match = NonNullable<CaseDetailData['match']>;
export type NameOf = (userId: string) => string;

/** user_id → trainer name (the id when unknown), from the case's players and reporters. */
function namesOf(detail: CaseDetailData): NameOf {
  const names = new Map<string, string>();
  for (const r of detail.match?.reports ?? []) if (r.trainer_name) names.set(r.user_id, r.trainer_name);
  for (const p of detail.players) if (p.trainer_name) names.set(p.user_id, p.trainer_name);
  return (userId) => names.get(userId) ?? userId;
}

/** A case: what raised it, the match with its reports and disputes, each player's record, and the actions. */
export function CaseDetail({ detail }: { detail: CaseDetailData }) {
  const { case: c, match } = detail;
  const nameOf = namesOf(detail);
  return (
    <div className="admin-case-detail">
      <Facts>
        <Fact label={T.kind}>{CASE_KIND_LABELS[c.kind]}</Fact>
        <Fact label={T.status}>{c.status === 'open' ? T.statusOpen : T.statusClosed}</Fact>
        <Fact label={T.openedAt}>{formatDateTime(c.opened_at)}</Fact>
        {c.closed_at !== null && <Fact label={T.closedAt}>{formatDateTime(c.closed_at)}</Fact>}
        {c.action && <Fact label={T.action}>{T.actionLabels[c.action]}</Fact>}
        {c.closed_by && <Fact label={T.closedBy}>{c.closed_by}</Fact>}
      </Facts>
      <p className="admin-case__summary">{c.summary}</p>
      <CaseTargets summary={c} />
      {c.note && <p className="admin-case__note">{`${T.note}: ${c.note}`}</p>}
      {match && <CaseMatch match={match} nameOf={nameOf} />}
      <CasePlayers detail={detail} />
      {c.status === 'open' ? (
        <CaseActionForm detail={detail} nameOf={nameOf} />
      ) : (
        <p className="muted">{T.closedText}</p>
      )}
    </div>
  );
}

/** The match's result, its reports (with reasons, notes and screenshots) and its disputes. */
function CaseMatch({ match, nameOf }: { match: Match; nameOf: NameOf }) {
  const winner = match.winner ? M.winnerTeam(match.winner) : match.status === 'done' ? M.winnerNone : M.winnerPending;
  return (
    <section aria-labelledby="admin-case-match">
      <h3 id="admin-case-match" className="admin-match__heading">
        {T.matchTitle} <Link to={`/matches/${match.match_id}`}>{T.matchLink(match.match_id)}</Link>
      </h3>
      <Facts>
        <Fact label={M.startedAt}>{formatDateTime(match.started_at)}</Fact>
        <Fact label={T.matchWinner}>{winner}</Fact>
        <Fact label={T.matchSettled}>
          {match.settled_at === null
            ? T.matchUnsettled
            : `${formatDateTime(match.settled_at)}（${M.settleReasons[match.settle_reason ?? ''] ?? match.settle_reason ?? ADMIN_TEXTS.dash}）`}
        </Fact>
      </Facts>
      <CaseReports reports={match.reports} nameOf={nameOf} />
      <CaseDisputes disputes={match.disputes} nameOf={nameOf} />
    </section>
  );
}

/** Each dispute of the match: who, why, the note and screenshot, its status and the admin's comment. */
function CaseDisputes({ disputes, nameOf }: { disputes: Match['disputes']; nameOf: NameOf }) {
  return (
    <section aria-labelledby="admin-case-disputes">
      <h3 id="admin-case-disputes" className="admin-match__heading">
        {T.disputesTitle(disputes.length)}
      </h3>
      {disputes.length === 0 ? (
        <p className="muted">{T.noDisputes}</p>
      ) : (
        <ul className="admin-case-disputes">
          {disputes.map((d) => (
            <li key={d.dispute_id}>
              <p>
                <strong>{T.disputeBy(nameOf(d.user_id))}</strong>{' '}
                <span className="admin-mark">{DISPUTE_STATUS_LABELS[d.status]}</span>
              </p>
              <p>
                {DISPUTE_REASON_LABELS[d.reason]} ・ {formatDateTime(d.created_at)}
              </p>
              {d.note && <p className="admin-case__note">{d.note}</p>}
              {d.resolution_note && <p className="muted">{d.resolution_note}</p>}
              {d.evidence_id !== null && <EvidenceThumb evidenceId={d.evidence_id} number={1} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Each player of the case: penalty, violation reports against them, and their reporter record. */
function CasePlayers({ detail }: { detail: CaseDetailData }) {
  if (detail.players.length === 0) return null;
  return (
    <section aria-labelledby="admin-case-players">
      <h3 id="admin-case-players" className="admin-match__heading">
        {T.playersTitle}
      </h3>
      <ScrollBox className="table-scroll" label={T.playersTable} contentKey={detail.players.length}>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">{T.playerColumns.player}</th>
              <th scope="col">{T.playerColumns.penalty}</th>
              <th scope="col">{T.playerColumns.reported}</th>
              <th scope="col">{T.playerColumns.record}</th>
            </tr>
          </thead>
          <tbody>
            {detail.players.map((p) => (
              <tr key={p.user_id}>
                <td>
                  <Link to={adminUserHref(p.user_id)}>{p.trainer_name ?? p.user_id}</Link>
                  {p.team && <small className="muted">（{M.teamTitle(p.team)}）</small>}
                </td>
                <td>{p.penalty_count}</td>
                <td>{p.reported_in_matches}</td>
                <td>{recordLine(p.record)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}
