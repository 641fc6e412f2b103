import { getCharacter, type PlayerPage } from '@rankmatch/shared';
import { CharacterIcon } from '../../../components/character-icon.tsx';
import { Icon } from '../../../components/icon.tsx';
import { EmptyState } from '../../../components/notice.tsx';
import { formatInteger, formatPercent } from '../../../lib/format.ts';
import { PLAYERS_TEXTS as T } from '../texts.ts';

/** The season's most played characters (the server sends the top five, most played first), with win rates. */
export function CharacterStats({ characters }: { characters: PlayerPage['characters'] }) {
  const most = Math.max(1, ...characters.map((c) => c.matches));
  return (
    <section className="card" aria-labelledby="player-characters-title">
      <h2 id="player-characters-title" className="card__title">
        <Icon name="sparkles" className="card__title-icon" />
        {T.charactersTitle}
      </h2>
      {characters.length === 0 ? (
        <EmptyState icon={<Icon name="controller" size={32} />}>{T.charactersEmpty}</EmptyState>
      ) : (
        <ol className="character-stats">
          {characters.map((c) => {
            const name = getCharacter(c.pokemon_id)?.name_ja ?? c.pokemon_id;
            return (
              <li key={c.pokemon_id} className="character-stat">
                <span aria-hidden="true">
                  <CharacterIcon pokemonId={c.pokemon_id} size={36} />
                </span>
                <div className="character-stat__main">
                  <span className="character-stat__name">{name}</span>
                  <span className="character-stat__numbers muted">
                    {T.characterMatches(formatInteger(c.matches))}・{T.characterWins(formatInteger(c.wins))}
                  </span>
                  {/* Share of the most played character's matches: a glance at how the picks spread. */}
                  <span className="character-stat__bar" aria-hidden="true">
                    <span style={{ width: `${Math.round((c.matches / most) * 100)}%` }} />
                  </span>
                </div>
                <span className="character-stat__rate">{T.characterWinRate(formatPercent(c.win_rate))}</span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
