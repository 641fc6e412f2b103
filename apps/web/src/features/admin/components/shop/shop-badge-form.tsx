import { type FormEvent, useId, useState } from 'react';
import { Notice } from '../../../../components/notice.tsx';
import { formatInteger, formatYen } from '../../../../lib/format.ts';
import { useUpdateShopBadge } from '../../api/update-badge.ts';
import {
  SHOP_PRICE_OPTIONS,
  type ShopBadgeEditField,
  type ShopBadgeEditState,
  type ShopBadgeRow,
  shopBadgeEditStateOf,
  shopBadgeUpdateOf,
} from '../../shop-badge-edit.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.shop;

/** Price (the shared list without 0), sale limit (0 = unlimited) and 販売中; saving sends only what changed. */
export function ShopBadgeForm({
  row,
  onCancel,
  onSaved,
}: {
  row: ShopBadgeRow;
  onCancel: () => void;
  onSaved: () => void;
}) {
  const [state, setState] = useState<ShopBadgeEditState>(() => shopBadgeEditStateOf(row));
  const [errors, setErrors] = useState<Partial<Record<ShopBadgeEditField, string>>>({});
  const [unchanged, setUnchanged] = useState(false);
  const update = useUpdateShopBadge();
  const titleId = useId();
  const priceId = useId();
  const maxSalesId = useId();
  const maxSalesMessageId = useId();

  const set = <K extends ShopBadgeEditField>(field: K, value: ShopBadgeEditState[K]) => {
    setState((prev) => ({ ...prev, [field]: value }));
    setUnchanged(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const outcome = shopBadgeUpdateOf(row, state);
    setErrors(outcome.kind === 'invalid' ? outcome.errors : {});
    setUnchanged(outcome.kind === 'unchanged');
    if (outcome.kind !== 'changed') return;
    update.mutate({ badgeId: row.id, changes: outcome.changes }, { onSuccess: onSaved });
  };

  return (
    <form className="form admin-shop-badge__form" onSubmit={onSubmit} aria-labelledby={titleId} noValidate>
      <h3 id={titleId} className="admin-shop-badge__form-title">
        {T.editTitle(row.display)}
      </h3>
      <div className="admin-form-grid">
        <div className="field">
          <label htmlFor={priceId} className="field__label">
            {T.priceInput}
          </label>
          <select
            id={priceId}
            className="input"
            value={state.price}
            onChange={(e) => set('price', e.target.value)}
            aria-invalid={errors.price !== undefined}
          >
            {state.price === '' && <option value="">{T.priceUnset}</option>}
            {SHOP_PRICE_OPTIONS.map((p) => (
              <option key={p} value={String(p)}>
                {formatYen(p)}
              </option>
            ))}
          </select>
          {errors.price && <p className="field__error">{errors.price}</p>}
        </div>
        <div className="field">
          <label htmlFor={maxSalesId} className="field__label">
            {T.maxSalesInput}
          </label>
          <input
            id={maxSalesId}
            className="input"
            type="text"
            inputMode="numeric"
            value={state.max_sales}
            onChange={(e) => set('max_sales', e.target.value)}
            aria-invalid={errors.max_sales !== undefined}
            aria-describedby={maxSalesMessageId}
          />
          <p id={maxSalesMessageId} className={errors.max_sales ? 'field__error' : 'field__hint'}>
            {errors.max_sales ?? T.maxSalesHint(formatInteger(row.current_sales))}
          </p>
        </div>
      </div>
      <div className="field">
        <label className="admin-check">
          <input type="checkbox" checked={state.is_active} onChange={(e) => set('is_active', e.target.checked)} />
          {T.activeInput}
        </label>
        <p className="field__hint">{T.activeHint}</p>
      </div>
      {unchanged && (
        <Notice tone="info" live>
          <p>{ADMIN_TEXTS.noChanges}</p>
        </Notice>
      )}
      {update.isError && (
        <Notice tone="danger" title={T.updateFailed} live>
          <p>{update.error.message}</p>
        </Notice>
      )}
      <div className="admin-form-actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={update.isPending}>
          {ADMIN_TEXTS.cancel}
        </button>
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? ADMIN_TEXTS.saving : ADMIN_TEXTS.save}
        </button>
      </div>
    </form>
  );
}
