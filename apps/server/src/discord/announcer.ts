import { createHash, randomUUID } from 'node:crypto';
import { isMatchingOpen, nextWaveUnix } from '@rankmatch/engine';
import { DISCORD_QUEUE_COOLDOWN_MINUTES, DISCORD_QUEUE_THRESHOLDS, type DiscordAnnounceKind } from '@rankmatch/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import type { Executor } from '../db/client.ts';
import { discordSettings } from '../db/schema.ts';
import { enqueue } from '../notifications/outbox.ts';
import { queueSize } from '../queue/service.ts';
import { findSeason, isSeasonOpen, markedActiveSeason } from '../seasons/queries.ts';
import { finalTop, lastChannelMessage, lastQueueAnnouncementAt, savedSetting } from './queries.ts';
import { readDiscordSettings } from './settings.ts';
import { announcementText, queueText, seasonEndText, seasonStartText, testText } from './texts.ts';

// What the community channel announces, decided when the app's domain events happen (the handlers run after commit,
// in the background, on the instance that committed): each announcement is a row of the notification outbox, keyed so
// that the same fact is announced once, and the outbox worker delivers it. Nothing here calls Discord, so a slow or
// failing Discord never holds up the queue, a wave or a report.

/** The outbox worker, woken after an enqueue so the message goes out at once. */
export interface Wakeable {
  wake(): void;
}

/** What the channel's test message is filed under (beside the announcement kinds). */
export const TEST_TARGET = 'test';

/** The channel's announcer: the app's context, the outbox worker to wake, the queue size this instance last saw. */
export interface Announcer {
  ctx: AppContext;
  worker: Wakeable;
  lastWaiting: number | null;
}

const siteUrlOf = (ctx: AppContext) => ctx.config.publicUrl.replace(/\/+$/, '');

/**
 * After the queue changed: in matching hours, with a season open, when the queue moved to one of
 * DISCORD_QUEUE_THRESHOLDS. At most once per wave turn (the key names the next wave) and never within the cool-down of
 * the previous queue announcement. The settings row is locked meanwhile, so two changes at once cannot both pass the
 * cool-down.
 */
export async function announceQueue(announcer: Announcer): Promise<void> {
  const { ctx } = announcer;
  if (!(await announcing(ctx.db, 'queue'))) return;
  const waiting = await queueSize(ctx.db);
  // Every wave says the queue changed, even when nobody came or went: a queue that stays at 7 all evening is not
  // announced again and again, only a number the queue moved to (as this instance saw it).
  const moved = waiting !== announcer.lastWaiting;
  announcer.lastWaiting = waiting;
  const now = ctx.now();
  if (!moved || !isMatchingOpen(now) || !(DISCORD_QUEUE_THRESHOLDS as readonly number[]).includes(waiting)) return;
  const added = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: discordSettings.id }).from(discordSettings).where(eq(discordSettings.id, 1)).for('update');
    if (!isSeasonOpen(await markedActiveSeason(tx), now)) return 0;
    const last = await lastQueueAnnouncementAt(tx);
    if (last !== null && now - last < DISCORD_QUEUE_COOLDOWN_MINUTES * 60) return 0;
    const nextWaveAt = nextWaveUnix(now);
    const content = queueText({ waiting, nextWaveAt, siteUrl: siteUrlOf(ctx) });
    return queueMessage(tx, `discord.queue:${nextWaveAt}`, 'queue', content, now);
  });
  if (added > 0) announcer.worker.wake();
}

/** A season became active (by its date or an admin). */
export async function announceSeasonStart(announcer: Announcer, seasonId: string): Promise<void> {
  const { ctx } = announcer;
  if (!(await announcing(ctx.db, 'season'))) return;
  const season = await findSeason(ctx.db, seasonId);
  if (!season) return;
  const now = ctx.now();
  const content = seasonStartText({ ...season, now, siteUrl: siteUrlOf(ctx) });
  await post(announcer, `discord.season.start:${seasonId}`, 'season', content, now);
}

/** A season ended: its final top 10. */
export async function announceSeasonEnd(announcer: Announcer, seasonId: string): Promise<void> {
  const { ctx } = announcer;
  if (!(await announcing(ctx.db, 'season'))) return;
  const season = await findSeason(ctx.db, seasonId);
  if (!season) return;
  const top = await finalTop(ctx.db, seasonId, 10);
  const content = seasonEndText({ name: season.name, top, siteUrl: siteUrlOf(ctx) });
  await post(announcer, `discord.season.end:${seasonId}`, 'season', content, ctx.now());
}

/** A setting was saved: the announcement, when its text is new and not empty. */
export async function announceSetting(announcer: Announcer, id: string): Promise<void> {
  const { ctx } = announcer;
  if (id !== 'announcement_content') return;
  if (!(await announcing(ctx.db, 'announcement'))) return;
  const saved = await savedSetting(ctx.db, id);
  if (!saved?.value.trim()) return;
  const content = announcementText({ content: saved.value, siteUrl: siteUrlOf(ctx) });
  // Saved again without a change: the channel's last announcement says this already.
  if ((await lastChannelMessage(ctx.db, 'announcement')) === content) return;
  const digest = createHash('sha256').update(saved.value).digest('hex').slice(0, 16);
  await post(announcer, `discord.announcement:${saved.updatedAt}:${digest}`, 'announcement', content, ctx.now());
}

/** The admin's テスト送信: queued now, whatever kinds are on. False when no webhook URL is set. */
export async function sendTestMessage(announcer: Announcer): Promise<boolean> {
  const { ctx } = announcer;
  const { webhookUrl } = await readDiscordSettings(ctx.db);
  if (!webhookUrl) return false;
  const now = ctx.now();
  const content = testText({ now, siteUrl: siteUrlOf(ctx) });
  await post(announcer, `discord.test:${now}:${randomUUID()}`, TEST_TARGET, content, now);
  return true;
}

/** A webhook is set and the kind is switched on. */
async function announcing(db: Executor, kind: DiscordAnnounceKind): Promise<boolean> {
  const settings = await readDiscordSettings(db);
  return settings.webhookUrl !== null && settings.kinds[kind];
}

/** Queues one message; returns 1, or 0 when its key was queued before. */
function queueMessage(db: Executor, eventKey: string, target: string, content: string, now: number): Promise<number> {
  return enqueue(db, [{ eventKey, channel: 'discord_channel', target, payload: { content } }], now);
}

/** Queues one message outside any transaction and wakes the worker. */
async function post(announcer: Announcer, eventKey: string, target: string, content: string, now: number) {
  if ((await queueMessage(announcer.ctx.db, eventKey, target, content, now)) > 0) announcer.worker.wake();
}
