import {
  type NotificationPrefs,
  type NotificationSettings,
  notificationPrefsSchema,
  validationErrorOf,
} from '@rankmatch/shared';
import { type FormEvent, useState } from 'react';
import { Notice } from '../../../components/notice.tsx';
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

/** The player's choices (one for all their devices), saved with PUT /api/notifications/me. */
export function PrefsForm({ userId, settings }: { userId: string; settings: NotificationSettings }) {
  const [draft, setDraft] = useState<NotificationPrefs>(settings.prefs);
  const [saved, setSaved] = useState(false);
  const save = useUpdateNotificationPrefs(userId);
  const discord = settings.discord_dm_available;
  const problem = prefsProblem(draft, discord);

  const edit = (next: NotificationPrefs) => {
    setDraft(next);
    setSaved(false);
    save.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (problem || save.isPending) return;
    save.mutate(draft, {
      onSuccess: (stored) => {
        setDraft(stored.prefs);
        setSaved(true);
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
      {saved && (
        <Notice tone="success" live>
          <p>{T.saved}</p>
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
