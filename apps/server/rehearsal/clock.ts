import { formatSimulatedClock, realAt, type SimulatedClock, simulatedAt } from '../src/clock/simulated.ts';

// The rehearsal's side of the simulated clock: the servers are given the same SIMULATED_CLOCK, so this process knows
// their time to the millisecond without asking. Times in the rehearsal are simulated unix seconds unless named *Ms
// (real milliseconds, for latencies).

export class RehearsalClock {
  readonly clock: SimulatedClock;

  /** A clock showing `startUnix` now and running `speed` times faster than real time. */
  constructor(startUnix: number, speed: number, anchorMs = Date.now()) {
    this.clock = { start: startUnix * 1000, anchor: anchorMs, speed };
  }

  /** The SIMULATED_CLOCK value for the servers. */
  get env(): string {
    return formatSimulatedClock(this.clock);
  }

  get speed(): number {
    return this.clock.speed;
  }

  /** Simulated unix seconds now (fractional). */
  now(): number {
    return simulatedAt(this.clock, Date.now()) / 1000;
  }

  /** Real ms from now until the simulated instant `unix` (0 when it has passed). */
  delayUntil(unix: number): number {
    return Math.max(0, realAt(this.clock, unix * 1000) - Date.now());
  }

  /** Real epoch ms at which the simulated instant `unix` comes. */
  realMsAt(unix: number): number {
    return realAt(this.clock, unix * 1000);
  }

  /** Resolves at the simulated instant `unix`. */
  until(unix: number): Promise<void> {
    return new Promise((resolve) => setTimeout(resolve, this.delayUntil(unix)));
  }

  /** Resolves after `seconds` of simulated time. */
  sleep(seconds: number): Promise<void> {
    return this.until(this.now() + seconds);
  }

  /** Runs `fn` at the simulated instant `unix` (at once when it has passed). */
  at(unix: number, fn: () => void): NodeJS.Timeout {
    return setTimeout(fn, this.delayUntil(unix));
  }
}

/** "2026-11-26 19:24" in Japan time, for the figures. */
export function jst(unix: number): string {
  const d = new Date((unix + 9 * 3600) * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

/** Unix seconds of a Japan-time wall clock reading ("2026-11-26T16:00"). */
export function fromJst(text: string): number {
  const ms = Date.parse(`${text}:00+09:00`);
  if (!Number.isFinite(ms)) throw new Error(`not a Japan time: ${text}`);
  return ms / 1000;
}
