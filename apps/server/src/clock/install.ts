import { promisify } from 'node:util';
import { type SimulatedClock, simulatedAt } from './simulated.ts';

// Puts a simulated clock in this process: every reading of the time (Date.now(), new Date()) and every timer
// (setTimeout, setInterval: the scheduler's cron library, the heartbeats, the nudges, token expiry through Date)
// follows it. The code under rehearsal is the production code: nothing else knows the clock is simulated.
// Durations measured with performance.now() stay real (they are reported as such). Refused in production (config).

let installed: SimulatedClock | null = null;

/** The process's own setTimeout, whatever clock is installed: for deadlines in wall time (the shutdown's). */
export const wallClockTimeout: typeof setTimeout = globalThis.setTimeout;

export function installSimulatedClock(clock: SimulatedClock): void {
  if (installed) throw new Error('a simulated clock is already installed');
  installed = clock;
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  const now = () => simulatedAt(clock, realNow());

  globalThis.Date = new Proxy(RealDate, {
    construct(target, args, newTarget) {
      return Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget);
    },
    // Date() called as a function gives the current time as text.
    apply() {
      return new RealDate(now()).toString();
    },
    get(target, key, receiver) {
      return key === 'now' ? now : Reflect.get(target, key, receiver);
    },
  });

  // A delay of d simulated ms is d / speed real ms.
  const scaled = (ms: unknown) => {
    const d = Number(ms);
    return Number.isFinite(d) && d > 0 ? d / clock.speed : ms;
  };
  const realSetTimeout = globalThis.setTimeout;
  const realSetInterval = globalThis.setInterval;
  const setTimeoutScaled = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) =>
    realSetTimeout(callback, scaled(ms) as number, ...args)) as typeof setTimeout;
  Object.defineProperty(setTimeoutScaled, promisify.custom, {
    value: (ms?: number, value?: unknown) => new Promise((resolve) => setTimeoutScaled(() => resolve(value), ms)),
  });
  globalThis.setTimeout = setTimeoutScaled;
  globalThis.setInterval = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) =>
    realSetInterval(callback, scaled(ms) as number, ...args)) as typeof setInterval;
}
