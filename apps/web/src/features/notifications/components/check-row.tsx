import { useId } from 'react';

/** A checkbox with its label and an optional hint under it. */
export function CheckRow({
  label,
  hint,
  checked,
  disabled = false,
  onChange,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  const hintId = useId();
  return (
    <label className="check-row">
      <input
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="check-row__text">
        <span className="check-row__label">{label}</span>
        {hint && (
          <span id={hintId} className="check-row__hint">
            {hint}
          </span>
        )}
      </span>
    </label>
  );
}
