import { useId } from 'react';

/** A labelled select of whole numbers. */
export function NumberSelect({
  label,
  value,
  options,
  format,
  disabled = false,
  onChange,
}: {
  label: string;
  value: number;
  options: number[];
  format: (n: number) => string;
  disabled?: boolean;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <span className="number-select">
      <label htmlFor={id} className="number-select__label">
        {label}
      </label>
      <select
        id={id}
        className="input number-select__input"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {options.map((n) => (
          <option key={n} value={n}>
            {format(n)}
          </option>
        ))}
      </select>
    </span>
  );
}
