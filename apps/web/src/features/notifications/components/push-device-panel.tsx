import type { NotificationSettings } from '@rankmatch/shared';
import { Notice } from '../../../components/notice.tsx';
import { type DeviceStatus, usePushDevice } from '../hooks/use-push-device.ts';
import { isIos } from '../push-device.ts';
import { NOTIFICATION_TEXTS as T } from '../texts.ts';
import { DeviceList } from './device-list.tsx';

const STATUS_TEXT: Record<DeviceStatus, string> = {
  checking: T.checking,
  unsupported: T.unsupported,
  'ios-install': T.iosInstall,
  'server-off': T.serverOff,
  'no-worker': T.noWorker,
  blocked: T.blocked,
  off: T.off,
  on: T.on,
};

/** Why this device cannot be turned on, and what to do. */
function helpOf(status: DeviceStatus): string | null {
  if (status === 'unsupported') return T.unsupportedHelp;
  if (status === 'ios-install') return T.iosInstallHelp;
  if (status === 'server-off') return T.serverOffHelp;
  if (status === 'no-worker') return T.noWorkerHelp;
  if (status === 'blocked') return isIos() ? T.blockedHelpIos : T.blockedHelp;
  return null;
}

/** This device: its state, the on/off button, why it cannot be on; then every device the player subscribed. */
export function PushDevicePanel({ userId, settings }: { userId: string; settings: NotificationSettings }) {
  const device = usePushDevice(userId, settings);
  const { status, busy } = device;
  const help = helpOf(status);
  return (
    <div className="push-device">
      <div className="push-device__row">
        <span className="push-device__label">{T.device}</span>
        <span className={`pill ${status === 'on' ? 'pill--success' : 'pill--muted'}`} data-testid="push-device-status">
          {STATUS_TEXT[status]}
        </span>
        {status === 'off' && (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={device.turnOn}
            disabled={!!busy}
          >
            {busy === 'on' ? T.turningOn : T.turnOn}
          </button>
        )}
        {status === 'on' && (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={device.turnOff}
            disabled={!!busy}
          >
            {busy === 'off' ? T.turningOff : T.turnOff}
          </button>
        )}
      </div>
      {help && <p className="push-device__help">{help}</p>}
      {device.error && (
        <Notice tone="danger" live>
          <p>{device.error.message}</p>
        </Notice>
      )}
      {settings.devices.length > 0 && (
        <DeviceList userId={userId} devices={settings.devices} thisEndpoint={device.endpoint} />
      )}
    </div>
  );
}
