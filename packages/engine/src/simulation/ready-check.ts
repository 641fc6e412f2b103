import { ROLES, type Role } from '@rankmatch/shared';
import { runWave } from '../matchmaking/wave.ts';
import { type Random, stream } from './random.ts';

// What the ready check (issue 35) changes, played on the engine's own waves: players join at a steady rate, some
// have walked away by the time a wave picks them (the model's one unknown, taken from the real day's share of void
// matches). Without a ready check their match is made and voided when the lobby times out, and the nine others queue
// again from the start; with one, the check fails at its deadline, the nine keep their place and their wait, and the
// absent leave the queue.

export interface ReadyDayOptions {
  seed: number;
  hours: number;
  /** Queue entries per hour. */
  arrivalsPerHour: number;
  /** Chance that a player is gone when a wave picks them (they never press, never play; each pick drawn anew). */
  absentShare: number;
  /** Chance that a player who is there still misses the ready check (a tab in the background). */
  missShare: number;
  /** 0: no ready check. */
  readyCheckSeconds: number;
  /** Without a ready check: how long a match with an absent player lasts before it is voided. */
  voidAfterSeconds: number;
}

export interface ReadyDay {
  /** Matches the waves proposed (with a ready check: checks opened). */
  proposed: number;
  played: number;
  /** Matches made and then voided because someone was not there. */
  voided: number;
  failedChecks: number;
  /** Seconds from a player's first join to the start of the match they played (mean, p90). */
  meanWait: number;
  p90Wait: number;
  /** Minutes the players who were there spent in matches that never happened or in failed checks. */
  lostMinutes: number;
}

interface Entry {
  id: number;
  rate: number;
  roles: Role[];
  joinedAt: number;
  firstJoin: number;
  wavesMissed: number;
  absent: boolean;
  /** Back in the queue from this time (after a failed check or a voided match). */
  availableAt: number;
}

const WAVE_SECONDS = 120;
/** When a player who is there presses 準備完了 after the alert (uniform, seconds). */
const PRESS_DELAY = { min: 3, max: 30 };

const pressTime = (wave: number, random: Random) =>
  wave + PRESS_DELAY.min + random.next() * (PRESS_DELAY.max - PRESS_DELAY.min);

function newEntry(id: number, at: number, random: Random): Entry {
  const roles = ROLES.filter(() => random.chance(0.4));
  return {
    id,
    rate: Math.round(random.normal(1500, 150)),
    roles,
    joinedAt: at,
    firstJoin: at,
    wavesMissed: 0,
    absent: false,
    availableAt: at,
  };
}

/** One simulated evening. */
export function simulateReadyDay(options: ReadyDayOptions): ReadyDay {
  const arrivals = stream(options.seed, 'ready-arrivals');
  const people = stream(options.seed, 'ready-people');
  const presses = stream(options.seed, 'ready-presses');
  const absence = stream(options.seed, 'ready-absence');
  const end = options.hours * 3600;
  const day: ReadyDay = { proposed: 0, played: 0, voided: 0, failedChecks: 0, meanWait: 0, p90Wait: 0, lostMinutes: 0 };
  const waits: number[] = [];
  let queue: Entry[] = [];
  let nextId = 0;
  let nextArrival = -Math.log(1 - arrivals.next()) * (3600 / options.arrivalsPerHour);
  for (let wave = WAVE_SECONDS; wave <= end; wave += WAVE_SECONDS) {
    while (nextArrival <= wave) {
      queue.push(newEntry(nextId++, nextArrival, people));
      nextArrival += -Math.log(1 - arrivals.next()) * (3600 / options.arrivalsPerHour);
    }
    const ready = queue.filter((e) => e.availableAt <= wave);
    const byId = new Map(ready.map((e) => [String(e.id), e]));
    const made = runWave(
      ready.map((e) => ({
        user_id: String(e.id),
        rate: e.rate,
        roles: e.roles,
        joined_at: Math.floor(e.joinedAt),
        waves_missed: e.wavesMissed,
      })),
      wave,
      { seed: options.seed + wave },
    );
    const picked = new Set<Entry>();
    for (const match of made.matches) {
      const players = [...match.team_a.players, ...match.team_b.players].map((p) => byId.get(p.user_id) as Entry);
      for (const p of players) {
        picked.add(p);
        // Gone by the time a wave picks them: the longer the wait, the likelier in life; here each pick alike.
        p.absent = absence.chance(options.absentShare);
      }
      day.proposed += 1;
      const outcome =
        options.readyCheckSeconds > 0
          ? readyCheck(players, wave, options, presses)
          : direct(players, wave, options, presses);
      day.lostMinutes += outcome.lostMinutes;
      if (outcome.started !== null) {
        day.played += 1;
        for (const p of players) waits.push(outcome.started - p.firstJoin);
      } else {
        if (options.readyCheckSeconds > 0) day.failedChecks += 1;
        else day.voided += 1;
        queue.push(...outcome.back);
      }
    }
    for (const e of ready) if (!picked.has(e)) e.wavesMissed += 1;
    queue = queue.filter((e) => !picked.has(e));
  }
  waits.sort((a, b) => a - b);
  day.meanWait = waits.length ? waits.reduce((s, w) => s + w, 0) / waits.length : 0;
  day.p90Wait = waits.length ? (waits[Math.floor(0.9 * (waits.length - 1))] as number) : 0;
  return day;
}

interface Outcome {
  /** When the match started, or null when it did not happen. */
  started: number | null;
  /** The players who queue again (new entries: the picked ones are taken out). */
  back: Entry[];
  lostMinutes: number;
}

/**
 * No ready check: the match is made; it starts when the last player comes to the lobby (the same delay as a press,
 * so the two are compared fairly); if anyone is gone it is voided when the lobby times out.
 */
function direct(players: Entry[], wave: number, options: ReadyDayOptions, presses: Random): Outcome {
  if (!players.some((p) => p.absent)) {
    return { started: Math.max(...players.map(() => pressTime(wave, presses))), back: [], lostMinutes: 0 };
  }
  const at = wave + options.voidAfterSeconds;
  const present = players.filter((p) => !p.absent);
  // They queue again from the start: the void gave them nothing back.
  const back = present.map((p) => ({ ...p, joinedAt: at, wavesMissed: 0, availableAt: at }));
  return { started: null, back, lostMinutes: (present.length * options.voidAfterSeconds) / 60 };
}

/** A ready check: all press → the match starts at the last press; anyone not → the pressed keep their place. */
function readyCheck(players: Entry[], wave: number, options: ReadyDayOptions, presses: Random): Outcome {
  const pressedAt = players.map((p) =>
    p.absent || presses.chance(options.missShare) ? null : pressTime(wave, presses),
  );
  if (pressedAt.every((t) => t !== null))
    return { started: Math.max(...(pressedAt as number[])), back: [], lostMinutes: 0 };
  const at = wave + options.readyCheckSeconds;
  const back = players.filter((_, i) => pressedAt[i] !== null).map((p) => ({ ...p, availableAt: at }));
  return { started: null, back, lostMinutes: (back.length * options.readyCheckSeconds) / 60 };
}
