import type { StatsReply } from '@rankmatch/shared';
import { useMemo, useState } from 'react';
import { ScrollBox } from '../../../components/scroll-box.tsx';
import { firstDirection, type SortDirection, type SortKey, sortCharacters } from '../figures.ts';
import { STATS_TEXTS as T } from '../texts.ts';
import { CharacterRow } from './character-row.tsx';

/** Rows shown before すべて表示: the roster is long, the top of any order is what people look for. */
export const CHARACTER_ROWS_FOLDED = 20;

type Sort = { key: SortKey; direction: SortDirection };

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
  const [sort, setSort] = useState<Sort>({
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
        <ScrollBox className="stats-scroll" label={T.charactersCaption} contentKey={shown.length}>
          <table className="stats-table stats-table--characters">
            <caption className="visually-hidden">{T.charactersCaption}</caption>
            <SortHeader sort={sort} onChoose={choose} />
            <tbody>
              {shown.map((row) => (
                <CharacterRow key={row.pokemon_id} row={row} />
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {foldable && (
        <button type="button" className="button button--secondary stats-more" onClick={() => setExpanded((v) => !v)}>
          {expanded ? T.showTop(CHARACTER_ROWS_FOLDED) : T.showAll(sorted.length)}
        </button>
      )}
    </section>
  );
}

/** The column headers, each a button that sorts by it (again: the other way); the sorted one says its direction. */
function SortHeader({ sort, onChoose }: { sort: Sort; onChoose: (key: SortKey) => void }) {
  return (
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
                onClick={() => onChoose(column.key)}
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
  );
}
