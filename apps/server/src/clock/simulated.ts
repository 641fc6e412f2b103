// A simulated clock for rehearsals: the server's time starts at a chosen instant and runs `speed` times faster than
// real time. It is given as SIMULATED_CLOCK="start=<ISO instant>,speed=<1–1000>[,anchor=<real epoch ms>]": at the
// real instant `anchor` (by default, when the process starts) the simulated time is `start`. Processes given the same
// value (two instances and the program that drives them) agree on the time to the millisecond.
//
// Pure: parsing and the two conversions. install.ts puts it in the process (Date and the timers).

export interface SimulatedClock {
  /** Simulated epoch ms at the anchor. */
  start: number;
  /** Real epoch ms at which the simulated time is `start`. */
  anchor: number;
  speed: number;
}

export const MAX_SPEED = 1000;

/** The message of a value that is not a clock (the server refuses to start with it). */
export const CLOCK_FORMAT_MESSAGE =
  'SIMULATED_CLOCK は "start=<ISO 8601 の日時>,speed=<1〜1000>[,anchor=<基準の実時刻 ms>]" の形にしてください';

/** Parses a SIMULATED_CLOCK value; null when it is not one. `realNow` is the anchor when none is given. */
export function parseSimulatedClock(value: string, realNow: number): SimulatedClock | null {
  const fields = new Map<string, string>();
  for (const part of value.split(',')) {
    const at = part.indexOf('=');
    if (at <= 0) return null;
    const key = part.slice(0, at).trim();
    if (fields.has(key)) return null;
    fields.set(key, part.slice(at + 1).trim());
  }
  const known = new Set(['start', 'speed', 'anchor']);
  if ([...fields.keys()].some((k) => !known.has(k))) return null;
  const startText = fields.get('start') ?? '';
  // An instant with its offset (or Z): a clock must not depend on the machine's time zone.
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(startText)) return null;
  const start = Date.parse(startText);
  const speed = Number(fields.get('speed'));
  const anchorText = fields.get('anchor');
  const anchor = anchorText === undefined ? realNow : Number(anchorText);
  if (!Number.isFinite(start) || !Number.isFinite(speed) || speed < 1 || speed > MAX_SPEED) return null;
  if (!Number.isSafeInteger(anchor) || anchor <= 0) return null;
  return { start, anchor, speed };
}

/** The value that gives this clock to another process. */
export function formatSimulatedClock(clock: SimulatedClock): string {
  return `start=${new Date(clock.start).toISOString()},speed=${clock.speed},anchor=${clock.anchor}`;
}

/** Simulated epoch ms at a real epoch ms. */
export function simulatedAt(clock: SimulatedClock, realMs: number): number {
  return Math.floor(clock.start + (realMs - clock.anchor) * clock.speed);
}

/** Real epoch ms at which the clock shows `simulatedMs`. */
export function realAt(clock: SimulatedClock, simulatedMs: number): number {
  return clock.anchor + (simulatedMs - clock.start) / clock.speed;
}
