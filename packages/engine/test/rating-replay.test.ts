import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultRecords, SHARED_DATA_DIR } from '../bench/rating-real.ts';
import { DEFAULT_RATING_CONFIG } from '../src/rating/config.ts';
import { calibration, mmrPredictor, parseRecord, RecordError, scorePredictions } from '../src/rating/replay.ts';

describe('parseRecord', () => {
  it('reads matches in order, with optional season and time, skipping blank lines', () => {
    const text = '{"a":["x","y"],"b":["z"],"winner":"A"}\n\n{"a":["x"],"b":["y"],"winner":"B","season":"2","time":5}\n';
    expect(parseRecord(text, 'r.jsonl')).toEqual([
      { a: ['x', 'y'], b: ['z'], winner: 'A' },
      { a: ['x'], b: ['y'], winner: 'B', season: '2', time: 5 },
    ]);
  });

  it.each([
    ['{"a":["x"],"b":[],"winner":"A"}', '"b" must be a non-empty array'],
    ['{"a":["x"],"b":["y"],"winner":"draw"}', '"winner" must be "A" or "B"'],
    ['{"a":["x"],"b":["x"],"winner":"A"}', 'appears twice'],
    ['{"a":["x"],"b":["y"],"winner":"A"', 'not JSON'],
    ['[1]', 'not a JSON object'],
    ['{"a":["x"],"b":["y"],"winner":"A","time":"noon"}', '"time" must be a number'],
  ])('refuses a malformed line with its line number: %s', (line, problem) => {
    const text = `{"a":["p"],"b":["q"],"winner":"A"}\n${line}\n`;
    expect(() => parseRecord(text, 'r.jsonl')).toThrow(RecordError);
    expect(() => parseRecord(text, 'r.jsonl')).toThrow(
      new RegExp(`^r\\.jsonl:2: .*${problem.replace(/[.*"()[\]]/g, '\\$&')}`),
    );
  });
});

describe('scorePredictions', () => {
  it('counts a 0.5 prediction as half right; log-loss and Brier of the stated chance', () => {
    const s = scorePredictions([0.8, 0.5, 0.3, 0.6], [1, 0, 1, 0]);
    expect(s.n).toBe(4);
    expect(s.accuracy).toBeCloseTo((1 + 0.5 + 0 + 0) / 4, 12);
    expect(s.logloss).toBeCloseTo(-(Math.log(0.8) + Math.log(0.5) + Math.log(0.3) + Math.log(0.4)) / 4, 12);
    expect(s.brier).toBeCloseTo((0.04 + 0.25 + 0.49 + 0.36) / 4, 12);
  });

  it('keeps log-loss finite for a certain, wrong prediction', () => {
    expect(Number.isFinite(scorePredictions([1], [0]).logloss)).toBe(true);
  });
});

describe('calibration', () => {
  it('bins stated P(A wins) by decile with the mean stated chance and how often A won', () => {
    const bins = calibration([0.05, 0.62, 0.68, 1], [0, 1, 0, 1]);
    expect(bins).toHaveLength(10);
    expect(bins[0]).toMatchObject({ n: 1, stated: 0.05, won: 0 });
    expect(bins[6]?.n).toBe(2);
    expect(bins[6]?.stated).toBeCloseTo(0.65, 12);
    expect(bins[6]?.won).toBe(0.5);
    expect(bins[9]).toMatchObject({ n: 1, stated: 1, won: 1 });
  });
});

describe("the benchmark's default records (bench/rating-real.ts)", () => {
  it("reads the engine's data folder and the steering repository's shared/data, a local file winning by name", () => {
    const root = mkdtempSync(join(tmpdir(), 'records-'));
    const local = join(root, 'local');
    const shared = join(root, 'shared');
    mkdirSync(local);
    mkdirSync(shared);
    for (const [dir, name] of [
      [local, 'b.jsonl'],
      [local, 'same.jsonl'],
      [shared, 'a.jsonl'],
      [shared, 'same.jsonl'],
      [shared, 'notes.md'],
    ] as const)
      writeFileSync(join(dir, name), '');
    expect(defaultRecords([local, shared])).toEqual([
      join(shared, 'a.jsonl'),
      join(local, 'b.jsonl'),
      join(local, 'same.jsonl'),
    ]);
    expect(defaultRecords([join(root, 'missing'), shared])).toHaveLength(2);
    expect(SHARED_DATA_DIR.endsWith(join('shared', 'data'))).toBe(true);
  });
});

describe("a replay of the site's own record: refunded players keep their belief", () => {
  const mmr = DEFAULT_RATING_CONFIG.mmr;
  const duel = { a: ['x'], b: ['y'], winner: 'A' as const };

  it('learns nothing for a player the match does not rate (the refund took the update back)', () => {
    const played = { a: ['x', 'p'], b: ['y', 'q'], winner: 'A' as const };
    const kept = mmrPredictor(mmr);
    kept.learn(played);
    const refunded = mmrPredictor(mmr);
    refunded.learn({ ...played, unrated: ['y'] });
    const untouched = mmrPredictor(mmr);
    untouched.learn({ ...played, unrated: ['x', 'y', 'p', 'q'] });

    expect(untouched.predict(duel)).toBeCloseTo(mmrPredictor(mmr).predict(duel), 12);
    // x won either way; y's loss counts only where it was kept.
    expect(refunded.predict(duel)).toBeGreaterThan(0.5);
    expect(kept.predict(duel)).toBeGreaterThan(refunded.predict(duel));
    // q's loss is kept in both.
    const xq = { a: ['x'], b: ['q'], winner: 'A' as const };
    expect(refunded.predict(xq)).toBeCloseTo(kept.predict(xq), 12);
  });
});
