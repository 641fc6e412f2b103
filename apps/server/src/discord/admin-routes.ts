import { discordSettingsSchema, discordSettingsUpdateSchema, okReplySchema } from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/errors.ts';
import { type RouteDef, route } from '../http/route.ts';
import { type Announcer, sendTestMessage } from './announcer.ts';
import { discordSettingsReply } from './service.ts';
import { writeDiscordSettings } from './settings.ts';

/** The community channel's webhook, the kinds announced, and a test message. */
export function discordAdminRoutes(ctx: AppContext, announcer: Announcer): RouteDef[] {
  return [
    route(
      {
        method: 'GET',
        url: '/api/admin/discord',
        summary: "The Discord channel's settings (the webhook URL masked) and latest deliveries",
        tag: 'admin',
        access: 'admin',
        reply: discordSettingsSchema,
      },
      () => discordSettingsReply(ctx),
    ),
    route(
      {
        method: 'PUT',
        url: '/api/admin/discord',
        summary: "Sets the Discord channel's webhook URL (omitted: kept; empty: removed) and the kinds announced",
        tag: 'admin',
        access: 'admin',
        body: discordSettingsUpdateSchema,
        reply: discordSettingsSchema,
      },
      async ({ user, body, now }) => {
        await writeDiscordSettings(ctx.db, body, { actorId: user.id, now });
        return discordSettingsReply(ctx);
      },
    ),
    route(
      {
        method: 'POST',
        url: '/api/admin/discord/test',
        summary: 'Sends a test message to the Discord channel now',
        tag: 'admin',
        access: 'admin',
        noBody: 'None is read (the web app sends {}): the message is fixed',
        reply: okReplySchema,
        errors: ['DISCORD_WEBHOOK_NOT_SET'],
      },
      async () => {
        if (!(await sendTestMessage(announcer))) throw new AppError('DISCORD_WEBHOOK_NOT_SET');
        return { ok: true as const };
      },
    ),
  ];
}
