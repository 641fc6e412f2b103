import type { MmrConfig } from '@rankmatch/engine';
import { asc, eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Executor } from '../db/client.ts';
import { ratingRefits } from '../db/schema.ts';

// The MMR's parameters in force: the configuration's, then each applied refit's from its `effective_from` on. A match
// is rated (settled, corrected, refunded, replayed) by the parameters in force when the wave made it, so a refit
// changes later matches only and ratings stay equal to a replay. Read in the caller's transaction, never cached: two
// instances always agree (the table holds a few rows a season).

type Rules = Config['rules'];

export interface MmrTimeline {
  /** The parameters of the latest refit in force at `at` (unix seconds); null: the configuration's. */
  paramsAt(at: number): MmrConfig | null;
  /** `rules` with the rating's MMR parameters in force when the match was made. */
  rulesFor(match: { matchedAt: number }, rules: Rules): Rules;
}

type Step = { from: number; params: MmrConfig };

export function timelineOf(steps: readonly Step[]): MmrTimeline {
  const paramsAt = (t: number) => {
    let params: MmrConfig | null = null;
    for (const s of steps) if (s.from <= t) params = s.params;
    return params;
  };
  return {
    paramsAt,
    rulesFor: (match, rules) => {
      const mmr = paramsAt(match.matchedAt);
      return mmr === null ? rules : { ...rules, rating: { ...rules.rating, mmr } };
    },
  };
}

/** The applied refits, oldest first. */
export async function appliedRefits(db: Executor): Promise<Step[]> {
  const rows = await db
    .select({ from: ratingRefits.effectiveFrom, params: ratingRefits.params })
    .from(ratingRefits)
    .where(eq(ratingRefits.applied, true))
    .orderBy(asc(ratingRefits.effectiveFrom), asc(ratingRefits.id));
  return rows.map((r) => ({ from: r.from as number, params: r.params as unknown as MmrConfig }));
}

/** The timeline of parameters, read now (in the caller's transaction when given one). */
export async function mmrTimeline(db: Executor): Promise<MmrTimeline> {
  return timelineOf(await appliedRefits(db));
}
