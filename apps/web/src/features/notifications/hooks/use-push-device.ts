import type { NotificationSettings } from '@rankmatch/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { activeServiceWorker } from '../../../lib/pwa/service-worker.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { notificationSettingsKey } from '../api/get-notification-settings.ts';
import { addPushDevice, removePushDevice } from '../api/push-subscriptions.ts';
import {
  deviceLabel,
  isStandalone,
  notificationPermission,
  type PushSupport,
  pushSupport,
  subscribeBody,
  subscribeDevice,
} from '../push-device.ts';
import { NOTIFICATION_TEXTS as T } from '../texts.ts';

export type DeviceStatus =
  | 'checking'
  | 'unsupported'
  | 'ios-install'
  | 'server-off'
  | 'no-worker'
  | 'blocked'
  | 'off'
  | 'on';

interface Local {
  registration: ServiceWorkerRegistration | null;
  /** This browser's subscription, if it has one. */
  endpoint: string | null;
}

/** This device's state: "on" only when the browser has a subscription and the server has it among the devices. */
export function deviceStatus(
  support: PushSupport,
  settings: NotificationSettings,
  permission: NotificationPermission,
  local: Local | null,
): DeviceStatus {
  if (support !== 'supported') return support;
  if (settings.vapid_public_key === null) return 'server-off';
  if (permission === 'denied') return 'blocked';
  if (local === null) return 'checking';
  if (local.registration === null) return 'no-worker';
  const known = local.endpoint !== null && settings.devices.some((d) => d.endpoint === local.endpoint);
  return known && permission === 'granted' ? 'on' : 'off';
}

/** This browser's registration and subscription (not the player's: the key names no user). */
const LOCAL_PUSH_KEY = ['push-device'] as const;

async function readLocal(): Promise<Local> {
  const registration = await activeServiceWorker();
  const subscription = await registration?.pushManager.getSubscription().catch(() => null);
  return { registration, endpoint: subscription?.endpoint ?? null };
}

/** This device's push subscription: its state and the buttons' actions (the permission prompt only from a click). */
export function usePushDevice(userId: string, settings: NotificationSettings) {
  const queryClient = useQueryClient();
  const support = pushSupport();
  const local =
    useQuery({ queryKey: LOCAL_PUSH_KEY, queryFn: readLocal, enabled: support === 'supported', staleTime: Infinity })
      .data ?? null;
  const settled = () => {
    void queryClient.invalidateQueries({ queryKey: LOCAL_PUSH_KEY });
    void queryClient.invalidateQueries({ queryKey: notificationSettingsKey(userId) });
  };

  const enable = useMutation({
    mutationFn: async (asked: Promise<NotificationPermission>) => {
      const permission = await asked;
      // Denied: the state says 通知がブロックされています with the way to allow it.
      if (permission === 'denied') return;
      if (permission !== 'granted') throw new Error(T.permissionDismissed);
      const registration = local?.registration ?? (await activeServiceWorker());
      if (!registration || !settings.vapid_public_key) throw new Error(T.noWorkerHelp);
      const subscription = await subscribeDevice(registration, settings.vapid_public_key).catch((error: unknown) => {
        throw new Error(T.subscribeFailed(error instanceof Error ? error.message : String(error)));
      });
      await addPushDevice(subscribeBody(subscription, deviceLabel(navigator.userAgent, isStandalone())));
    },
    onSettled: settled,
  });
  const enableOnce = useSingleFlight(enable);

  const disable = useMutation({
    mutationFn: async () => {
      if (local?.endpoint) await removePushDevice(local.endpoint);
      const subscription = await local?.registration?.pushManager.getSubscription();
      await subscription?.unsubscribe();
    },
    onSettled: settled,
  });
  const disableOnce = useSingleFlight(disable);

  return {
    status: deviceStatus(support, settings, notificationPermission(), local),
    endpoint: local?.endpoint ?? null,
    busy: enable.isPending ? ('on' as const) : disable.isPending ? ('off' as const) : null,
    error: enable.error ?? disable.error,
    // Asked at once, inside the click: browsers show the prompt only from a user's gesture.
    turnOn: () => {
      disable.reset();
      enableOnce(Promise.resolve(Notification.requestPermission()));
    },
    turnOff: () => {
      enable.reset();
      disableOnce();
    },
  };
}
