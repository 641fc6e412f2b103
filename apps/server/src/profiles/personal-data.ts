import type { PersonalData } from '@rankmatch/shared';
import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import {
  auditLog,
  discordCredentials,
  disputes,
  evidence,
  matchPlayers,
  matchReports,
  notificationPrefs,
  orders,
  playerAvoids,
  playerMmr,
  pushSubscriptions,
  queueEntries,
  seasonAwards,
  seasonRecords,
  seasonStats,
  sessions,
  suspensions,
  userAchievements,
  userBadges,
  users,
  warnings,
} from '../db/schema.ts';

// Everything the site holds about one player, table by table, as stored: my page's data download (the answer to a
// disclosure request, without asking an admin). Secrets are left out: push keys, Discord tokens, session ids, the
// checkout address. Matches appear as the player's rows in them (their team, role, rate change, report).

/** A table's rows where `where` holds, with snake_case column names, without the `omit` columns. */
async function rowsAbout(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  omit: readonly string[] = [],
): Promise<Record<string, unknown>[]> {
  const columns = Object.entries(getTableColumns(table)).filter(([, c]) => !omit.includes(c.name));
  const rows = (await db.select().from(table).where(where)) as Record<string, unknown>[];
  return rows.map((row) => Object.fromEntries(columns.map(([field, c]) => [c.name, row[field] ?? null])));
}

export async function personalDataOf(db: Executor, userId: string, now: number): Promise<PersonalData> {
  const credentials = await db
    .select({ userId: discordCredentials.userId })
    .from(discordCredentials)
    .where(eq(discordCredentials.userId, userId));
  const tables: Record<string, Record<string, unknown>[]> = {
    users: await rowsAbout(db, users, eq(users.id, userId)),
    sessions: await rowsAbout(db, sessions, eq(sessions.userId, userId), ['id']),
    queue_entries: await rowsAbout(db, queueEntries, eq(queueEntries.userId, userId)),
    match_players: await rowsAbout(db, matchPlayers, eq(matchPlayers.userId, userId)),
    match_reports: await rowsAbout(db, matchReports, eq(matchReports.userId, userId)),
    season_stats: await rowsAbout(db, seasonStats, eq(seasonStats.userId, userId)),
    season_records: await rowsAbout(db, seasonRecords, eq(seasonRecords.userId, userId)),
    season_awards: await rowsAbout(db, seasonAwards, eq(seasonAwards.userId, userId)),
    player_mmr: await rowsAbout(db, playerMmr, eq(playerMmr.userId, userId)),
    user_badges: await rowsAbout(db, userBadges, eq(userBadges.userId, userId)),
    // The players they avoid; rows of others who avoid them are those players' data, never shown to them.
    player_avoids: await rowsAbout(db, playerAvoids, eq(playerAvoids.userId, userId)),
    user_achievements: await rowsAbout(db, userAchievements, eq(userAchievements.userId, userId)),
    orders: await rowsAbout(db, orders, eq(orders.userId, userId), ['checkout_url', 'session_id']),
    notification_prefs: await rowsAbout(db, notificationPrefs, eq(notificationPrefs.userId, userId)),
    push_subscriptions: await rowsAbout(db, pushSubscriptions, eq(pushSubscriptions.userId, userId), [
      'endpoint',
      'p256dh',
      'auth',
      'session_id',
    ]),
    disputes: await rowsAbout(db, disputes, eq(disputes.userId, userId)),
    warnings: await rowsAbout(db, warnings, eq(warnings.userId, userId), ['created_by']),
    // Matching suspensions, as the warnings: without which admin gave or lifted them.
    suspensions: await rowsAbout(db, suspensions, eq(suspensions.userId, userId), ['created_by', 'lifted_by']),
    // The screenshots' facts; each image itself is at GET /api/evidence/:id for its uploader.
    evidence: await rowsAbout(db, evidence, eq(evidence.uploaderId, userId), ['data']),
    // Only whether Discord DMs are linked: the tokens are secrets.
    discord_credentials: credentials.map(() => ({ linked: true })),
    // What was done to the player's account; an admin's actions on others are about other players.
    audit_log: await rowsAbout(db, auditLog, and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId))),
  };
  return { exported_at: now, user_id: userId, tables };
}
