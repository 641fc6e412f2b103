import { notificationSettingsSchema } from '@rankmatch/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api-client.ts';
import { ME_KEY } from '../../../lib/auth/user.ts';

/** GET /api/notifications/me → the player's choices, their devices, the VAPID key, whether DMs are possible. */
export const getNotificationSettings = () => apiData('/api/notifications/me', { schema: notificationSettingsSchema });

export const notificationSettingsKey = (userId: string) => [ME_KEY, userId, 'notifications'] as const;

export const notificationSettingsQueryOptions = (userId: string) =>
  queryOptions({ queryKey: notificationSettingsKey(userId), queryFn: getNotificationSettings, staleTime: 60_000 });

export const useNotificationSettings = (userId: string) => useQuery(notificationSettingsQueryOptions(userId));
