import type { AppContext } from '../context.ts';
import { type Module, on } from '../module.ts';
import type { OutboxWorker } from '../notifications/outbox.ts';
import { discordAdminRoutes } from './admin-routes.ts';
import { type Announcer, announceQueue, announceSeasonEnd, announceSeasonStart, announceSetting } from './announcer.ts';
import { DiscordChannelSender, DiscordDmSender } from './senders.ts';

/**
 * Discord, where the community already is: the community channel (a webhook an admin sets) and the bot's direct
 * messages, both delivered by the notification outbox's worker; the announcements follow the domain events.
 */
export function discordModule(ctx: AppContext, needs: { outbox: Pick<OutboxWorker, 'use' | 'wake'> }): Module {
  const { outbox } = needs;
  const { apiBase, token } = ctx.config.discordBot;
  const channel = new DiscordChannelSender(ctx.db, apiBase);
  const dm = new DiscordDmSender(ctx.db, apiBase, token);
  outbox.use(channel);
  outbox.use(dm);
  const announcer: Announcer = { ctx, worker: outbox, lastWaiting: null };
  return {
    name: 'discord',
    routes: discordAdminRoutes(ctx, announcer),
    handlers: [
      on('queue.changed', () => announceQueue(announcer)),
      on('season.activated', (event) => announceSeasonStart(announcer, event.season_id)),
      on('season.ended', (event) => announceSeasonEnd(announcer, event.season_id)),
      on('settings.changed', (event) => announceSetting(announcer, event.id)),
    ],
    close: () => {
      channel.close();
      dm.close();
    },
  };
}
