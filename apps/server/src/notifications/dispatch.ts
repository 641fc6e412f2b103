import { DISCORD_DM_KINDS, type DiscordDmKind, type NotifyKind } from '@rankmatch/shared';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import type { Message } from './messages.ts';
import { enqueue, type OutboxItem, type OutboxWorker } from './outbox.ts';
import { prefsOfUsers } from './prefs.ts';
import { devicesOfUsers } from './subscriptions.ts';

const isDmKind = (kind: NotifyKind): kind is DiscordDmKind => (DISCORD_DM_KINDS as readonly string[]).includes(kind);
/** A lobby number reaches DMs as the "match found" kind (the DM says the match and, once set, its lobby). */
const dmKindOf = (kind: NotifyKind): DiscordDmKind | null =>
  kind === 'lobby_set' ? 'match_found' : isDmKind(kind) ? kind : null;

/** The Discord user id of players who signed in with Discord (users.auth_sub 'discord|<id>'). */
async function discordIdsOf(ctx: AppContext, userIds: readonly string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: users.id, authSub: users.authSub, isBanned: users.isBanned })
    .from(users)
    .where(inArray(users.id, [...userIds]));
  return new Map(
    rows.filter((r) => !r.isBanned && r.authSub.startsWith('discord|')).map((r) => [r.id, r.authSub.slice(8)]),
  );
}

/**
 * Turns a message for some players into deliveries: a push to each of their devices where they chose the kind, a
 * Discord DM where they chose it (and a bot is configured). Queued in the outbox (once per event and target), then
 * the worker is woken: the caller never waits for a push service or Discord.
 */
export async function notifyPlayers(
  ctx: AppContext,
  outbox: Pick<OutboxWorker, 'wake'>,
  userIds: readonly string[],
  message: Message,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const items = await itemsFor(ctx, userIds, message);
  const queued = await enqueue(ctx.db, items, ctx.now());
  if (queued > 0) outbox.wake();
  return queued;
}

/** notifyPlayers with its context and outbox given (the module's). */
export type Notify = (userIds: readonly string[], message: Message) => Promise<number>;

async function itemsFor(ctx: AppContext, userIds: readonly string[], message: Message): Promise<OutboxItem[]> {
  const prefs = await prefsOfUsers(ctx.db, userIds);
  const items: OutboxItem[] = [];
  if (ctx.config.push) {
    const devices = await devicesOfUsers(ctx.db, userIds);
    for (const device of devices) {
      if (!prefs.get(device.userId)?.push[message.kind]) continue;
      items.push({
        eventKey: message.eventKey,
        channel: 'push',
        target: String(device.id),
        userId: device.userId,
        payload: message.push,
      });
    }
  }
  const dmKind = dmKindOf(message.kind);
  if (message.dm !== null && dmKind && ctx.config.discordBot.token) {
    const wanting = userIds.filter((id) => prefs.get(id)?.discord_dm[dmKind]);
    const discordIds = await discordIdsOf(ctx, wanting);
    for (const [userId, discordId] of discordIds) {
      items.push({
        eventKey: message.eventKey,
        channel: 'discord_dm',
        target: userId,
        userId,
        payload: { content: message.dm, recipient_id: discordId },
      });
    }
  }
  return items;
}
