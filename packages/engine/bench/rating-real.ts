// The real-results half of `npm run bench:rating`: replays recorded team matches (JSONL, see src/rating/replay.ts)
// through the site's ratings and the libraries' and prints each system's RESULT line, then the calibration by
// decile. Every system predicts a match before it learns it. The libraries run with their defaults: they are the
// yardstick the site's parameters have to beat, not something tuned here.
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rate as openskillRate, rating as openskillRating, predictWin } from 'openskill';
import { plackettLuce, thurstoneMostellerFull } from 'openskill/models';
import { TrueSkill, type Rating as TsRating } from 'ts-trueskill';
import { resolveRatingConfig } from '../src/rating/config.ts';
import {
  type CalibrationBin,
  calibration,
  displayedPredictor,
  mmrPredictor,
  outcomesOf,
  type Predictor,
  parseRecord,
  type RecordedMatch,
  replay,
  scorePredictions,
  teamEloPredictor,
} from '../src/rating/replay.ts';
import type { RatingConfig } from '../src/rating/types.ts';

/** The real records kept beside the engine (not committed: data/README.md says why), run by default. */
export const DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'data');
/**
 * The steering repository's shared data, beside this checkout (../shared/data): the one place the workplace lets
 * records from public snapshots live. Its records run by default too, so none has to be copied in.
 */
export const SHARED_DATA_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'data');

/** Every `*.jsonl` of both folders, by name (one of the same name in data/ wins: a local conversion is newer). */
export function defaultRecords(dirs: readonly string[] = [DATA_DIR, SHARED_DATA_DIR]): string[] {
  const found = new Map<string, string>();
  for (const dir of [...dirs].reverse()) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) if (name.endsWith('.jsonl')) found.set(name, join(dir, name));
  }
  return [...found.keys()].sort().map((name) => found.get(name) as string);
}

/** Reads one record; a malformed line ends the run with its file and line number. */
export function readRecord(path: string): RecordedMatch[] {
  return parseRecord(readFileSync(path, 'utf8'), basename(path));
}

type OsRating = { mu: number; sigma: number };

function openskillPredictor(model: typeof plackettLuce): Predictor {
  const ratings = new Map<string, OsRating>();
  const team = (ids: readonly string[]) => ids.map((id) => ratings.get(id) ?? openskillRating());
  return {
    predict: (m) => predictWin([team(m.a), team(m.b)], { model })[0] as number,
    learn(m) {
      const [a, b] = openskillRate([team(m.a), team(m.b)], { model, rank: m.winner === 'A' ? [1, 2] : [2, 1] });
      for (const [i, id] of m.a.entries()) ratings.set(id, a?.[i] as OsRating);
      for (const [i, id] of m.b.entries()) ratings.set(id, b?.[i] as OsRating);
    },
  };
}

function trueskillPredictor(): Predictor {
  const env = new TrueSkill();
  const ratings = new Map<string, TsRating>();
  const team = (ids: readonly string[]) => ids.map((id) => ratings.get(id) ?? env.createRating());
  return {
    predict: (m) => env.winProbability(team(m.a), team(m.b)),
    learn(m) {
      const [a, b] = env.rate([team(m.a), team(m.b)], m.winner === 'A' ? [0, 1] : [1, 0]) as TsRating[][];
      for (const [i, id] of m.a.entries()) ratings.set(id, a?.[i] as TsRating);
      for (const [i, id] of m.b.entries()) ratings.set(id, b?.[i] as TsRating);
    },
  };
}

export const SYSTEMS = ['mmr', 'displayed', 'elo20', 'elo40', 'openskill-pl', 'openskill-tm', 'trueskill'] as const;
export type SystemName = (typeof SYSTEMS)[number];

function systemOf(name: SystemName, config: RatingConfig): Predictor {
  switch (name) {
    case 'mmr':
      return mmrPredictor(config.mmr);
    case 'displayed':
      return displayedPredictor(config);
    case 'elo20':
      return teamEloPredictor(20);
    case 'elo40':
      return teamEloPredictor(40);
    case 'openskill-pl':
      return openskillPredictor(plackettLuce);
    case 'openskill-tm':
      return openskillPredictor(thurstoneMostellerFull);
    case 'trueskill':
      return trueskillPredictor();
  }
}

export interface SystemResult {
  system: SystemName;
  all: ReturnType<typeof scorePredictions>;
  late: ReturnType<typeof scorePredictions>;
  calibration: CalibrationBin[];
}

/** Scores every system on one record (late = the later half of its matches). */
export function benchRecord(
  matches: readonly RecordedMatch[],
  config: RatingConfig,
  systems: readonly SystemName[] = SYSTEMS,
) {
  const outcomes = outcomesOf(matches);
  const half = Math.floor(matches.length / 2);
  return systems.map((system): SystemResult => {
    const p = replay(matches, systemOf(system, config));
    return {
      system,
      all: scorePredictions(p, outcomes),
      late: scorePredictions(p.slice(half), outcomes.slice(half)),
      calibration: calibration(p, outcomes),
    };
  });
}

