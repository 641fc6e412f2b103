import { BADGES } from '@rankmatch/shared';
import { sql } from 'drizzle-orm';
import { dummySeeds } from '../auth/dummy-accounts.ts';
import type { Executor } from '../db/client.ts';
import { seasonStats, seasons, userBadges } from '../db/schema.ts';

// Demo data for development starts, so a newcomer sees a living site: an active season running now, a finished
// previous season with records, season numbers and a few badges for the test accounts. Idempotent: nothing is
// overwritten once it exists.

const DAY = 86_400;
export const DEMO_SEASON_ID = 'demo-season-2';
export const DEMO_PAST_SEASON_ID = 'demo-season-1';
/** The test account one match away from 100 in the demo season. */
export const DEMO_NEAR_MILESTONE_ID = 'dummy_29';

/** A deterministic pseudo-random sequence so every fresh demo looks the same. */
function sequence(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

export async function seedDemoData(db: Executor, now: number): Promise<void> {
  const inserted = await db
    .insert(seasons)
    .values([
      {
        id: DEMO_PAST_SEASON_ID,
        name: 'デモシーズン1',
        description: '開発用のデモデータです（終了済みシーズン）。',
        startDate: now - 120 * DAY,
        endDate: now - 30 * DAY,
        themeColor: '#3f6fd8',
        isActive: false,
        // Ended through the real season end at start-up (records frozen, rewards granted): see main.ts.
        endingStartedAt: now,
        createdAt: now,
      },
      {
        id: DEMO_SEASON_ID,
        name: 'デモシーズン2',
        description: '開発用のデモシーズンです。すぐにマッチングに参加できます。',
        startDate: now - 30 * DAY,
        endDate: now + 60 * DAY,
        themeColor: '#ff6b35',
        isActive: false,
        createdAt: now,
      },
    ])
    .onConflictDoNothing({ target: seasons.id })
    .returning();
  if (inserted.length === 0) return; // seeded before

  // Activate the demo season only when no other season is active.
  await db.execute(
    sql`update seasons set is_active = true where id = ${DEMO_SEASON_ID} and not exists (select 1 from seasons where is_active)`,
  );

  const random = sequence(42);
  const players = dummySeeds().filter((s) => s.id.startsWith('dummy_') && s.id !== 'dummy_admin');
  const stats: (typeof seasonStats.$inferInsert)[] = [];
  for (const [index, player] of players.entries()) {
    for (const seasonId of [DEMO_PAST_SEASON_ID, DEMO_SEASON_ID]) {
      // Five players have not played the current season yet.
      if (seasonId === DEMO_SEASON_ID && index % 6 === 5) continue;
      // One account is a match away from the season's 100-match badge (and its gold licence), so the achievement
      // toast can be tried at once (the browser test uses it too).
      const nearMilestone = seasonId === DEMO_SEASON_ID && player.id === DEMO_NEAR_MILESTONE_ID;
      const matches = nearMilestone ? 99 : 8 + Math.floor(random() * 80);
      const wins = Math.round(matches * (0.35 + random() * 0.3));
      const drift = Math.round((wins - matches / 2) * 9);
      const rate = player.rate + drift;
      stats.push({
        userId: player.id,
        seasonId,
        rate,
        maxRate: Math.max(rate, player.rate) + Math.floor(random() * 40),
        matchCount: matches,
        winCount: wins,
        maxRateAt: now - Math.floor(random() * 25 * DAY) - (seasonId === DEMO_PAST_SEASON_ID ? 40 * DAY : 0),
      });
    }
  }
  await db.insert(seasonStats).values(stats).onConflictDoNothing();

  // A few owned badges per test account, so equipping works at once.
  const earned = BADGES.filter((b) => b.is_active);
  const owned: (typeof userBadges.$inferInsert)[] = [];
  for (const [index, player] of dummySeeds().entries()) {
    for (let k = 0; k < 4; k++) {
      const badge = earned[(index * 7 + k * 13) % earned.length];
      if (badge) owned.push({ userId: player.id, badgeId: badge.id, source: 'seed', acquiredAt: now });
    }
  }
  await db.insert(userBadges).values(owned).onConflictDoNothing();
}
