import { type ReactNode, useId, useState } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { canPlayChime, playChime } from '../../../lib/attention/chime.ts';
import {
  type NotificationState,
  notificationState,
  requestNotificationPermission,
} from '../../../lib/attention/notifications.ts';
import { notifySetting, soundSetting } from '../match-alerts.ts';
import { MATCH_TEXTS } from '../texts.ts';
import './match-alerts.css';

const T = MATCH_TEXTS.alerts;

/**
 * The player's match-found alerts, shown on the queue panel: browser notifications (the permission prompt comes only
 * from the button, never on load) and the chime; both choices are remembered in localStorage.
 */
export function MatchAlertSettings() {
  const titleId = useId();
  return (
    <section className="card match-alerts" aria-labelledby={titleId}>
      <h2 id={titleId} className="card__title">
        <Icon name="bell" className="card__title-icon" />
        {T.title}
      </h2>
      <p className="match-alerts__lead">{T.lead}</p>
      <div className="match-alerts__rows">
        <NotificationRow />
        {canPlayChime() && <SoundRow />}
      </div>
    </section>
  );
}

function NotificationRow() {
  const choice = notifySetting.use();
  const [state, setState] = useState<NotificationState>(notificationState);
  const [asking, setAsking] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  const enable = async () => {
    if (state === 'granted') {
      notifySetting.set('on');
      return;
    }
    setAsking(true);
    const next = await requestNotificationPermission();
    setAsking(false);
    setState(next);
    setDismissed(next === 'default');
    notifySetting.set(next === 'granted' ? 'on' : 'off');
  };

  let control: ReactNode;
  if (state === 'unsupported') control = <p className="match-alerts__note">{T.notificationsUnsupported}</p>;
  else if (state === 'denied') control = <p className="match-alerts__note">{T.notificationsDenied}</p>;
  else if (state === 'granted' && choice === 'on') {
    control = (
      <>
        <span className="pill pill--success">{T.notificationsOn}</span>
        <button type="button" className="button button--ghost button--small" onClick={() => notifySetting.set('off')}>
          {T.disableNotifications}
        </button>
      </>
    );
  } else {
    control = (
      <>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => void enable()}
          disabled={asking}
        >
          {asking ? T.asking : T.enableNotifications}
        </button>
        {dismissed && <p className="match-alerts__note">{T.notificationsDismissed}</p>}
      </>
    );
  }

  return (
    <div className="match-alerts__row">
      <span className="match-alerts__label">
        <Icon name="bell" size={18} />
        {T.notifications}
      </span>
      <div className="match-alerts__control">{control}</div>
    </div>
  );
}

function SoundRow() {
  const sound = soundSetting.use();
  const id = useId();
  return (
    <div className="match-alerts__row">
      <label htmlFor={id} className="match-alerts__label">
        <Icon name="volume" size={18} />
        {T.sound}
      </label>
      <div className="match-alerts__control">
        <input
          id={id}
          type="checkbox"
          className="match-alerts__switch"
          checked={sound === 'on'}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const on = event.target.checked;
            soundSetting.set(on ? 'on' : 'off');
            // A sample, which also lets the browser start audio from this click.
            if (on) playChime();
          }}
        />
        <span id={`${id}-hint`} className="match-alerts__note">
          {T.soundHint}
        </span>
      </div>
    </div>
  );
}
