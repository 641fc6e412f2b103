import {
  type NotificationPrefs,
  type NotificationSettings,
  notificationPrefsSchema,
  validationErrorOf,
} from '@rankmatch/shared';
import { type FormEvent, useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useUpdateNotificationPrefs } from '../api/update-notification-prefs.ts';
import { NOTIFICATION_TEXTS as T } from '../texts.ts';
import { DiscordDmChecks, PushKindChecks } from './kind-checks.tsx';
import { NearAlertFields } from './near-alert-fields.tsx';

/** What keeps the choice from being saved, in the words the server would use; null when it can be saved. */
export function prefsProblem(prefs: NotificationPrefs, discord: boolean): string | null {
  const parsed = notificationPrefsSchema.safeParse(prefs);
  if (!parsed.success) return validationErrorOf(parsed.error.issues[0]).message;
  const { near_alert: alert } = prefs;
  if (alert.enabled && !prefs.push.queue_near && !(discord && prefs.discord_dm.queue_near)) return T.nearNoChannel;
  return null;
}

const same = (a: NotificationPrefs, b: NotificationPrefs) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Some kind is chosen but nothing can bring it: no device receives push (on any of the player's devices) and no
 * Discord DM is chosen. Saved anyway (a device may be added later), with this said at once.
 */
export function noChannel(prefs: NotificationPrefs, settings: NotificationSettings): boolean {
  const wanted = Object.values(prefs.push).some(Boolean) || prefs.near_alert.enabled;
  const dm = settings.discord_dm_available && Object.values(prefs.discord_dm).some(Boolean);
  return wanted && settings.devices.length === 0 && !dm;
}

/** The player's choices (one for all their devices), saved with PUT /api/notifications/me. */
export function PrefsForm({ userId, settings }: { userId: string; settings: NotificationSettings }) {
  const [draft, setDraft] = useState<NotificationPrefs>(settings.prefs);
  const [saved, setSaved] = useState<'saved' | 'no_channel' | null>(null);
  const save = useUpdateNotificationPrefs(userId);
  const saveOnce = useSingleFlight(save);
  const discord = settings.discord_dm_available;
  const problem = prefsProblem(draft, discord);

  const edit = (next: NotificationPrefs) => {
    setDraft(next);
    setSaved(null);
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || save.isPending) return;
    saveOnce(draft, {
      onSuccess: (stored) => {
        setDraft(stored.prefs);
        setSaved(noChannel(stored.prefs, stored) ? 'no_channel' : 'saved');
      },
    });
  };

  return (
    <form className="form notification-prefs" onSubmit={submit} noValidate>
      <PushKindChecks prefs={draft} onChange={edit} />
      {discord && <DiscordDmChecks prefs={draft} onChange={edit} />}
      <NearAlertFields prefs={draft} discord={discord} onChange={edit} />
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
      {save.error && (
        <Notice tone="danger" live>
          <p>{save.error.message}</p>
        </Notice>
      )}
      {saved === 'saved' && (
        <Notice tone="success" live>
          <p>{T.saved}</p>
        </Notice>
      )}
      {saved === 'no_channel' && (
        <Notice tone="warning" live>
          <p>{T.savedNoChannel}</p>
        </Notice>
      )}
      <div className="notification-prefs__actions">
        <button
          type="submit"
          className="button button--primary"
          disabled={save.isPending || problem !== null || same(draft, settings.prefs)}
        >
          {save.isPending ? T.saving : T.save}
        </button>
      </div>
    </form>
  );
}
