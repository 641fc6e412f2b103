import type { StatsReply } from '@rankmatch/shared';
import { CharacterIcon } from '../../../components/character-icon.tsx';
import { formatInteger } from '../../../lib/format.ts';
import { characterName, formatInterval, formatRate } from '../figures.ts';
import { STATS_TEXTS as T } from '../texts.ts';
import { IntervalBar } from './interval-bar.tsx';

/** One character's row: name, pick and ban rates with their counts, win rate with its sample and interval. */
export function CharacterRow({ row }: { row: StatsReply['characters'][number] }) {
  return (
    <tr>
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
        <span className="stats-figure">{row.win_rate === null ? T.noWinRate : formatRate(row.win_rate)}</span>
        <small className="stats-sample">{T.winsOfGames(formatInteger(row.wins), formatInteger(row.picks))}</small>
      </td>
      <td className="stats-table__interval">
        {row.win_rate !== null && row.win_rate_low !== null && row.win_rate_high !== null ? (
          <>
            <span className="stats-interval__text">{formatInterval(row.win_rate_low, row.win_rate_high)}</span>
            <IntervalBar low={row.win_rate_low} high={row.win_rate_high} rate={row.win_rate} />
          </>
        ) : (
          T.noWinRate
        )}
      </td>
    </tr>
  );
}
