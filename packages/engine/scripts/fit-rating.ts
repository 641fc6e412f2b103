// Fits the MMR's parameters to real results: `npm run fit:rating [-- --fit <record> …] [-- --check <record> …]`.
// Maximises the predictive likelihood (each match predicted before it is learnt, as the site rates) of the earlier
// half of the fitting records, over β, σ₀, τ and the season widening, by Nelder–Mead on their logarithms (all must stay
// positive). Then prints log-loss and accuracy before (today's defaults) and after, on the earlier halves, the later
// halves (not fitted) and the check records (not fitted at all). Defaults: fit on atp-doubles, check on ipl-cricket.
import { basename } from 'node:path';
import { DATA_DIR, readRecord } from '../bench/rating-real.ts';
import { resolveRatingConfig } from '../src/rating/config.ts';
import { mmrPredictor, outcomesOf, type RecordedMatch, replay, scorePredictions } from '../src/rating/replay.ts';
import type { MmrConfig } from '../src/rating/types.ts';

const ALL_KEYS = ['beta', 'initialSigma', 'tau', 'seasonSigma'] as const;
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

/** Total log-loss (nats) of the MMR's predictions on `matches`, from no prior knowledge. */
function logLoss(matches: readonly RecordedMatch[], config: MmrConfig): number {
  const s = scorePredictions(replay(matches, mmrPredictor(config)), outcomesOf(matches));
  return s.logloss * s.n;
}

/** Nelder–Mead minimisation (standard coefficients), from x0 with initial steps `step`. */
function nelderMead(f: (x: number[]) => number, x0: number[], step: number, iterations: number): number[] {
  const n = x0.length;
  let simplex = [x0, ...x0.map((_, i) => x0.map((v, j) => (i === j ? v + step : v)))].map((x) => ({ x, y: f(x) }));
  for (let it = 0; it < iterations; it++) {
    simplex.sort((p, q) => p.y - q.y);
    const best = simplex[0] as { x: number[]; y: number };
    const worst = simplex[n] as { x: number[]; y: number };
    const centroid = x0.map((_, j) => simplex.slice(0, n).reduce((s, p) => s + (p.x[j] as number), 0) / n);
    const along = (t: number) => centroid.map((c, j) => c + t * ((worst.x[j] as number) - c));
    const r = { x: along(-1), y: 0 };
    r.y = f(r.x);
    if (r.y < best.y) {
      const e = { x: along(-2), y: 0 };
      e.y = f(e.x);
      simplex[n] = e.y < r.y ? e : r;
    } else if (r.y < (simplex[n - 1] as { y: number }).y) simplex[n] = r;
    else {
      const c = { x: along(0.5), y: 0 };
      c.y = f(c.x);
      if (c.y < worst.y) simplex[n] = c;
      else
        simplex = simplex.map((p, i) =>
          i === 0 ? p : { x: p.x.map((v, j) => (best.x[j] as number) + 0.5 * (v - (best.x[j] as number))), y: 0 },
        );
      for (const p of simplex) if (p.y === 0) p.y = f(p.x);
    }
    const spread = Math.max(...simplex.map((p) => p.y)) - Math.min(...simplex.map((p) => p.y));
    if (spread < 1e-3) break;
  }
  simplex.sort((p, q) => p.y - q.y);
  return (simplex[0] as { x: number[] }).x;
}

function main(): void {
  const fit = argList('--fit', [`${DATA_DIR}/atp-doubles.jsonl`]).map((p) => ({ name: basename(p), m: readRecord(p) }));
  const check = argList('--check', [`${DATA_DIR}/ipl-cricket.jsonl`]).map((p) => ({
    name: basename(p),
    m: readRecord(p),
  }));
  const before = resolveRatingConfig().mmr;
  if (!KEYS.every((k) => ALL_KEYS.includes(k))) throw new Error(`--only takes some of ${ALL_KEYS.join(',')}`);
  const toConfig = (x: number[]): MmrConfig => ({
    ...before,
    ...Object.fromEntries(KEYS.map((k, i) => [k, Math.exp(x[i] as number)])),
  });
  const objective = (x: number[]) => fit.reduce((s, r) => s + logLoss(halves(r.m).early, toConfig(x)), 0);
  const x0 = KEYS.map((k) => Math.log(before[k]));
  console.log(`fitting ${KEYS.join(', ')} on the earlier half of ${fit.map((r) => r.name).join(', ')}`);
  const started = performance.now();
  const x = nelderMead(objective, x0, 0.5, 300);
  const fitted = toConfig(x);
  const rounded: MmrConfig = {
    ...before,
    ...Object.fromEntries(KEYS.map((k) => [k, Math.round(fitted[k] * 10) / 10])),
  };
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
