import { createHash } from 'node:crypto';
import { ROLES, type Role } from '@rankmatch/shared';
import { describe, expect, it } from 'vitest';
import { matchingDayOf, withinAlertHours } from '../src/alerts/index.ts';
import { isWaveTime } from '../src/hours/schedule.ts';
import {
  type SeasonSimulation,
  type SimAccount,
  type SimAlertModel,
  seasonMeta,
  simulatePopulation,
  simulateSeason,
} from '../src/simulation/index.ts';

const DAY = 86_400;
/** Monday 2026-10-26 00:00 in Japan. */
const START = Date.UTC(2026, 9, 25, 15) / 1000;

/** The demo's start rates (30 test accounts 1200–1780, 30 community players at 1500), one account capped. */
function accounts(n: number): SimAccount[] {
  return Array.from({ length: n }, (_, i) => ({
    user_id: `p${String(i + 1).padStart(3, '0')}`,
    role: ROLES[i % ROLES.length] as Role,
    start_rate: i % 60 < 30 ? 1200 + (((i % 60) * 7) % 30) * 20 : 1500,
    ...(i === 5 ? { max_matches: 12 } : {}),
  }));
}

function run(seed: number, alerts?: SimAlertModel, days = 14): SeasonSimulation {
  const meta = seasonMeta(seed, 'bench');
  const players = simulatePopulation({ seed, accounts: accounts(60), meta });
  return simulateSeason({
    seed,
    season_id: 'bench',
    start: START,
    stop_waves: START + days * DAY,
    players,
    meta,
    ...(alerts ? { alerts } : {}),
  });
}

/** The whole result as text (maps as their entries). */
const text = (sim: SeasonSimulation) =>
  JSON.stringify(sim, (_key, value: unknown) => (value instanceof Map ? [...value.entries()] : value));
const sha = (sim: SeasonSimulation) => createHash('sha256').update(text(sim)).digest('hex');

const MODEL: SimAlertModel = { opt_in_share: 0.3, response: 0.35 };

describe('the simulation without alerts', () => {
  it('is exactly what it was before the alert model existed (hash taken before the change)', () => {
    const sim = run(1);
    expect(sim.alerts).toBeUndefined();
    expect(sim.matches).toHaveLength(194);
    expect(sha(sim).slice(0, 16)).toBe('279b0198c5f37085');
  });

  it('is the same when nobody opts in, or nobody answers (then only the alerts sent are added)', () => {
    const off = run(2);
    const none = run(2, { ...MODEL, opt_in_share: 0 });
    expect(none.alerts).toEqual([]);
    expect(text({ ...none, alerts: undefined })).toBe(text(off));
    const silent = run(2, { ...MODEL, response: 0 });
    expect(silent.alerts?.length).toBeGreaterThan(0);
    expect(silent.alerts?.every((a) => !a.answered && a.joined_at === null)).toBe(true);
    expect(text({ ...silent, alerts: undefined })).toBe(text(off));
  });
});

describe('the simulation with alerts', () => {
  const sim = run(3, MODEL);
  const alerts = sim.alerts ?? [];

  it('is deterministic per seed, and another seed gives another season', () => {
    expect(sha(run(3, MODEL))).toBe(sha(sim));
    expect(sha(run(4, MODEL))).not.toBe(sha(sim));
  });

  it('sends alerts after waves, in the default hours (19–24), at most once per player and matching day', () => {
    expect(alerts.length).toBeGreaterThan(10);
    const seen = new Set<string>();
    for (const a of alerts) {
      expect(isWaveTime(a.sent_at)).toBe(true);
      expect(withinAlertHours(a.sent_at, { from_hour: 19, to_hour: 24 })).toBe(true);
      const key = `${a.user_id}:${matchingDayOf(a.sent_at)}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
    }
    const opted = new Set(alerts.map((a) => a.user_id));
    expect(opted.size).toBeLessThanOrEqual(Math.ceil(60 * 0.3 * 1.6));
  });

  it('brings some alerted players to the queue 1–8 minutes later, and they play', () => {
    const answered = alerts.filter((a) => a.answered);
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.length).toBeLessThan(alerts.length);
    const joined = alerts.filter((a) => a.joined_at !== null);
    for (const a of joined) {
      expect(a.answered).toBe(true);
      expect((a.joined_at as number) - a.sent_at).toBeGreaterThanOrEqual(60);
      expect((a.joined_at as number) - a.sent_at).toBeLessThanOrEqual(480);
    }
    const matchedEntries = new Set(
      sim.matches.flatMap((m) => m.players.map((p) => `${p.user_id}:${m.matched_at - p.wait_seconds}`)),
    );
    expect(joined.some((a) => matchedEntries.has(`${a.user_id}:${a.joined_at}`))).toBe(true);
  });
});
