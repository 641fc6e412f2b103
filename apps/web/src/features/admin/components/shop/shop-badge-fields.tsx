import { useId } from 'react';
import { formatInteger, formatYen } from '../../../../lib/format.ts';
import { SHOP_PRICE_OPTIONS } from '../../shop-badge-edit.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.shop;

interface FieldProps<V> {
  value: V;
  error: string | undefined;
  onChange: (value: V) => void;
}

/** The price, one of the shared list (an unset price offers its empty choice until one is picked). */
export function PriceField({ value, error, onChange }: FieldProps<string>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {T.priceInput}
      </label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error !== undefined}
      >
        {value === '' && <option value="">{T.priceUnset}</option>}
        {SHOP_PRICE_OPTIONS.map((p) => (
          <option key={p} value={String(p)}>
            {formatYen(p)}
          </option>
        ))}
      </select>
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}

/** The sale limit typed as text (0 = unlimited); its hint says how many were sold. */
export function MaxSalesField({ value, error, onChange, currentSales }: FieldProps<string> & { currentSales: number }) {
  const id = useId();
  const messageId = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {T.maxSalesInput}
      </label>
      <input
        id={id}
        className="input"
        type="text"
        inputMode="numeric"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error !== undefined}
        aria-describedby={messageId}
      />
      <p id={messageId} className={error ? 'field__error' : 'field__hint'}>
        {error ?? T.maxSalesHint(formatInteger(currentSales))}
      </p>
    </div>
  );
}
