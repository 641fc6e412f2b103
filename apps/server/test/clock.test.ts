import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineWorkMs, REFERENCE_WORK_MS, speedFor } from '../rehearsal/calibrate.ts';
import { formatSimulatedClock, parseSimulatedClock, realAt, simulatedAt } from '../src/clock/simulated.ts';
import { ConfigError, loadConfig } from '../src/config.ts';

// The rehearsals' simulated clock: its value, its two conversions, the refusal in production, and what installing it
// does to a process (Date and the timers), checked in a process of its own.

const START = '2026-11-26T19:20:00+09:00';

describe('SIMULATED_CLOCK', () => {
  it('starts at its instant at the anchor and runs `speed` times faster; the conversions invert each other', () => {
    const clock = parseSimulatedClock(`start=${START},speed=60,anchor=1000000`, 5);
    expect(clock).toEqual({ start: Date.parse(START), anchor: 1_000_000, speed: 60 });
    if (!clock) throw new Error('no clock');
    expect(simulatedAt(clock, 1_000_000)).toBe(Date.parse(START));
    expect(simulatedAt(clock, 1_001_000)).toBe(Date.parse(START) + 60_000);
    expect(realAt(clock, Date.parse(START) + 120_000)).toBe(1_002_000);
    expect(parseSimulatedClock(formatSimulatedClock(clock), 0)).toEqual(clock);
    // Without an anchor: now.
    expect(parseSimulatedClock(`start=${START},speed=2`, 777)?.anchor).toBe(777);
  });

  it.each([
    ['', 'empty'],
    ['start=2026-11-26T19:20:00,speed=60', 'an instant without its offset'],
    [`start=${START},speed=0`, 'speed 0'],
    [`start=${START},speed=1001`, 'too fast'],
    [`start=${START},speed=60,anchor=-5`, 'a negative anchor'],
    [`start=${START},speed=60,later=1`, 'an unknown field'],
    [`start=${START},start=${START},speed=60`, 'a field twice'],
    ['speed=60', 'no start'],
  ])('refuses %j (%s)', (value) => {
    expect(parseSimulatedClock(value, 1)).toBeNull();
  });

  it('is refused in production, and a malformed value stops the start with the format', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rankmatch-clock-'));
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), SHOP_ENABLED: 'false', DATA_DIR: dir };
    expect(() => loadConfig({ ...production, SIMULATED_CLOCK: `start=${START},speed=60` })).toThrow(/SIMULATED_CLOCK/);
    expect(() => loadConfig({ DATA_DIR: dir, SIMULATED_CLOCK: 'fast' })).toThrow(ConfigError);
    expect(loadConfig({ DATA_DIR: dir, SIMULATED_CLOCK: `start=${START},speed=60` }).simulatedClock?.speed).toBe(60);
    expect(loadConfig({ DATA_DIR: dir }).simulatedClock).toBeNull();
  });

  it('once installed, Date and the timers follow it (in a process of its own)', () => {
    const root = resolve(import.meta.dirname, '..');
    const script = `
      import { installSimulatedClock, wallClockTimeout } from './src/clock/install.ts';
      import { promisify } from 'node:util';
      const realStart = Date.now();
      installSimulatedClock({ start: Date.parse('${START}'), anchor: realStart, speed: 600 });
      const out = {};
      out.now = Date.now();
      out.iso = new Date().toISOString();
      out.given = new Date(0).getTime();
      out.isDate = new Date() instanceof Date;
      out.text = typeof Date();
      const began = performance.now();
      // 60 simulated seconds at 600× are 100 real ms.
      await new Promise((r) => setTimeout(r, 60_000));
      out.timeoutRealMs = performance.now() - began;
      out.afterTimeout = Date.now() - out.now;
      let ticks = 0;
      const t = setInterval(() => { ticks += 1; }, 6_000);
      await promisify(setTimeout)(30_000);
      clearInterval(t);
      out.ticks = ticks;
      // The shutdown's deadline stays in wall time: 150 ms are 150 real ms, not a quarter of one.
      const wallBegan = performance.now();
      await new Promise((r) => wallClockTimeout(r, 150));
      out.wallRealMs = performance.now() - wallBegan;
      console.log(JSON.stringify(out));
    `;
    const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    });
    const out = JSON.parse(output.trim().split('\n').at(-1) as string);
    const start = Date.parse(START);
    expect(out.now - start).toBeGreaterThanOrEqual(0);
    expect(out.now - start).toBeLessThan(30_000);
    expect(Date.parse(out.iso) - start).toBeLessThan(30_000);
    expect(out.given).toBe(0);
    expect(out.isDate).toBe(true);
    expect(out.text).toBe('string');
    expect(out.timeoutRealMs).toBeGreaterThanOrEqual(95);
    expect(out.timeoutRealMs).toBeLessThan(2_000);
    expect(out.afterTimeout).toBeGreaterThanOrEqual(60_000);
    expect(out.ticks).toBeGreaterThanOrEqual(3);
    expect(out.ticks).toBeLessThanOrEqual(5);
    expect(out.wallRealMs).toBeGreaterThanOrEqual(145);
  });
});

describe("the CI rehearsal's clock on a slower machine (rehearsal/calibrate.ts)", () => {
  it('keeps its speed on a machine as fast as the reference and slows in proportion on a slower one', () => {
    expect(speedFor(150, REFERENCE_WORK_MS).speed).toBe(150);
    expect(speedFor(150, REFERENCE_WORK_MS / 2).speed).toBe(150);
    expect(speedFor(150, REFERENCE_WORK_MS * 1.5).speed).toBe(100);
    expect(speedFor(150, REFERENCE_WORK_MS * 10).speed).toBe(60);
  });

  it('times real work on both cores, slower while other processes hold them', async () => {
    const quiet = await machineWorkMs();
    expect(quiet).toBeGreaterThan(0);
    const hogs = [0, 1].map(() => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await machineWorkMs()).toBeGreaterThan(quiet * 1.15);
    } finally {
      for (const hog of hogs) hog.kill('SIGKILL');
    }
  }, 30_000);
});
