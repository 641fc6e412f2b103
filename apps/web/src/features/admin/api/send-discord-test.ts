import { okReplySchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminData } from './admin-request.ts';
import { ADMIN_DISCORD_KEY } from './get-discord-settings.ts';

/** POST /api/admin/discord/test → { ok }: a test message to the channel, queued now. */
export const sendDiscordTest = () =>
  adminData('/api/admin/discord/test', { method: 'POST', body: {}, schema: okReplySchema });

/** Sends; the latest deliveries then show the message (waiting, then sent or failed). */
export function useSendDiscordTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendDiscordTest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_DISCORD_KEY }),
  });
}
