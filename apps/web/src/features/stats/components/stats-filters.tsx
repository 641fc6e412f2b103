import { RATING_BAND_LABELS, RATING_BANDS, type RatingBand } from '@rankmatch/shared';
import { useId } from 'react';
import type { SeasonOption } from '../season-options.ts';
import { STATS_TEXTS as T } from '../texts.ts';

/** The season selector and the rating band switch; both write the address (the page reads them from there). */
export function StatsFilters({
  seasons,
  season,
  band,
  onSeason,
  onBand,
}: {
  seasons: SeasonOption[];
  season: string;
  band: RatingBand;
  onSeason: (season: string) => void;
  onBand: (band: RatingBand) => void;
}) {
  const seasonId = useId();
  const bandName = useId();
  return (
    <div className="stats-filters">
      <div className="field stats-filters__season">
        <label className="field__label" htmlFor={seasonId}>
          {T.season}
        </label>
        <select id={seasonId} className="input" value={season} onChange={(e) => onSeason(e.target.value)}>
          {seasons.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="stats-bands">
        <legend className="field__label">{T.band}</legend>
        <div className="stats-bands__options">
          {RATING_BANDS.map((value) => (
            <label key={value} className="stats-bands__option">
              <input
                type="radio"
                name={bandName}
                value={value}
                checked={band === value}
                onChange={() => onBand(value)}
              />
              <span>{RATING_BAND_LABELS[value]}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </div>
  );
}
