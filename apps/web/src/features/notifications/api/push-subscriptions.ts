import { type PushSubscribe, pushDeviceSchema } from '@rankmatch/shared';
import { ApiError, apiData, apiRequest } from '../../../lib/api-client.ts';

/** POST /api/notifications/push-subscriptions: this device's subscription (PushSubscription.toJSON()) and label. */
export const addPushDevice = (subscription: PushSubscribe) =>
  apiData('/api/notifications/push-subscriptions', { method: 'POST', body: subscription, schema: pushDeviceSchema });

/** DELETE /api/notifications/push-subscriptions { endpoint }: a device the server no longer has is already gone. */
export async function removePushDevice(endpoint: string): Promise<void> {
  const result = await apiRequest('/api/notifications/push-subscriptions', { method: 'DELETE', body: { endpoint } });
  if (result.error !== null && result.code !== 'PUSH_SUBSCRIPTION_NOT_FOUND') {
    throw new ApiError(result.error, result.status, result.code);
  }
}
