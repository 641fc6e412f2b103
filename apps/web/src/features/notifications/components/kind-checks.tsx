import { DISCORD_DM_KINDS, NOTIFY_KINDS, type NotificationPrefs } from '@rankmatch/shared';
import { NOTIFICATION_TEXTS as T } from '../texts.ts';
import { CheckRow } from './check-row.tsx';

type Props = { prefs: NotificationPrefs; onChange: (prefs: NotificationPrefs) => void };

/** The kinds of push notification (the queue alert has its own fieldset). */
export function PushKindChecks({ prefs, onChange }: Props) {
  return (
    <fieldset className="notification-prefs__group">
      <legend className="notification-prefs__legend">{T.pushKinds}</legend>
      {NOTIFY_KINDS.filter((k) => k !== 'queue_near').map((kind) => (
        <CheckRow
          key={kind}
          label={T.kindLabels[kind]}
          hint={T.kindHints[kind]}
          checked={prefs.push[kind]}
          onChange={(on) => onChange({ ...prefs, push: { ...prefs.push, [kind]: on } })}
        />
      ))}
    </fieldset>
  );
}

/** Direct messages from the site's Discord bot (shown only when the server can send them to this player). */
export function DiscordDmChecks({ prefs, onChange }: Props) {
  return (
    <fieldset className="notification-prefs__group">
      <legend className="notification-prefs__legend">{T.discordDm}</legend>
      <p className="notification-prefs__note">{T.discordDmHint}</p>
      {DISCORD_DM_KINDS.filter((k) => k !== 'queue_near').map((kind) => (
        <CheckRow
          key={kind}
          label={T.kindLabels[kind]}
          checked={prefs.discord_dm[kind]}
          onChange={(on) => onChange({ ...prefs, discord_dm: { ...prefs.discord_dm, [kind]: on } })}
        />
      ))}
    </fieldset>
  );
}
