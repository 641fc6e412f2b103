import { discordSettingsSchema, discordSettingsUpdateSchema, okReplySchema } from '@rankmatch/shared';
import type { FastifyInstance } from 'fastify';
import { adminOf } from '../admin/scope.ts';
import type { AppContext } from '../context.ts';
import { api } from '../docs/contract.ts';
import { AppError } from '../http/errors.ts';
import { parse } from '../http/validate.ts';
import type { DiscordAnnouncer } from './announcer.ts';
import { discordSettingsReply } from './service.ts';
import { writeDiscordSettings } from './settings.ts';

/** Admin scope: the community channel's webhook, the kinds announced, and a test message. */
export function registerDiscordAdminRoutes(admin: FastifyInstance, ctx: AppContext, announcer: DiscordAnnouncer): void {
  admin.get(
    '/api/admin/discord',
    api({
      summary: "The Discord channel's settings (the webhook URL masked) and latest deliveries",
      tag: 'admin',
      access: 'admin',
      reply: discordSettingsSchema,
    }),
    async () => discordSettingsReply(ctx),
  );

  admin.put(
    '/api/admin/discord',
    api({
      summary: "Sets the Discord channel's webhook URL (omitted: kept; empty: removed) and the kinds announced",
      tag: 'admin',
      access: 'admin',
      body: discordSettingsUpdateSchema,
      reply: discordSettingsSchema,
    }),
    async (request) => {
      const body = parse(discordSettingsUpdateSchema, request.body);
      await writeDiscordSettings(ctx.db, body, { actorId: adminOf(request).user.id, now: ctx.now() });
      return discordSettingsReply(ctx);
    },
  );

  admin.post(
    '/api/admin/discord/test',
    api({
      summary: 'Sends a test message to the Discord channel now',
      tag: 'admin',
      access: 'admin',
      noBody: 'None is read (the web app sends {}): the message is fixed',
      reply: okReplySchema,
      errors: ['DISCORD_WEBHOOK_NOT_SET'],
    }),
    async () => {
      if (!(await announcer.sendTest())) throw new AppError('DISCORD_WEBHOOK_NOT_SET');
      return { ok: true as const };
    },
  );
}
