import type { StatsReply } from '@rankmatch/shared';
import { useMemo, useState } from 'react';
import { CharacterIcon } from '../../../components/character-icon.tsx';
import { formatInteger } from '../../../lib/format.ts';
import {
  characterName,
  firstDirection,
  formatInterval,
  formatRate,
  type SortDirection,
  type SortKey,
  sortCharacters,
} from '../figures.ts';
import { STATS_TEXTS as T } from '../texts.ts';
import { IntervalBar } from './interval-bar.tsx';

/** Rows shown before すべて表示: the roster is long, the top of any order is what people look for. */
export const CHARACTER_ROWS_FOLDED = 20;

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'name', label: T.columnCharacter },
  { key: 'pick_rate', label: T.columnPickRate },
  { key: 'ban_rate', label: T.columnBanRate },
  { key: 'win_rate', label: T.columnWinRate },
  { key: 'interval', label: T.columnInterval },
];

/**
 * Per character: pick rate, ban rate, win rate with its sample and 95 % Wilson interval. Every column header is a
 * button that sorts by it (again: the other way). Characters only banned have no win rate and stay last.
 */
export function CharacterTable({ rows }: { rows: StatsReply['characters'] }) {
  const [sort, setSort] = useState<{ key: SortKey; direction: SortDirection }>({
    key: 'pick_rate',
    direction: 'descending',
  });
  const [expanded, setExpanded] = useState(false);
  const sorted = useMemo(() => sortCharacters(rows, sort.key, sort.direction), [rows, sort]);
  const foldable = sorted.length > CHARACTER_ROWS_FOLDED;
  const shown = foldable && !expanded ? sorted.slice(0, CHARACTER_ROWS_FOLDED) : sorted;
  const choose = (key: SortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key, direction: firstDirection(key) },
    );

  return (
    <section className="card stats-card stats-characters" aria-labelledby="stats-characters-title">
      <h2 id="stats-characters-title" className="card__title">
        {T.charactersTitle}
      </h2>
      <p className="stats-card__note muted">{T.charactersNote}</p>
      {rows.length === 0 ? (
        <p className="stats-card__empty muted">{T.charactersEmpty}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the scrolling box takes focus so keyboards can scroll it
        <section className="stats-scroll" tabIndex={0} aria-label={T.charactersCaption}>
          <table className="stats-table stats-table--characters">
            <caption className="visually-hidden">{T.charactersCaption}</caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => {
                  const active = sort.key === column.key;
                  return (
                    <th
                      key={column.key}
                      scope="col"
                      aria-sort={active ? sort.direction : undefined}
                      className={`stats-table__sortable stats-table__col--${column.key}`}
                    >
                      <button
                        type="button"
                        className="stats-sort"
                        onClick={() => choose(column.key)}
                        title={T.sortBy(column.label)}
                      >
                        {column.label}
                        <span className="stats-sort__arrow" aria-hidden="true">
                          {active ? (sort.direction === 'ascending' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={row.pokemon_id}>
                  <th scope="row" className="stats-table__character">
                    <span className="stats-character">
                      {/* The name is written next to it: the icon is decoration here. */}
                      <span aria-hidden="true">
                        <CharacterIcon pokemonId={row.pokemon_id} size={28} />
                      </span>
                      <span className="stats-character__name">{characterName(row.pokemon_id)}</span>
                    </span>
                  </th>
                  <td>
                    <span className="stats-figure">{formatRate(row.pick_rate)}</span>
                    <small className="stats-sample">{T.picks(formatInteger(row.picks))}</small>
                  </td>
                  <td>
                    <span className="stats-figure">{formatRate(row.ban_rate)}</span>
                    <small className="stats-sample">{T.bans(formatInteger(row.bans))}</small>
                  </td>
                  <td>
                    <span className="stats-figure">
                      {row.win_rate === null ? T.noWinRate : formatRate(row.win_rate)}
                    </span>
                    <small className="stats-sample">
                      {T.winsOfGames(formatInteger(row.wins), formatInteger(row.picks))}
                    </small>
                  </td>
                  <td className="stats-table__interval">
                    {row.win_rate !== null && row.win_rate_low !== null && row.win_rate_high !== null ? (
                      <>
                        <span className="stats-interval__text">
                          {formatInterval(row.win_rate_low, row.win_rate_high)}
                        </span>
                        <IntervalBar low={row.win_rate_low} high={row.win_rate_high} rate={row.win_rate} />
                      </>
                    ) : (
                      T.noWinRate
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      {foldable && (
        <button type="button" className="button button--secondary stats-more" onClick={() => setExpanded((v) => !v)}>
          {expanded ? T.showTop(CHARACTER_ROWS_FOLDED) : T.showAll(sorted.length)}
        </button>
      )}
    </section>
  );
}
