import { DISCORD_RECENT_LIMIT, type DiscordSettings } from '@rankmatch/shared';
import type { AppContext } from '../context.ts';
import { presentDiscordSettings } from './presenter.ts';
import { recentChannelDeliveries } from './queries.ts';
import { readDiscordSettings } from './settings.ts';

/** The admin's view: the settings, whether a bot token is configured, and the channel's latest deliveries. */
export async function discordSettingsReply(ctx: AppContext): Promise<DiscordSettings> {
  const [settings, recent] = await Promise.all([
    readDiscordSettings(ctx.db),
    recentChannelDeliveries(ctx.db, DISCORD_RECENT_LIMIT),
  ]);
  return presentDiscordSettings(settings, Boolean(ctx.config.discordBot.token), recent);
}
