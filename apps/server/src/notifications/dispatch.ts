import { DISCORD_DM_KINDS, type DiscordDmKind, type NotifyKind } from '@rankmatch/shared';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { users } from '../db/schema.ts';
import type { Message } from './messages.ts';
import { enqueue, type OutboxItem, type OutboxWorker } from './outbox.ts';
import { prefsOfUsers } from './prefs.ts';
import { devicesOfUsers, type SubscriptionRow } from './subscriptions.ts';

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

/** One message for some players. */
export interface Notice {
  userIds: readonly string[];
  message: Message;
}

/** Notices whose players are looked up together: a wave's, ten players each, 2,000 players a query. */
const NOTICES_PER_LOOKUP = 200;

/**
 * Turns messages for some players into deliveries: a push to each of their devices where they chose the kind, a
 * Discord DM where they chose it (and a bot is configured). Queued in the outbox (once per event and target), then
 * the worker is woken: the caller never waits for a push service or Discord. Many notices at once (a wave's
 * thousands of match-found alerts) share their lookups: the players' choices, devices and Discord ids are read once
 * per NOTICES_PER_LOOKUP notices, not once per notice.
 */
export async function notifyMany(
  ctx: AppContext,
  outbox: Pick<OutboxWorker, 'wake'>,
  notices: readonly Notice[],
): Promise<number> {
  let queued = 0;
  for (let i = 0; i < notices.length; i += NOTICES_PER_LOOKUP) {
    const items = await itemsFor(ctx, notices.slice(i, i + NOTICES_PER_LOOKUP));
    queued += await enqueue(ctx.db, items, ctx.now());
  }
  if (queued > 0) outbox.wake();
  return queued;
}

async function itemsFor(ctx: AppContext, notices: readonly Notice[]): Promise<OutboxItem[]> {
  const userIds = [...new Set(notices.flatMap((n) => n.userIds))];
  if (userIds.length === 0) return [];
  const prefs = await prefsOfUsers(ctx.db, userIds);
  const devices = new Map<string, SubscriptionRow[]>();
  for (const device of ctx.config.push ? await devicesOfUsers(ctx.db, userIds) : []) {
    devices.set(device.userId, [...(devices.get(device.userId) ?? []), device]);
  }
  // Who wants each notice as a DM (a bot is configured and the message can be one), then their Discord ids at once.
  const dmWanted = notices.map(({ userIds: ids, message }) => {
    const dmKind = dmKindOf(message.kind);
    return message.dm !== null && dmKind && ctx.config.discordBot.token
      ? ids.filter((id) => prefs.get(id)?.discord_dm[dmKind])
      : [];
  });
  const discordIds = await discordIdsOf(ctx, [...new Set(dmWanted.flat())]);
  const items: OutboxItem[] = [];
  notices.forEach(({ userIds: ids, message }, n) => {
    for (const userId of new Set(ids)) {
      if (!prefs.get(userId)?.push[message.kind]) continue;
      for (const device of devices.get(userId) ?? []) {
        items.push({
          eventKey: message.eventKey,
          channel: 'push',
          target: String(device.id),
          userId,
          payload: message.push,
        });
      }
    }
    for (const userId of new Set(dmWanted[n])) {
      const discordId = discordIds.get(userId);
      if (discordId === undefined) continue;
      items.push({
        eventKey: message.eventKey,
        channel: 'discord_dm',
        target: userId,
        userId,
        payload: { content: message.dm, recipient_id: discordId },
      });
    }
  });
  return items;
}

/** A message for some players, queued with the module's context and outbox (batched: see notifyMany). */
export type Notify = (userIds: readonly string[], message: Message) => Promise<void>;
