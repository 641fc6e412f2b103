import { createHash } from 'node:crypto';

// The rehearsal's clock multiplies every real second the machine loses: at 150×, half a second of a busy process is
// more than a minute of the evening, longer than a ready check's window. The two configurations side by side use most
// of a quiet 2-core machine at 150×, so a machine that runs slower (a shared VM on a busy day: 1.3–2× here) would
// fail ready checks for the machine, not for the players. The CI rehearsal therefore times a fixed piece of work
// before it starts and slows its clock by as much as the machine is slower than the one its speed was chosen on.

/** The work's time (ms, the fastest run) on the quiet 2-core development machine the CI speed was chosen on (50 ms). */
export const REFERENCE_WORK_MS = 55;
/** The slowest clock the CI rehearsal takes (its wall time grows as the speed falls: 5.25 h at 60× is 5.3 minutes). */
const MIN_SPEED = 60;
const SAMPLES = 9;

/** One piece of the server's kind of work: JSON both ways, hashing and sorting over a ranking-sized list. */
function work(): number {
  let sum = 0;
  for (let round = 0; round < 24; round++) {
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      user_id: `user_${(i * 7919 + round) % 2000}`,
      rate: 1500 + ((i * 37) % 400),
      name: `選手${i}`,
    }));
    rows.sort((a, b) => b.rate - a.rate || a.user_id.localeCompare(b.user_id));
    const text = JSON.stringify(rows);
    sum += (JSON.parse(text) as unknown[]).length;
    sum += createHash('sha1').update(text).digest()[0] ?? 0;
  }
  return sum;
}

/**
 * The work's time on this machine now (ms): the fastest of a few runs, what the machine can do, not what a moment's
 * neighbour (vitest starting its workers) leaves it.
 */
export function machineWorkMs(): number {
  work(); // warm-up (compilation)
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return Math.min(...times);
}

export interface Calibrated {
  speed: number;
  /** The work's time on this machine (ms). */
  workMs: number;
}

/** The speed to run at: `nominal` on a machine as fast as the reference, proportionally slower on a slower one. */
export function calibratedSpeed(nominal: number, workMs = machineWorkMs()): Calibrated {
  const slowness = Math.max(1, workMs / REFERENCE_WORK_MS);
  return { speed: Math.max(MIN_SPEED, Math.min(nominal, Math.round(nominal / slowness))), workMs };
}

/** The line the CI rehearsal prints about its clock. */
export function describeCalibration({ speed, workMs }: Calibrated): string {
  return `rehearsal clock: ${speed}× (the calibration work took ${workMs.toFixed(0)} ms here, ${REFERENCE_WORK_MS} ms on the reference machine)`;
}
