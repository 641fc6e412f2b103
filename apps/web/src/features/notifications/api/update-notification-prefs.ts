import { type NotificationPrefs, notificationSettingsSchema } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { notificationSettingsKey } from './get-notification-settings.ts';

/** PUT /api/notifications/me (the whole choice) → the settings as stored. */
export const updateNotificationPrefs = (prefs: NotificationPrefs) =>
  apiData('/api/notifications/me', { method: 'PUT', body: prefs, schema: notificationSettingsSchema });

export function useUpdateNotificationPrefs(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationPrefs,
    onSuccess: (settings) => queryClient.setQueryData(notificationSettingsKey(userId), settings),
  });
}
