import { type DiscordSettings, discordSettingsUpdateSchema, validationErrorOf } from '@rankmatch/shared';
import { type FormEvent, useState } from 'react';
import { useConfirm } from '../../../../components/confirm-dialog.tsx';
import { Notice } from '../../../../components/notice.tsx';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useUpdateDiscordSettings } from '../../api/update-discord-settings.ts';
import { serverMessageOr } from '../../errors.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { SaveButton } from '../save-button.tsx';
import { DiscordKindChecks, DiscordUrlField } from './discord-fields.tsx';

const T = ADMIN_TEXTS.discord;

/** The webhook URL (set, replace, or remove; the stored one is shown masked) and the kinds announced, saved together. */
export function DiscordSettingsForm({ settings }: { settings: DiscordSettings }) {
  const [url, setUrl] = useState('');
  const [kinds, setKinds] = useState(settings.kinds);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const update = useUpdateDiscordSettings();
  const updateOnce = useSingleFlight(update);
  const confirm = useConfirm();
  const isSet = settings.webhook_url_masked !== null;

  const save = (input: { webhook_url?: string; kinds: typeof kinds }, message: string) => {
    setDone(null);
    const parsed = discordSettingsUpdateSchema.safeParse(input);
    setInvalid(parsed.success ? null : validationErrorOf(parsed.error.issues[0]).message);
    if (!parsed.success) return;
    updateOnce(parsed.data, {
      onSuccess: () => {
        setUrl('');
        setDone(message);
      },
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save(url.trim() ? { webhook_url: url, kinds } : { kinds }, ADMIN_TEXTS.saved);
  };
  const onRemove = async () => {
    if (await confirm.ask({ title: T.removeConfirmTitle, message: T.removeConfirm, confirmLabel: T.remove })) {
      save({ webhook_url: '', kinds }, T.removed);
    }
  };

  return (
    <form className="form admin-discord__form" onSubmit={onSubmit} noValidate>
      <p className="admin-discord__current">
        <span className="field__label">{T.current}</span>
        <code>{settings.webhook_url_masked ?? T.notSet}</code>
      </p>
      <DiscordUrlField value={url} isSet={isSet} invalid={invalid} onChange={setUrl} />
      <DiscordKindChecks kinds={kinds} onChange={setKinds} />
      <div className="admin-form-actions">
        {isSet && (
          <button type="button" className="button button--danger-ghost" onClick={onRemove} disabled={update.isPending}>
            {T.remove}
          </button>
        )}
        <SaveButton pending={update.isPending} />
      </div>
      {done && (
        <Notice tone="success" live>
          <p>{done}</p>
        </Notice>
      )}
      {update.isError && (
        <Notice tone="danger" live>
          <p>{serverMessageOr(update.error, T.saveFailed)}</p>
        </Notice>
      )}
      {confirm.dialog}
    </form>
  );
}
