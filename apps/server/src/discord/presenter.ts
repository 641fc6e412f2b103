import { DISCORD_ANNOUNCE_KINDS, type DiscordSettings } from '@rankmatch/shared';
import type { recentChannelDeliveries } from './queries.ts';
import { type DiscordChannelSettings, maskWebhookUrl } from './settings.ts';

// The admin's Discord section as the shared schema says: the URL masked (never the token), the kinds, whether a bot
// token is configured, and the channel's latest deliveries.

type Delivery = Awaited<ReturnType<typeof recentChannelDeliveries>>[number];
type RecentKind = DiscordSettings['recent'][number]['kind'];

const kindOf = (target: string): RecentKind =>
  (DISCORD_ANNOUNCE_KINDS as readonly string[]).includes(target) ? (target as RecentKind) : 'test';

/** The outbox's statuses as the admin reads them: waiting (pending, sending), sent, or not delivered (failed, gone). */
const statusOf = (status: string): DiscordSettings['recent'][number]['status'] =>
  status === 'sent' ? 'sent' : status === 'pending' || status === 'sending' ? 'pending' : 'failed';

export function presentDiscordSettings(
  settings: DiscordChannelSettings,
  botConfigured: boolean,
  recent: readonly Delivery[],
): DiscordSettings {
  return {
    webhook_url_masked: settings.webhookUrl ? maskWebhookUrl(settings.webhookUrl) : null,
    kinds: settings.kinds,
    bot_configured: botConfigured,
    recent: recent.map((d) => {
      const content = (d.payload as { content?: unknown } | null)?.content;
      return {
        id: d.id,
        kind: kindOf(d.target),
        content: typeof content === 'string' ? content : '',
        status: statusOf(d.status),
        error: d.status === 'sent' ? null : d.lastError,
        created_at: d.createdAt,
      };
    }),
  };
}
