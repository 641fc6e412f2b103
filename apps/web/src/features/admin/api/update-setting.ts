import { type SettingId, settingsSchema, z } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../lib/auth/session.ts';
import { setMasterSettings } from '../../../lib/master.ts';
import { adminData } from './admin-request.ts';

const settingReplySchema = z.object({ ok: z.literal(true), settings: settingsSchema });

export interface SettingInput {
  id: SettingId;
  /** Markdown text, or a number of seconds for the timeouts. */
  value: string | number;
}

/** PUT /api/master/settings { id, value } → { ok, settings }; the error body also carries `message`. */
export const updateSetting = (input: SettingInput) =>
  adminData('/api/master/settings', { method: 'PUT', body: input, schema: settingReplySchema });

/** Saves one setting; the rules tab and this panel then show the server's new settings. */
export function useUpdateSetting() {
  const queryClient = useQueryClient();
  const userId = useSession()?.user.user_id;
  return useMutation({
    mutationFn: updateSetting,
    onSuccess: (reply) => {
      if (userId) setMasterSettings(queryClient, userId, reply.settings);
    },
  });
}
