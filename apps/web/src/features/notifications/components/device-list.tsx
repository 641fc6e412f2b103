import type { PushDevice } from '@rankmatch/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Notice } from '../../../components/notice.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { notificationSettingsKey } from '../api/get-notification-settings.ts';
import { removePushDevice } from '../api/push-subscriptions.ts';
import { NOTIFICATION_TEXTS as T } from '../texts.ts';

/** The devices that receive the player's push notifications; another device's can be removed from here. */
export function DeviceList({
  userId,
  devices,
  thisEndpoint,
}: {
  userId: string;
  devices: PushDevice[];
  thisEndpoint: string | null;
}) {
  const queryClient = useQueryClient();
  const titleId = useId();
  const remove = useMutation({
    mutationFn: removePushDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationSettingsKey(userId) }),
  });
  const removeOnce = useSingleFlight(remove);
  return (
    <div className="push-devices">
      <h3 id={titleId} className="push-devices__title">
        {T.devicesTitle}
      </h3>
      <ul className="push-devices__list" aria-labelledby={titleId}>
        {devices.map((d) => (
          <li key={d.id} className="push-devices__item">
            <span className="push-devices__name">
              {d.label || T.device}
              {d.endpoint === thisEndpoint && <span className="pill pill--success">{T.thisDevice}</span>}
            </span>
            <span className="push-devices__date">{T.deviceAdded(formatDate(d.created_at))}</span>
            {d.endpoint !== thisEndpoint && (
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={T.removeDeviceLabel(d.label || T.device)}
                disabled={remove.isPending}
                onClick={() => removeOnce(d.endpoint)}
              >
                {T.removeDevice}
              </button>
            )}
          </li>
        ))}
      </ul>
      {remove.error && (
        <Notice tone="danger" live>
          <p>{remove.error.message}</p>
        </Notice>
      )}
    </div>
  );
}
