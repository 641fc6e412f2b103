import { useId } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { ErrorState, Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useNotificationSettings } from '../api/get-notification-settings.ts';
import { NOTIFICATION_TEXTS as T } from '../texts.ts';
import { PrefsForm } from './prefs-form.tsx';
import { PushDevicePanel } from './push-device-panel.tsx';
import '../notifications.css';

/** My page's 通知 card: this device's push subscription, the other devices, and what to be told of and how. */
export function NotificationSettings({ userId }: { userId: string }) {
  const titleId = useId();
  const settings = useNotificationSettings(userId);
  return (
    <section className="card notification-settings" id="notifications" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        <Icon name="bell" className="card__title-icon" />
        {T.title}
      </h2>
      <p className="notification-settings__lead">{T.lead}</p>
      {settings.isPending ? (
        <Skeleton lines={6} label={T.loading} />
      ) : settings.isError ? (
        <ErrorState message={`${T.loadFailed}: ${settings.error.message}`} onRetry={() => settings.refetch()} />
      ) : (
        <>
          {settings.data.devices_lost_at !== null && (
            <Notice tone="warning">
              <p>{T.devicesLost(formatDateTime(settings.data.devices_lost_at))}</p>
            </Notice>
          )}
          <PushDevicePanel userId={userId} settings={settings.data} />
          <PrefsForm userId={userId} settings={settings.data} />
        </>
      )}
    </section>
  );
}
