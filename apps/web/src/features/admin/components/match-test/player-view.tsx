import { type CurrentMatch, MATCH_SIZE, type MatchTeam, ROLE_LABELS } from '@rankmatch/shared';
import { Notice } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { formatInteger } from '../../../../lib/format.ts';
import { useMatchView } from '../../api/view-match.ts';
import { statusErrorText } from '../../errors.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { Fact, Facts } from '../facts.tsx';
import { StatusPill } from '../matches/status-pill.tsx';
import '../matches/matches.css';

const T = ADMIN_TEXTS.matchTest;

/** What GET /api/matches/current gives this player: status, lobby, host, reports and both teams. */
export function PlayerView({ matchId, userId }: { matchId: string; userId: string }) {
  const view = useMatchView(matchId, userId);
  if (view.isPending) return <Skeleton lines={4} label={T.viewLoading} />;
  if (view.isError) {
    return (
      <Notice tone="danger" title={T.viewFailed} live>
        <p>{statusErrorText(view.error)}</p>
      </Notice>
    );
  }
  const match = view.data;
  const players = [...match.team_a.players, ...match.team_b.players];
  const viewer = players.find((p) => p.user_id === userId);
  const host = players.find((p) => p.user_id === match.host_user_id);
  return (
    <section className="match-test__view" aria-label={T.viewTitle(viewer?.trainer_name ?? userId)}>
      <h3 className="admin-match__heading">{T.viewTitle(viewer?.trainer_name ?? userId)}</h3>
      <Facts>
        <Fact label={ADMIN_TEXTS.matches.status}>
          <StatusPill status={match.status} />
        </Fact>
        <Fact label={T.lobby}>
          <span className="admin-mono">{match.lobby_id ?? T.lobbyNone}</span>
        </Fact>
        <Fact label={T.host}>{host?.trainer_name ?? match.host_user_id ?? ADMIN_TEXTS.dash}</Fact>
        <Fact label={T.reportCount}>{ADMIN_TEXTS.matches.reportProgress(match.report_count, MATCH_SIZE)}</Fact>
        <Fact label={T.hasReported}>{match.has_reported ? T.hasReported : T.notReported}</Fact>
      </Facts>
      <div className="admin-match__teams">
        <ViewTeam team={match.team_a} match={match} userId={userId} />
        <ViewTeam team={match.team_b} match={match} userId={userId} />
      </div>
    </section>
  );
}

function ViewTeam({ team, match, userId }: { team: MatchTeam; match: CurrentMatch; userId: string }) {
  return (
    <section className="admin-match__team" aria-label={team.team_name}>
      <h4 className="admin-match__heading">
        {team.team_name}（{team.is_first_attack ? T.firstAttack : T.secondAttack}）
      </h4>
      <ul className="admin-match__players">
        {team.players.map((p) => (
          <li key={p.user_id} className={p.user_id === userId ? 'admin-match__viewer' : undefined}>
            <span className="admin-match__player">
              {p.trainer_name ?? p.discord_username ?? p.user_id}
              {p.user_id === match.host_user_id && <span className="admin-mark">{T.host}</span>}
              {p.user_id === userId && <span className="admin-mark admin-mark--info">{T.viewer}</span>}
            </span>
            <small className="muted">{p.role ? ROLE_LABELS[p.role] : ADMIN_TEXTS.matches.noRole}</small>
            <small className="admin-match__rate">{formatInteger(p.rate)}</small>
          </li>
        ))}
      </ul>
    </section>
  );
}
