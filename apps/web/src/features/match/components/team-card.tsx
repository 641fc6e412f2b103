import { banAssignments, type MatchTeam, ROLE_LABELS } from '@rankmatch/shared';
import { Avatar } from '../../../components/avatar.tsx';
import { BadgePair } from '../../../components/badge-chip.tsx';
import { Icon } from '../../../components/icon.tsx';
import { RoleIcon } from '../../../components/role-icon.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { MATCH_TEXTS as T } from '../texts.ts';
import { playerName } from './lobby-panel.tsx';

/** One team: first/second attack, average rate, and each player with role, avatar, name, badges, rate and markers. */
export function TeamCard({ team, userId, hostId }: { team: MatchTeam; userId: string; hostId: string | null }) {
  const titleId = `team-${team.team_id.toLowerCase()}-title`;
  const bans = banAssignments(team.players);
  const average =
    team.players.length > 0 ? Math.round(team.players.reduce((sum, p) => sum + p.rate, 0) / team.players.length) : 0;
  const mine = team.players.some((p) => p.user_id === userId);
  return (
    <section
      className={`team team--${team.team_id.toLowerCase()}${mine ? ' team--mine' : ''}`}
      aria-labelledby={titleId}
      data-testid={`team-${team.team_id}`}
    >
      <header className="team__header">
        <h3 id={titleId} className="team__name">
          {team.team_name}
        </h3>
        <span className={`attack-tag${team.is_first_attack ? ' attack-tag--first' : ''}`}>
          {team.is_first_attack ? T.firstAttack : T.secondAttack}
        </span>
        <span className="team__average">{T.averageRate(formatInteger(average))}</span>
      </header>
      <ol className="team__players">
        {team.players.map((p) => {
          const name = playerName(p);
          const me = p.user_id === userId;
          const ban = bans.get(p.user_id);
          return (
            <li key={p.user_id} className={`player-row${me ? ' player-row--me' : ''}`}>
              <span className="player-row__role">
                {p.role ? (
                  <>
                    <RoleIcon role={p.role} size={18} />
                    <small className="player-row__role-label">{ROLE_LABELS[p.role]}</small>
                  </>
                ) : (
                  <small className="muted">{T.noRole}</small>
                )}
              </span>
              <Avatar url={p.discord_avatar_url} name={name} size={36} />
              <div className="player-row__main">
                <div className="player-row__name-line">
                  <span className="player-row__name">{name}</span>
                  {me && <span className="me-chip">{T.you}</span>}
                  {p.user_id === hostId && (
                    <span className="host-chip">
                      <Icon name="crown" size={13} />
                      {T.host}
                    </span>
                  )}
                  {ban && (
                    <span className="ban-chip" title={T.banTagLabel(ban)}>
                      {T.banTag(ban)}
                    </span>
                  )}
                </div>
                <BadgePair first={p.current_badge} second={p.current_badge_2} />
              </div>
              <span className="player-row__rate">
                <small>{T.rate}</small>
                {formatInteger(p.rate)}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
