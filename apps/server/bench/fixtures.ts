import { openSession } from '../src/auth/sessions.ts';
import type { AppContext } from '../src/context.ts';
import { seasons, users } from '../src/db/schema.ts';

// Data the server benchmarks set up straight through drizzle (faster than thousands of HTTP logins).

const DAY = 86_400;

/** A season running from yesterday to tomorrow, the only active one. */
export async function activeBenchSeason(ctx: AppContext, id: string, name: string, now: number): Promise<void> {
  await ctx.db.update(seasons).set({ isActive: false });
  await ctx.db
    .insert(seasons)
    .values({ id, name, startDate: now - DAY, endDate: now + DAY, isActive: true, createdAt: now });
}

/** `count` test accounts named `${prefix}00001`…, each with an open session; returns their ids and tokens in order. */
export async function benchAccounts(
  ctx: AppContext,
  prefix: string,
  count: number,
  now: number,
): Promise<{ ids: string[]; tokens: string[] }> {
  const ids = Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(5, '0')}`);
  for (let i = 0; i < ids.length; i += 1000) {
    await ctx.db.insert(users).values(
      ids.slice(i, i + 1000).map((id) => ({
        id,
        authSub: `dummy|${id}`,
        isDummy: true,
        trainerName: id,
        discordUsername: id,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
  const tokens: string[] = [];
  for (let i = 0; i < ids.length; i += 250) {
    const chunk = ids.slice(i, i + 250);
    tokens.push(
      ...(await Promise.all(chunk.map((userId) => openSession(ctx.db, ctx.tokens, { userId, dummy: true, now })))),
    );
  }
  return { ids, tokens };
}
