import { DISCORD_ANNOUNCE_KIND_LABELS, DISCORD_ANNOUNCE_KINDS, type DiscordSettings } from '@rankmatch/shared';
import { useId } from 'react';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.discord;

type Kinds = DiscordSettings['kinds'];

/** The new webhook URL (empty keeps the stored one), with the hint and a refusal's message. */
export function DiscordUrlField({
  value,
  isSet,
  invalid,
  onChange,
}: {
  value: string;
  isSet: boolean;
  invalid: string | null;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {T.urlLabel(isSet)}
      </label>
      <input
        id={id}
        className="input"
        type="url"
        autoComplete="off"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={invalid !== null}
      />
      <p className="field__hint">{T.urlHint}</p>
      {invalid && <p className="field__error">{invalid}</p>}
    </div>
  );
}

/** One checkbox per kind of announcement. */
export function DiscordKindChecks({ kinds, onChange }: { kinds: Kinds; onChange: (kinds: Kinds) => void }) {
  return (
    <fieldset className="admin-checks">
      <legend className="field__label">{T.kindsLegend}</legend>
      {DISCORD_ANNOUNCE_KINDS.map((kind) => (
        <label key={kind} className="admin-check">
          <input
            type="checkbox"
            checked={kinds[kind]}
            onChange={(e) => onChange({ ...kinds, [kind]: e.target.checked })}
          />
          {DISCORD_ANNOUNCE_KIND_LABELS[kind]}
        </label>
      ))}
    </fieldset>
  );
}
