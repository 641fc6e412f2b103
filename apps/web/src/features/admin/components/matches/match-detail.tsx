import { type AdminMatchDetail, MATCH_SIZE, ROLE_LABELS } from '@rankmatch/shared';
import { formatDateTime, formatInteger } from '../../../../lib/format.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { Fact, Facts } from '../facts.tsx';
import { MatchCorrectionForm } from './match-correction-form.tsx';
import { MatchRefundForm } from './match-refund-form.tsx';
import { MatchReports } from './match-reports.tsx';
import { StatusPill } from './status-pill.tsx';
import './matches.css';

const T = ADMIN_TEXTS.matches;

/** user_id → trainer name (the id when the name is missing), for every player of the match. */
function playerNames(match: AdminMatchDetail): (userId: string) => string {
  const names = new Map(
    [...match.team_a.players, ...match.team_b.players].map((p) => [p.user_id, p.trainer_name ?? p.user_id]),
  );
  return (userId) => names.get(userId) ?? userId;
}

function winnerText(match: AdminMatchDetail): string {
  if (match.winner_team) return T.winnerTeam(match.winner_team);
  return match.status === 'done' ? T.winnerNone : T.winnerPending;
}

function settledText(match: AdminMatchDetail): string {
  if (match.settled_at === null) return ADMIN_TEXTS.dash;
  const reason = match.settle_reason ? (T.settleReasons[match.settle_reason] ?? match.settle_reason) : ADMIN_TEXTS.dash;
  // A corrected result says when the admin corrected it, not when the match first settled.
  const when = match.settle_reason === 'admin_correction' ? (match.corrected_at ?? match.settled_at) : match.settled_at;
  return T.settledAt(reason, formatDateTime(when));
}

/**
 * Status, teams, reports, violation totals, penalty status and (settled matches) the result correction and the refund
 * for a leaver's team-mates.
 */
export function MatchDetail({ match }: { match: AdminMatchDetail }) {
  const nameOf = playerNames(match);
  return (
    <div className="admin-match">
      <Facts>
        <Fact label={T.status}>
          <StatusPill status={match.status} />
        </Fact>
        <Fact label={T.startedAt}>{formatDateTime(match.started_at)}</Fact>
        <Fact label={T.lobby}>
          <span className="admin-mono">{match.lobby_id ?? ADMIN_TEXTS.dash}</span>
        </Fact>
        <Fact label={T.winner}>{winnerText(match)}</Fact>
        <Fact label={T.settled}>{settledText(match)}</Fact>
        <Fact label={T.reportDeadline}>{formatDateTime(match.report_deadline_unixtime)}</Fact>
      </Facts>
      <div className="admin-match__teams">
        {(['A', 'B'] as const).map((team) => (
          <section key={team} className="admin-match__team" aria-label={T.teamTitle(team)}>
            <h3 className="admin-match__heading">{T.teamTitle(team)}</h3>
            <ul className="admin-match__players">
              {(team === 'A' ? match.team_a : match.team_b).players.map((p) => (
                <li key={p.user_id}>
                  <span className="admin-match__player">
                    {p.trainer_name ?? p.user_id}
                    {p.user_id === match.host_user_id && <span className="admin-mark">{T.host}</span>}
                    {p.refunded_at !== null && <span className="admin-mark">{T.refundedMark}</span>}
                  </span>
                  <small className="muted">{p.role ? ROLE_LABELS[p.role] : T.noRole}</small>
                  <small className="admin-match__rate">
                    {p.rate_after === null
                      ? formatInteger(p.rate_before)
                      : T.rateChange(formatInteger(p.rate_before), formatInteger(p.rate_after))}
                  </small>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <MatchReports match={match} nameOf={nameOf} total={MATCH_SIZE} />
      {match.status === 'done' && <MatchCorrectionForm match={match} />}
      {match.status === 'done' && <MatchRefundForm match={match} nameOf={nameOf} />}
    </div>
  );
}
