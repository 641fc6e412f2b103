import { discordSettingsSchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_KEY, adminData } from './admin-request.ts';

/** GET /api/admin/discord → the webhook URL masked, the kinds announced, the bot's state and the latest deliveries. */
export const getDiscordSettings = () => adminData('/api/admin/discord', { schema: discordSettingsSchema });

export const ADMIN_DISCORD_KEY = [ADMIN_KEY, 'discord'] as const;

/** While a delivery waits, the list is read again every few seconds (the outbox sends in the background). */
const PENDING_REFRESH_MS = 3000;

export const discordSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ADMIN_DISCORD_KEY,
    queryFn: getDiscordSettings,
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.recent.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false,
  });

export const useDiscordSettings = () => useQuery(discordSettingsQueryOptions());
