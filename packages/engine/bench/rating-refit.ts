// The refit part of `npm run bench:rating` (issue 33, item 4): on records played by known parameters the refit finds
// what the results can tell of them (the ratio σ₀/β and as good a prediction of the held-out matches as the truth),
// keeps today's parameters when balanced teams leave nothing to learn, and on every real record it either keeps them
// or applies parameters that predict the record's held-out later matches better: it never makes a record worse.
import { basename } from 'node:path';
import { resolveRatingConfig } from '../src/rating/config.ts';
import { drain, matchLogLosses, type RefitReport, refitMmr } from '../src/rating/refit.ts';
import type { RecordedMatch } from '../src/rating/replay.ts';
import type { MmrConfig } from '../src/rating/types.ts';
import { simulatedRecord } from '../src/simulation/record.ts';
import { readRecord } from './rating-real.ts';

const TRUTH = { beta: 250, initialSigma: 160, tau: 6 };
const SEEDS = [1, 2, 3];

const f4 = (x: number) => x.toFixed(4);
const heldOutLoss = (record: readonly RecordedMatch[], from: number, c: MmrConfig) => {
  const l = matchLogLosses(record, c).slice(from);
  return l.reduce((s, x) => s + x, 0) / l.length;
};
const params = (c: MmrConfig) => `β ${c.beta} σ₀ ${c.initialSigma} τ ${c.tau} widening ${c.seasonSigma}`;

/** Prints the refit's figures; returns the names of the checks that failed. */
export function refitSection(files: readonly string[]): string[] {
  const today = resolveRatingConfig().mmr;
  const failures: string[] = [];
  console.log(`\nrefit (engine refitMmr; today ${params(today)})`);
  console.log(
    `\nsimulated 5v5, random teams, 300 players, 2,400 matches; truth β ${TRUTH.beta} σ₀ ${TRUTH.initialSigma} τ ${TRUTH.tau} (σ₀/β ${(TRUTH.initialSigma / TRUTH.beta).toFixed(2)})`,
  );
  console.log('| seed | fitted | σ₀/β | held-out log-loss today → fitted (truth) | z | decision |');
  console.log('|---|---|---|---|---|---|');
  for (const seed of SEEDS) {
    const record = simulatedRecord({ ...TRUTH, players: 300, matches: 2400, seed });
    const r = drain(refitMmr(record, today));
    const truthLoss = heldOutLoss(record, r.fitted, { ...today, ...TRUTH });
    const ratio = r.candidate.initialSigma / r.candidate.beta;
    console.log(
      `| ${seed} | ${params(r.candidate)} | ${ratio.toFixed(2)} | ${f4(r.held_out_logloss.current)} → ${f4(r.held_out_logloss.candidate)} (${f4(truthLoss)}) | ${r.z.toFixed(1)} | ${r.reason} |`,
    );
    // Results fix skill only relative to a performance's spread: the ratio, not both scales (and at this size the
    // ratio to about ±20 %); what must hold is a prediction as good as the truth's.
    const recovered = Math.abs(ratio / (TRUTH.initialSigma / TRUTH.beta) - 1) <= 0.25;
    if (!r.apply || !recovered || r.held_out_logloss.candidate - truthLoss > 0.005) {
      failures.push(`simulated seed ${seed}: not recovered`);
    }
  }
  console.log('\nsimulated 5v5, teams balanced on true skill (a balancing site), 300 players, 1,500 matches');
  for (const seed of SEEDS) {
    const record = simulatedRecord({ ...TRUTH, players: 300, matches: 1500, seed, balanced: true });
    const r = drain(refitMmr(record, today));
    console.log(`  seed ${seed}: z ${r.z.toFixed(1)}, ${r.reason}${r.apply ? ' (APPLIED: wrong)' : ', kept'}`);
    if (r.apply) failures.push(`balanced seed ${seed}: applied`);
  }
  if (files.length > 0) {
    console.log('\nreal records: the refit on each, today → its decision (held-out = the later third)');
    console.log('| record | matches | decision | held-out log-loss today → after | fitted |');
    console.log('|---|---|---|---|---|');
  }
  for (const file of files) {
    const record = readRecord(file);
    const r: RefitReport = drain(refitMmr(record, today));
    const after = r.apply ? r.held_out_logloss.candidate : r.held_out_logloss.current;
    console.log(
      `| ${basename(file)} | ${r.matches} | ${r.reason} | ${f4(r.held_out_logloss.current)} → ${f4(after)} | ${r.apply ? params(r.candidate) : '—'} |`,
    );
    if (after > r.held_out_logloss.current) failures.push(`${basename(file)}: made worse`);
  }
  console.log(
    `\n${failures.length === 0 ? 'PASS' : 'FAIL'}: refit ${failures.length === 0 ? 'targets met' : failures.join('; ')}`,
  );
  return failures;
}
