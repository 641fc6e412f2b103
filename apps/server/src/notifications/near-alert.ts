import {
  DEFAULT_MATCHMAKING_CONFIG,
  matchingDayOf,
  type NearAlertCandidate,
  nearAlertTargets,
  nextWaveUnix,
  windowHalfWidth,
} from '@rankmatch/engine';
import { sql } from 'drizzle-orm';
import { suspendedUntilOf } from '../accounts/suspension.ts';
import type { AppContext } from '../context.ts';
import { rowsOf } from '../db/client.ts';
import { openMatchIdOf } from '../matches/queries.ts';
import { nearCount, queuedRatings } from '../queue/outlook.ts';
import { isSeasonOpen, markedActiveSeason } from '../seasons/queries.ts';
import type { Notify } from './dispatch.ts';
import { queueNear } from './messages.ts';
import { markNearAlerted, nearAlertSubscribers } from './prefs.ts';

export const NEAR_ALERT_JOB = 'queue-near-alerts';
/** Odd minutes: a minute after each wave turn, on the queue the wave left. */
export const NEAR_ALERT_CRON = '1-59/2 * * * *';

interface CandidateRow {
  user_id: string;
  rating: number;
  queued: boolean;
  playing: boolean;
  eligible: boolean;
}

/** Who of these players could join now, and where they stand (banned, timed out, suspended or nameless cannot). */
async function candidateRows(ctx: AppContext, userIds: readonly string[]): Promise<Map<string, CandidateRow>> {
  if (userIds.length === 0) return new Map();
  const now = ctx.now();
  const rows = rowsOf<CandidateRow>(
    await ctx.db.execute(sql`
      select u.id as user_id,
        round(coalesce(m.mu, u.start_rate))::int as rating,
        exists (select 1 from queue_entries q where q.user_id = u.id) as queued,
        ${openMatchIdOf(sql`u.id`)} is not null as playing,
        (not u.is_banned and u.trainer_name <> ''
          and (u.penalty_timeout_until is null or u.penalty_timeout_until <= ${now})
          and ${suspendedUntilOf(sql`u.id`, now)} is null) as eligible
      from users u left join player_mmr m on m.user_id = u.id
      where u.id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return new Map(rows.map((r) => [r.user_id, r]));
}

/**
 * The queue alert (a locked job, a minute after each wave): players who asked to be told when at least N players near
 * their rate are waiting, in their hours, once per matching day, get "レートの近いプレイヤーがマッチング待ちです". The
 * rule is the engine's (nearAlertTargets), the one the simulation's responders follow.
 */
export async function runNearAlerts(ctx: AppContext, notify: Notify): Promise<number> {
  const now = ctx.now();
  if (!isSeasonOpen(await markedActiveSeason(ctx.db), now)) return 0;
  const subscribers = await nearAlertSubscribers(ctx.db);
  if (subscribers.length === 0) return 0;
  const [ratings, rows] = await Promise.all([
    queuedRatings(ctx.db),
    candidateRows(
      ctx,
      subscribers.map((s) => s.userId),
    ),
  ]);
  const candidates: NearAlertCandidate[] = [];
  for (const s of subscribers) {
    const row = rows.get(s.userId);
    if (!row?.eligible) continue;
    const { min_players, from_hour, to_hour } = s.prefs.near_alert;
    candidates.push({
      ...{ user_id: s.userId, rating: Number(row.rating), min_players, from_hour, to_hour },
      ...{ last_alerted_at: s.lastNearAlertAt, queued: row.queued, playing: row.playing },
    });
  }
  const half = windowHalfWidth(0, DEFAULT_MATCHMAKING_CONFIG);
  const targets = nearAlertTargets({ queued_ratings: ratings, candidates, half_width: half, now });
  const day = String(matchingDayOf(now));
  const nextWaveAt = nextWaveUnix(now);
  for (const userId of targets) {
    const rating = Number(rows.get(userId)?.rating);
    const waiting = nearCount(ratings, rating);
    await notify([userId], queueNear({ day, waiting, nextWaveAt, siteUrl: ctx.config.publicUrl }));
  }
  await markNearAlerted(ctx.db, targets, now);
  return targets.length;
}
