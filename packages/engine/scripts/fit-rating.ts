// Fits the MMR's parameters to real results: `npm run fit:rating [-- --fit <record> …] [-- --check <record> …]`.
// Maximises the predictive likelihood (each match predicted before it is learnt, as the site rates) of the earlier
// half of the fitting records, over β, σ₀, τ and the season widening, by Nelder–Mead on their logarithms (all must stay
// positive). Then prints log-loss and accuracy before (today's defaults) and after, on the earlier halves, the later
// halves (not fitted) and the check records (not fitted at all). Defaults: fit on atp-doubles, check on ipl-cricket.
import { basename } from 'node:path';
import { DATA_DIR, readRecord } from '../bench/rating-real.ts';
import { resolveRatingConfig } from '../src/rating/config.ts';
import { drain, fitMmr, MMR_KEYS } from '../src/rating/refit.ts';
import { mmrPredictor, outcomesOf, type RecordedMatch, replay, scorePredictions } from '../src/rating/replay.ts';
import type { MmrConfig } from '../src/rating/types.ts';

const ALL_KEYS = MMR_KEYS;
/** `--only beta,tau`: fit those, keep the others at today's values (σ₀ is also the prior on a start rate; see docs). */
const KEYS = (process.argv.includes('--only')
  ? (process.argv[process.argv.indexOf('--only') + 1] ?? '').split(',')
  : ALL_KEYS) as unknown as readonly (typeof ALL_KEYS)[number][];

function argList(flag: string, fallback: string[]): string[] {
  const argv = process.argv.slice(2);
  const out = argv.flatMap((a, i) => (a === flag && argv[i + 1] ? [argv[i + 1] as string] : []));
  return out.length > 0 ? out : fallback;
}

const halves = (m: readonly RecordedMatch[]) => {
  const h = Math.floor(m.length / 2);
  return { early: m.slice(0, h), all: m, h };
};

function main(): void {
  const fit = argList('--fit', [`${DATA_DIR}/atp-doubles.jsonl`]).map((p) => ({ name: basename(p), m: readRecord(p) }));
  const check = argList('--check', [`${DATA_DIR}/ipl-cricket.jsonl`]).map((p) => ({
    name: basename(p),
    m: readRecord(p),
  }));
  const before = resolveRatingConfig().mmr;
  if (!KEYS.every((k) => ALL_KEYS.includes(k))) throw new Error(`--only takes some of ${ALL_KEYS.join(',')}`);
  console.log(`fitting ${KEYS.join(', ')} on the earlier half of ${fit.map((r) => r.name).join(', ')}`);
  const started = performance.now();
  // The engine's fit (the site's refit uses the same), over the fitting records' earlier halves together.
  const early = fit.flatMap((r, i) =>
    halves(r.m).early.map((m) => ({ ...m, a: m.a.map((id) => `${i}:${id}`), b: m.b.map((id) => `${i}:${id}`) })),
  );
  const rounded = drain(fitMmr(early, before, { keys: KEYS, iterations: 300 }));
  console.log(
    `fitted (${Math.round((performance.now() - started) / 1000)} s): ${JSON.stringify(rounded)}; before ${JSON.stringify(before)}`,
  );
  console.log('\n| record | part | matches | log-loss before → after | accuracy before → after |');
  console.log('|---|---|---|---|---|');
  const row = (name: string, part: string, matches: readonly RecordedMatch[], from: number) => {
    const score = (c: MmrConfig) => {
      const p = replay(matches, mmrPredictor(c)).slice(from);
      return scorePredictions(p, outcomesOf(matches).slice(from));
    };
    const [b, a] = [score(before), score(rounded)];
    console.log(
      `| ${name} | ${part} | ${b.n} | ${b.logloss.toFixed(4)} → ${a.logloss.toFixed(4)} | ${b.accuracy.toFixed(4)} → ${a.accuracy.toFixed(4)} |`,
    );
  };
  for (const r of fit) {
    const { early, all, h } = halves(r.m);
    row(r.name, 'earlier half (fitted)', early, 0);
    row(r.name, 'later half (not fitted)', all, h);
  }
  for (const r of check) {
    row(r.name, 'all (not fitted)', r.m, 0);
    row(r.name, 'later half (not fitted)', r.m, halves(r.m).h);
  }
}

main();
