// The ready check's part of `npm run bench:trust` (issue 35): evenings of the engine's waves with and without a ready
// check, at the real day's rate of joins and with absent players at the share that would explain its void matches
// (src/simulation/ready-check.ts says the model). Mean ± sd over seeds.
import { LOBBY_JOIN_TIMEOUT, READY_CHECK_SECONDS } from '@rankmatch/shared';
import day1 from '../src/simulation/data/unitemate-day1.json' with { type: 'json' };
import { type ReadyDay, type ReadyDayOptions, simulateReadyDay } from '../src/simulation/ready-check.ts';

/** The real day: 394 matches of ten in 19.5 hours. */
const ARRIVALS_PER_HOUR = Math.round((day1.matches.total * 10) / 19.5);
/**
 * Every void match of the real day blamed on one absent player at most (an upper bound: some were disconnects or
 * the game failing): 1 − (1 − a)^10 = the void share.
 */
const ABSENT_SHARE = 1 - (1 - day1.theirResults.invalidShare) ** (1 / 10);

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const sd = (xs: readonly number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)));
const pm = (xs: readonly number[], digits = 1) => `${mean(xs).toFixed(digits)} ± ${sd(xs).toFixed(digits)}`;

interface Row {
  name: string;
  options: Omit<ReadyDayOptions, 'seed'>;
}

const BASE: Omit<ReadyDayOptions, 'seed'> = {
  hours: 6,
  arrivalsPerHour: ARRIVALS_PER_HOUR,
  absentShare: ABSENT_SHARE,
  missShare: 0,
  readyCheckSeconds: 0,
  voidAfterSeconds: LOBBY_JOIN_TIMEOUT.default,
};

const ROWS: Row[] = [
  { name: 'no ready check', options: BASE },
  {
    name: `ready check ${READY_CHECK_SECONDS.default} s`,
    options: { ...BASE, readyCheckSeconds: READY_CHECK_SECONDS.default },
  },
  { name: 'no ready check, absent × ½', options: { ...BASE, absentShare: ABSENT_SHARE / 2 } },
  {
    name: `ready check, absent × ½`,
    options: { ...BASE, absentShare: ABSENT_SHARE / 2, readyCheckSeconds: READY_CHECK_SECONDS.default },
  },
  {
    name: 'ready check, 2 % present miss it',
    options: { ...BASE, missShare: 0.02, readyCheckSeconds: READY_CHECK_SECONDS.default },
  },
  {
    name: `ready check ${READY_CHECK_SECONDS.min} s`,
    options: { ...BASE, readyCheckSeconds: READY_CHECK_SECONDS.min },
  },
];

/** Prints the table: per 100 proposed matches, voided and failed; waits to a played match; minutes lost. */
export function printReadyCheck(seeds: number): void {
  console.log(
    `\n== Ready check: ${seeds} evenings of ${BASE.hours} h per row, ${ARRIVALS_PER_HOUR} joins/h (the real day's), ` +
      `absent ${(ABSENT_SHARE * 100).toFixed(2)} % of picks (the real day's ${(day1.theirResults.invalidShare * 100).toFixed(1)} % ` +
      `void matches, all blamed on absence), void after ${BASE.voidAfterSeconds} s ==`,
  );
  console.log(
    `${'scenario'.padEnd(34)}${'voided/100'.padEnd(14)}${'failed/100'.padEnd(14)}${'wait s (mean)'.padEnd(16)}` +
      `${'wait s (p90)'.padEnd(16)}lost player-min/100`,
  );
  for (const row of ROWS) {
    const days: ReadyDay[] = Array.from({ length: seeds }, (_, k) =>
      simulateReadyDay({ ...row.options, seed: 500 + k }),
    );
    const per100 = (f: (d: ReadyDay) => number) => days.map((d) => (100 * f(d)) / Math.max(1, d.proposed));
    console.log(
      `${row.name.padEnd(34)}${pm(per100((d) => d.voided)).padEnd(14)}${pm(per100((d) => d.failedChecks)).padEnd(14)}` +
        `${pm(
          days.map((d) => d.meanWait),
          0,
        ).padEnd(16)}${pm(
          days.map((d) => d.p90Wait),
          0,
        ).padEnd(16)}` +
        `${pm(
          per100((d) => d.lostMinutes),
          0,
        )}`,
    );
  }
}
