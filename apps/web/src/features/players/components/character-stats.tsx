import type { PlayerPage } from '@rankmatch/shared';
import { CharacterIcon, characterName } from '../../../components/character-icon.tsx';
import { Icon } from '../../../components/icon.tsx';
import { EmptyState } from '../../../components/notice.tsx';
import { formatInteger, formatPercent } from '../../../lib/format.ts';
import { PLAYERS_TEXTS as T } from '../texts.ts';

/**
 * The season's most played characters (the server sends the top five, most played first). Two labelled bars per
 * character, each beside its own number: 使用 (matches, as a share of the most played character's) and 勝率 (0–100 %),
 * so a usage bar is never read as a win rate.
 */
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
            const name = characterName(c.pokemon_id);
            return (
              <li key={c.pokemon_id} className="character-stat">
                <span aria-hidden="true">
                  <CharacterIcon pokemonId={c.pokemon_id} size={36} />
                </span>
                <div className="character-stat__main">
                  <span className="character-stat__name">{name}</span>
                  <Metric
                    label={T.characterUsage}
                    meterLabel={T.characterUsageMeter(name)}
                    value={c.matches}
                    max={most}
                    valueText={T.characterMatches(formatInteger(c.matches))}
                    shown={T.characterMatches(formatInteger(c.matches))}
                  />
                  <Metric
                    label={T.winRate}
                    meterLabel={T.characterWinRateMeter(name)}
                    value={c.win_rate}
                    max={100}
                    valueText={formatPercent(c.win_rate)}
                    shown={formatPercent(c.win_rate)}
                    note={T.characterWins(formatInteger(c.wins))}
                    tone="rate"
                  />
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

function Metric({
  label,
  meterLabel,
  value,
  max,
  valueText,
  shown,
  note,
  tone = 'usage',
}: {
  label: string;
  meterLabel: string;
  value: number;
  max: number;
  valueText: string;
  shown: string;
  note?: string;
  tone?: 'usage' | 'rate';
}) {
  const percent = max > 0 ? Math.round((Math.min(value, max) / max) * 1000) / 10 : 0;
  return (
    <div className="character-stat__metric">
      <span className="character-stat__label">{label}</span>
      {/* biome-ignore lint/a11y/useSemanticElements: a drawn bar; a <meter> looks different in every browser. */}
      <span
        className={`character-stat__bar character-stat__bar--${tone}`}
        role="meter"
        aria-label={meterLabel}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={valueText}
      >
        <span style={{ width: `${percent}%` }} />
      </span>
      <span className="character-stat__value">
        {shown}
        {note && <small className="muted">{note}</small>}
      </span>
    </div>
  );
}
