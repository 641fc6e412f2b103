import { type MatchSummary, ROLE_LABELS } from '@rankmatch/shared';
import { Link } from 'react-router';
import { CharacterIcon, characterName } from '../../../components/character-icon.tsx';
import { RoleIcon } from '../../../components/role-icon.tsx';
import { formatDelta, formatInteger } from '../../../lib/format.ts';
import { COMMON_TEXTS } from '../../../lib/texts.ts';
import { PLAYERS_TEXTS as T } from '../texts.ts';
import { Delta, playerPath } from './page-parts.tsx';

type Side = 'A' | 'B';
type SummaryPlayer = MatchSummary['team_a'][number];

/** One team of a settled match: first/second attack, won/lost, and each player's role, character, name and rate. */
export function SummaryTeam({ side, summary }: { side: Side; summary: MatchSummary }) {
  const players = side === 'A' ? summary.team_a : summary.team_b;
  const titleId = `summary-team-${side.toLowerCase()}`;
  const outcome = summary.winner_team === null ? null : summary.winner_team === side ? 'won' : 'lost';
  const first = summary.first_attack === side;
  return (
    <section
      className={`summary-team summary-team--${side.toLowerCase()}${outcome ? ` summary-team--${outcome}` : ''}`}
      aria-labelledby={titleId}
      data-testid={`summary-team-${side}`}
    >
      <header className="summary-team__header">
        <h2 id={titleId} className="summary-team__name">
          {T.teamName(side)}
        </h2>
        <span className={`attack-marker${first ? ' attack-marker--first' : ''}`}>
          {first ? T.firstAttack : T.secondAttack}
        </span>
        {outcome && (
          <span className={`outcome-tag outcome-tag--${outcome}`}>{outcome === 'won' ? T.teamWon : T.teamLost}</span>
        )}
      </header>
      <ol className="summary-team__players">
        {players.map((p) => (
          <SummaryPlayerRow key={p.user_id} player={p} />
        ))}
      </ol>
    </section>
  );
}

function SummaryPlayerRow({ player: p }: { player: SummaryPlayer }) {
  const name = p.trainer_name.trim();
  const before = formatInteger(p.rate_before);
  const after = formatInteger(p.rate_after);
  return (
    <li className="summary-player">
      <span aria-hidden="true">
        <CharacterIcon pokemonId={p.pokemon_id} size={40} />
      </span>
      <div className="summary-player__main">
        {/* Players without a trainer name have no page (the server answers 404): no link for them. */}
        {name ? (
          <Link className="summary-player__name" to={playerPath(p.user_id)}>
            {name}
          </Link>
        ) : (
          <span className="summary-player__name muted">{T.noTrainerName}</span>
        )}
        <span className="summary-player__details">
          <span className="summary-player__role">
            {p.role ? (
              <>
                <RoleIcon role={p.role} size={16} decorative />
                {ROLE_LABELS[p.role]}
              </>
            ) : (
              <span className="muted">{T.noRole}</span>
            )}
          </span>
          {/* pokemon_id is '' when the player sent no report. */}
          <span className="summary-player__character">
            {p.pokemon_id ? characterName(p.pokemon_id) : COMMON_TEXTS.characterUnreported}
          </span>
        </span>
      </div>
      <div className="summary-player__rate">
        <Delta value={p.rate_delta} />
        <span className="summary-player__change" title={T.rateChangeLabel(before, after, formatDelta(p.rate_delta))}>
          {T.rateChange(before, after)}
        </span>
      </div>
    </li>
  );
}