const f4 = (x: number) => x.toFixed(4);

export function resultLine(file: string, r: SystemResult): string {
  return `RESULT ${file} ${r.system} n=${r.all.n} accuracy=${f4(r.all.accuracy)} logloss=${f4(r.all.logloss)} brier=${f4(r.all.brier)} late_accuracy=${f4(r.late.accuracy)} late_logloss=${f4(r.late.logloss)}`;
}

const LIBRARIES: readonly SystemName[] = ['elo20', 'elo40', 'openskill-pl', 'openskill-tm', 'trueskill'];
/** Deciles with at least this many matches are held to the calibration target. */
const CALIBRATION_MIN = 200;
const CALIBRATION_TOLERANCE = 0.03;

/** Prints one record's RESULT lines, calibration table and the issue's targets for the MMR; returns the failures. */
export function reportRecord(path: string, config: RatingConfig = resolveRatingConfig()): string[] {
  const file = basename(path);
  const matches = readRecord(path);
  const players = new Set(matches.flatMap((m) => [...m.a, ...m.b])).size;
  const sizes = [...new Set(matches.map((m) => `${m.a.length}v${m.b.length}`))].slice(0, 4).join(', ');
  const aWon = matches.filter((m) => m.winner === 'A').length / matches.length;
  console.log(
    `\n${file}: ${matches.length} matches, ${players} players, teams ${sizes}, team A won ${aWon.toFixed(3)}`,
  );
  const results = benchRecord(matches, config);
  for (const r of results) console.log(resultLine(file, r));
  console.log('calibration (P(A wins) decile: matches, stated → won)');
  console.log(
    `| system | ${results[0]?.calibration.map((b) => `${b.from.toFixed(1)}–${b.to.toFixed(1)}`).join(' | ')} |`,
  );
  for (const r of results) {
    const cells = r.calibration.map((b) => (b.n === 0 ? '—' : `${b.n}: ${b.stated.toFixed(3)}→${b.won.toFixed(3)}`));
    console.log(`| ${r.system} | ${cells.join(' | ')} |`);
  }
  const by = new Map(results.map((r) => [r.system, r]));
  const mmr = by.get('mmr') as SystemResult;
  const libs = LIBRARIES.map((s) => by.get(s) as SystemResult);
  const best = (pick: (r: SystemResult) => number, better: (x: number, y: number) => boolean) =>
    libs.reduce((b, r) => (better(pick(r), pick(b)) ? r : b));
  const bestLog = best(
    (r) => r.all.logloss,
    (x, y) => x < y,
  );
  const bestLateLog = best(
    (r) => r.late.logloss,
    (x, y) => x < y,
  );
  const bestAcc = best(
    (r) => r.all.accuracy,
    (x, y) => x > y,
  );
  const failures: string[] = [];
  const check = (ok: boolean, text: string) => {
    console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${text}`);
    if (!ok) failures.push(`${file}: ${text}`);
  };
  check(
    mmr.all.logloss <= bestLog.all.logloss,
    `MMR log-loss ${f4(mmr.all.logloss)} ≤ best library's (${bestLog.system} ${f4(bestLog.all.logloss)})`,
  );
  check(
    mmr.late.logloss <= bestLateLog.late.logloss,
    `MMR later-half log-loss ${f4(mmr.late.logloss)} ≤ best library's (${bestLateLog.system} ${f4(bestLateLog.late.logloss)})`,
  );
  check(
    mmr.all.accuracy >= bestAcc.all.accuracy - 0.003,
    `MMR accuracy ${f4(mmr.all.accuracy)} ≥ best library's − 0.3 points (${bestAcc.system} ${f4(bestAcc.all.accuracy)})`,
  );
  const off = mmr.calibration.filter(
    (b) => b.n >= CALIBRATION_MIN && Math.abs(b.stated - b.won) > CALIBRATION_TOLERANCE,
  );
  check(
    off.length === 0,
    `MMR calibration within ${CALIBRATION_TOLERANCE} in every decile of ≥ ${CALIBRATION_MIN} matches${off.length ? ` (off: ${off.map((b) => `${b.from.toFixed(1)}–${b.to.toFixed(1)} ${b.stated.toFixed(3)}→${b.won.toFixed(3)}`).join(', ')})` : ''}`,
  );
  return failures;
}

/** `--data <file>` arguments (repeatable); none given means every committed record. */
export function dataArguments(argv: readonly string[]): string[] | null {
  const files: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--data') {
      const file = argv[i + 1];
      if (!file || file.startsWith('--')) throw new Error('--data needs a file (a JSONL record of matches)');
      files.push(file);
      i++;
    } else if (argv[i]?.startsWith('--data=')) files.push((argv[i] as string).slice('--data='.length));
  }
  return files.length > 0 ? files : null;
}
