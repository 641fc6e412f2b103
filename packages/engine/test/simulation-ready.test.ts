import { describe, expect, it } from 'vitest';
import { type ReadyDayOptions, simulateReadyDay } from '../src/simulation/ready-check.ts';

const BASE: ReadyDayOptions = {
  seed: 7,
  hours: 3,
  arrivalsPerHour: 200,
  absentShare: 0.02,
  missShare: 0,
  readyCheckSeconds: 0,
  voidAfterSeconds: 250,
};

describe('the ready check simulation (bench:trust)', () => {
  it('voids matches of absent players without a ready check, and fails checks instead with one', () => {
    const without = simulateReadyDay(BASE);
    const withCheck = simulateReadyDay({ ...BASE, readyCheckSeconds: 60 });
    expect(without.voided).toBeGreaterThan(0);
    expect(without.failedChecks).toBe(0);
    expect(withCheck.voided).toBe(0);
    expect(withCheck.failedChecks).toBeGreaterThan(0);
    // A failed check costs the ready ones its 60 s; a voided match cost them the lobby's 250 s.
    expect(withCheck.lostMinutes / withCheck.failedChecks).toBeLessThan(without.lostMinutes / without.voided);
  });

  it('makes every proposed match with nobody absent, and is the same for the same seed', () => {
    const everyone = simulateReadyDay({ ...BASE, absentShare: 0, readyCheckSeconds: 60 });
    expect(everyone.played).toBe(everyone.proposed);
    expect(everyone.lostMinutes).toBe(0);
    expect(simulateReadyDay(BASE)).toEqual(simulateReadyDay(BASE));
  });
});
