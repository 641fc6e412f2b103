import { NEAR_ALERT_MIN_PLAYERS, type NearAlert, type NotificationPrefs } from '@rankmatch/shared';
import { NOTIFICATION_TEXTS as T } from '../texts.ts';
import { CheckRow } from './check-row.tsx';
import { NumberSelect } from './number-select.tsx';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const COUNTS = range(NEAR_ALERT_MIN_PLAYERS.min, NEAR_ALERT_MIN_PLAYERS.max);

/** The queue alert: on or off, how many players near the player's rate, the hours, and by which way. */
export function NearAlertFields({
  prefs,
  discord,
  onChange,
}: {
  prefs: NotificationPrefs;
  /** Direct messages are possible for this player. */
  discord: boolean;
  onChange: (prefs: NotificationPrefs) => void;
}) {
  const alert = prefs.near_alert;
  const set = (patch: Partial<NearAlert>) => onChange({ ...prefs, near_alert: { ...alert, ...patch } });
  const off = !alert.enabled;
  return (
    <fieldset className="notification-prefs__group">
      <legend className="notification-prefs__legend">{T.nearTitle}</legend>
      <CheckRow
        label={T.nearEnabled}
        hint={T.nearHint(alert.min_players)}
        checked={alert.enabled}
        onChange={(enabled) => set({ enabled })}
      />
      <div className="near-alert__fields">
        <NumberSelect
          label={T.nearMin}
          value={alert.min_players}
          options={COUNTS}
          format={T.nearMinOption}
          disabled={off}
          onChange={(min_players) => set({ min_players })}
        />
        <fieldset className="near-alert__hours">
          <legend className="visually-hidden">{T.nearHours}</legend>
          <NumberSelect
            label={T.nearFrom}
            value={alert.from_hour}
            options={range(0, 23)}
            format={T.hourOption}
            disabled={off}
            onChange={(from_hour) => set({ from_hour })}
          />
          <span aria-hidden="true">{T.hoursBetween}</span>
          <NumberSelect
            label={T.nearTo}
            value={alert.to_hour}
            options={range(1, 24)}
            format={T.hourOption}
            disabled={off}
            onChange={(to_hour) => set({ to_hour })}
          />
        </fieldset>
      </div>
      <fieldset className="near-alert__via">
        <legend className="near-alert__via-label">{T.nearVia}</legend>
        <CheckRow
          label={T.viaPush}
          checked={prefs.push.queue_near}
          disabled={off}
          onChange={(on) => onChange({ ...prefs, push: { ...prefs.push, queue_near: on } })}
        />
        {discord && (
          <CheckRow
            label={T.viaDiscord}
            checked={prefs.discord_dm.queue_near}
            disabled={off}
            onChange={(on) => onChange({ ...prefs, discord_dm: { ...prefs.discord_dm, queue_near: on } })}
          />
        )}
      </fieldset>
    </fieldset>
  );
}
