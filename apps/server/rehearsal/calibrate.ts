import { Worker } from 'node:worker_threads';
import { ensureServerBuilt } from './server.ts';

// The rehearsal's clock multiplies every real second the machine loses: at 150×, half a second of a busy process is
// more than a minute of the evening, longer than a ready check's window. The two configurations side by side use most
// of a quiet 2-core machine at 150×, so a machine that runs slower (a shared VM on a busy day: 1.3–2× here, or other
// processes on its cores) would fail ready checks for the machine, not for the players. The CI rehearsal therefore
// times a fixed piece of work on both cores at once before it starts, and slows its clock by as much as the machine
// is slower than the one its speed was chosen on.

/** The work's time (ms, median) on the quiet 2-core development machine the CI speed was chosen on (52–55 ms). */
export const REFERENCE_WORK_MS = 58;
/** The slowest clock the CI rehearsal takes (its wall time grows as the speed falls: 5.25 h at 60× is 5.3 minutes). */
const MIN_SPEED = 60;
/** Threads at once: the rehearsal needs both cores (its servers, its players' process, PostgreSQL). */
const THREADS = 2;
const SAMPLES = 9;

// One piece of the server's kind of work (JSON both ways, hashing and sorting over a ranking-sized list), timed
// SAMPLES times after a warm-up, in a worker thread: plain JavaScript, posted back as the list of times.
const WORKER = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
function work() {
  let sum = 0;
  for (let round = 0; round < 24; round++) {
    const rows = Array.from({ length: 2000 }, (_, i) => ({
      user_id: 'user_' + ((i * 7919 + round) % 2000),
      rate: 1500 + ((i * 37) % 400),
      name: '選手' + i,
    }));
    rows.sort((a, b) => b.rate - a.rate || a.user_id.localeCompare(b.user_id));
    const text = JSON.stringify(rows);
    sum += JSON.parse(text).length;
    sum += createHash('sha1').update(text).digest()[0];
  }
  return sum;
}
work();
const times = [];
for (let i = 0; i < ${SAMPLES}; i++) {
  const started = performance.now();
  work();
  times.push(performance.now() - started);
}
parentPort.postMessage(times);
`;

function timesOnAThread(): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, { eval: true });
    worker.once('message', (times: number[]) => {
      resolve(times);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

/**
 * The work's time on this machine now (ms): the median of its runs on both cores at once. Other processes on the
 * cores slow it as they would slow the rehearsal; the median leaves out a moment's neighbour (vitest starting up).
 */
export async function machineWorkMs(): Promise<number> {
  const times = (await Promise.all(Array.from({ length: THREADS }, timesOnAThread))).flat().sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

export interface Calibrated {
  speed: number;
  /** The work's time on this machine (ms). */
  workMs: number;
}

/** The speed to run at: `nominal` on a machine as fast as the reference, proportionally slower on a slower one. */
export function speedFor(nominal: number, workMs: number): Calibrated {
  const slowness = Math.max(1, workMs / REFERENCE_WORK_MS);
  return { speed: Math.max(MIN_SPEED, Math.min(nominal, Math.round(nominal / slowness))), workMs };
}

/** A second look after a pause, so that a moment's neighbour does not slow the whole run. */
const SECOND_LOOK_MS = 1000;

/**
 * Times the machine and picks the speed (calibratedSpeed(150) on a quiet development machine: 150). The faster of
 * two timings a second apart: a busy moment passes, other processes that stay busy are in both.
 */
async function calibratedSpeed(nominal: number): Promise<Calibrated> {
  const first = await machineWorkMs();
  await new Promise((resolve) => setTimeout(resolve, SECOND_LOOK_MS));
  return speedFor(nominal, Math.min(first, await machineWorkMs()));
}

/** The line the CI rehearsal prints about its clock. */
function describeCalibration({ speed, workMs }: Calibrated): string {
  return `rehearsal clock: ${speed}× (the calibration work took ${workMs.toFixed(0)} ms here on both cores, ${REFERENCE_WORK_MS} ms on the reference machine)`;
}

/**
 * The CI rehearsals' speed: after the build (ensureServerBuilt runs esbuild on these cores), the calibrated speed,
 * printed. Slower on a slower machine: the clock would turn its lost real seconds into minutes of the evening.
 */
export async function ciSpeed(nominal: number): Promise<number> {
  ensureServerBuilt();
  const calibrated = await calibratedSpeed(nominal);
  console.log(describeCalibration(calibrated));
  return calibrated.speed;
}
