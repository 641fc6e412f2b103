import { ERRORS } from '@rankmatch/shared';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { seasonStats, seasons, users } from '../../src/db/schema.ts';
import type { TestApp } from './app.ts';

// Fixtures for the community-data tests (settings, seasons, ranking, audit): rows written straight through drizzle,
// the way the match lifecycle and the ranking job will find them.

export const DAY = 86_400;

export type SeasonInsert = typeof seasons.$inferInsert;
export type StatsInsert = typeof seasonStats.$inferInsert;

/** A season around the test clock's now (open now unless dates are given). */
export async function insertSeason(t: TestApp, values: Partial<SeasonInsert> & { id: string }): Promise<void> {
  const now = t.clock.now();
  await t.ctx.db.insert(seasons).values({
    name: values.id,
    startDate: now - 10 * DAY,
    endDate: now + 10 * DAY,
    createdAt: now,
    ...values,
  });
}

/** Players that are not test accounts (ids p001…), optionally banned. */
export async function insertPlayers(
  t: TestApp,
  ids: string[],
  extra: Partial<typeof users.$inferInsert> = {},
): Promise<void> {
  const now = t.clock.now();
  await t.ctx.db.insert(users).values(
    ids.map((id) => ({
      id,
      authSub: `discord|${id}`,
      discordUsername: `user_${id}`,
      trainerName: `トレーナー${id}`,
      createdAt: now,
      updatedAt: now,
      ...extra,
    })),
  );
}

/** Season numbers; max_rate defaults to rate and max_rate_at to a fixed moment. */
export async function insertStats(
  t: TestApp,
  rows: (Partial<StatsInsert> & { userId: string; seasonId: string; rate: number })[],
): Promise<void> {
  await t.ctx.db.insert(seasonStats).values(
    rows.map((r) => ({
      maxRate: r.rate,
      matchCount: 10,
      winCount: 5,
      maxRateAt: t.clock.now() - DAY,
      ...r,
    })),
  );
}

export const playerIds = (n: number, prefix = 'p') =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(3, '0')}`);

/** Asserts an error reply: status, stable code and the message (by default the catalogue's; null: not checked). */
export function expectError(
  res: LightMyRequestResponse,
  status: number,
  code: string,
  message: string | null = (ERRORS as Record<string, { message: string }>)[code]?.message ?? null,
) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { error: string; code: string };
  expect(body.code).toBe(code);
  if (message !== null) expect(body.error).toBe(message);
  return body;
}
