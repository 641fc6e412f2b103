import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { DomainEvents } from '../events/domain.ts';
import type { OutboxWorker } from '../notifications/outbox.ts';
import { DiscordAnnouncer } from './announcer.ts';
import { registerDiscordAdminRoutes } from './routes.ts';
import { DiscordChannelSender, DiscordDmSender } from './senders.ts';

// Discord, where the community already is (issue 24): the community channel (a webhook an admin sets) and the bot's
// direct messages, both delivered by the notification outbox's worker. Called once by app.ts inside the admin scope.

/** The two senders on the outbox worker, the announcements on the domain events, the admin's routes. */
export function wireDiscord(
  admin: FastifyInstance,
  ctx: AppContext,
  events: DomainEvents,
  outbox: Pick<OutboxWorker, 'use' | 'wake'>,
): void {
  const { apiBase, token } = ctx.config.discordBot;
  const channel = new DiscordChannelSender(ctx.db, apiBase);
  const dm = new DiscordDmSender(ctx.db, apiBase, token);
  outbox.use(channel);
  outbox.use(dm);
  admin.addHook('onClose', async () => {
    channel.close();
    dm.close();
  });

  const announcer = new DiscordAnnouncer(ctx, outbox);
  events.on('queue.changed', () => announcer.queueChanged());
  events.on('season.activated', (event) => announcer.seasonActivated(event.season_id));
  events.on('season.ended', (event) => announcer.seasonEnded(event.season_id));
  events.on('settings.changed', (event) => announcer.settingChanged(event.id));
  registerDiscordAdminRoutes(admin, ctx, announcer);
}
