import { type DiscordSettingsUpdate, discordSettingsSchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';
import { ADMIN_DISCORD_KEY } from './get-discord-settings.ts';

/** PUT /api/admin/discord { webhook_url? (omitted: kept, '': removed), kinds } → the settings as saved. */
export const updateDiscordSettings = (update: DiscordSettingsUpdate) =>
  adminData('/api/admin/discord', { method: 'PUT', body: update, schema: discordSettingsSchema });

/** Saves; the section shows the server's reply (the new URL only ever masked). */
export function useUpdateDiscordSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDiscordSettings,
    onSuccess: (reply) => queryClient.setQueryData(ADMIN_DISCORD_KEY, reply),
  });
}
