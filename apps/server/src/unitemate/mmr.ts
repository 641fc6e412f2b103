import { DEFAULT_RATING_CONFIG, type MmrConfig, updateMmr } from '@rankmatch/engine';

// The MMR an imported player starts from: their imported rate as the mean, and the uncertainty a player would have
// after as many matches as they played there (the engine's own update, run on evenly matched teams), so a veteran's
// belief is as settled as if their matches had been played here and a newcomer's stays wide.

const MAX_MATCHES = 2000;
const sigmaCache = new Map<string, number[]>();

/** σ after 0…n matches between even teams (every player of a match loses the same share of uncertainty). */
function sigmaSeries(config: MmrConfig, n: number): number[] {
  const cacheKey = `${config.initialSigma}/${config.beta}/${config.tau}`;
  const series = sigmaCache.get(cacheKey) ?? [config.initialSigma];
  sigmaCache.set(cacheKey, series);
  while (series.length <= n) {
    const sigma = series[series.length - 1] as number;
    const team = Array.from({ length: 5 }, () => ({ mu: 0, sigma }));
    const after = updateMmr(team, team, 'A', config);
    series.push((after.teamA[0] as { sigma: number }).sigma);
  }
  return series;
}

/** The σ of a player with `matches` rated matches behind them. */
export function importedSigma(matches: number, config: MmrConfig = DEFAULT_RATING_CONFIG.mmr): number {
  const n = Math.max(0, Math.min(MAX_MATCHES, Math.floor(matches)));
  return sigmaSeries(config, n)[n] as number;
}
