import {
  BATTLE_TYPES,
  type BattleType,
  type Character,
  getCharacter,
  PLAYABLE_CHARACTERS,
  searchCharacters,
} from '@rankmatch/shared';
import { useId, useState } from 'react';
import { CharacterIcon } from '../../../components/character-icon.tsx';
import { MATCH_TEXTS as T } from '../texts.ts';

/** The characters offered: a search's matches across types, else the type's playable ones; never the excluded one. */
function charactersShown(query: string, type: BattleType, exclude: string): Character[] {
  const excluded = exclude.toUpperCase();
  return (query.trim() ? searchCharacters(query) : PLAYABLE_CHARACTERS.filter((c) => c.type === type)).filter(
    (c) => c.pokemon_id !== excluded,
  );
}

/** Pick a character: first a battle type, then one of its characters (or search by name across types). */
export function CharacterChooser({
  value,
  onChange,
  exclude = '',
  allowClear = false,
}: {
  value: string;
  onChange: (id: string) => void;
  /** A character that may not be chosen (the banned one on the picked step). */
  exclude?: string;
  allowClear?: boolean;
}) {
  const id = useId();
  const initialType = (value && getCharacter(value)?.type) || BATTLE_TYPES[0];
  const [type, setType] = useState<BattleType>(initialType === '-' ? BATTLE_TYPES[0] : initialType);
  const [query, setQuery] = useState('');
  const selected = value ? getCharacter(value) : undefined;
  const list = charactersShown(query, type, exclude);

  return (
    <div className="chooser">
      <SelectedCharacter selected={selected} onClear={allowClear ? () => onChange('') : null} />
      <div className="chooser__filters">
        <fieldset className="chooser__types">
          <legend className="visually-hidden">{T.type}</legend>
          {BATTLE_TYPES.map((t) => (
            <button
              key={t}
              type="button"
              className="chip-toggle"
              aria-pressed={!query.trim() && t === type}
              onClick={() => {
                setType(t);
                setQuery('');
              }}
            >
              {t}
            </button>
          ))}
        </fieldset>
        <label className="visually-hidden" htmlFor={`${id}-search`}>
          {T.search}
        </label>
        <input
          id={`${id}-search`}
          className="input chooser__search"
          type="search"
          placeholder={T.searchPlaceholder}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>
      {list.length === 0 ? (
        <p className="muted chooser__empty">{T.noCharacters}</p>
      ) : (
        <CharacterGrid list={list} selectedId={selected?.pokemon_id} onChange={onChange} />
      )}
    </div>
  );
}

/** The chosen character (announced politely), with its clear button when clearing is allowed (onClear not null). */
function SelectedCharacter({ selected, onClear }: { selected: Character | undefined; onClear: (() => void) | null }) {
  return (
    <div className="chooser__selected" aria-live="polite">
      <span className="chooser__selected-label">{T.selected}</span>
      {selected ? (
        <>
          <CharacterIcon pokemonId={selected.pokemon_id} size={28} />
          <strong>{selected.name_ja}</strong>
          {onClear && (
            <button type="button" className="button button--ghost button--small" onClick={onClear}>
              {T.clear}
            </button>
          )}
        </>
      ) : (
        <span className="muted">{T.nothingSelected}</span>
      )}
    </div>
  );
}

/** The characters offered, each a toggle button with its icon and name. */
function CharacterGrid({
  list,
  selectedId,
  onChange,
}: {
  list: Character[];
  selectedId: string | undefined;
  onChange: (id: string) => void;
}) {
  return (
    <ul className="chooser__grid">
      {list.map((c) => (
        <li key={c.pokemon_id}>
          <button
            type="button"
            className="chooser__option"
            aria-pressed={selectedId === c.pokemon_id}
            title={c.name_ja}
            onClick={() => onChange(c.pokemon_id)}
          >
            <span aria-hidden="true">
              <CharacterIcon pokemonId={c.pokemon_id} size={30} />
            </span>
            <span className="chooser__name">{c.name_ja}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
