import { type FormEvent, useId, useState } from 'react';
import { useSingleFlight } from '../../../../lib/use-single-flight.ts';
import { useUpdateShopBadge } from '../../api/update-badge.ts';
import {
  type ShopBadgeEditField,
  type ShopBadgeEditState,
  type ShopBadgeRow,
  shopBadgeEditStateOf,
  shopBadgeUpdateOf,
} from '../../shop-badge-edit.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { EditFormEnd } from '../edit-form-end.tsx';
import { MaxSalesField, PriceField } from './shop-badge-fields.tsx';

const T = ADMIN_TEXTS.shop;

/** The form's values and errors, whether the last save had nothing to send, and the submit that sends the changes. */
function useShopBadgeFormState(row: ShopBadgeRow, onSaved: () => void) {
  const [state, setState] = useState<ShopBadgeEditState>(() => shopBadgeEditStateOf(row));
  const [errors, setErrors] = useState<Partial<Record<ShopBadgeEditField, string>>>({});
  const [unchanged, setUnchanged] = useState(false);
  const update = useUpdateShopBadge();
  const updateOnce = useSingleFlight(update);

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
    updateOnce({ badgeId: row.id, changes: outcome.changes }, { onSuccess: onSaved });
  };
  return { state, set, errors, unchanged, onSubmit, update };
}

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
  const { state, set, errors, unchanged, onSubmit, update } = useShopBadgeFormState(row, onSaved);
  const titleId = useId();

  return (
    <form className="form admin-shop-badge__form" onSubmit={onSubmit} aria-labelledby={titleId} noValidate>
      <h3 id={titleId} className="admin-shop-badge__form-title">
        {T.editTitle(row.display)}
      </h3>
      <div className="admin-form-grid">
        <PriceField value={state.price} error={errors.price} onChange={(v) => set('price', v)} />
        <MaxSalesField
          value={state.max_sales}
          error={errors.max_sales}
          onChange={(v) => set('max_sales', v)}
          currentSales={row.current_sales}
        />
      </div>
      <div className="field">
        <label className="admin-check">
          <input type="checkbox" checked={state.is_active} onChange={(e) => set('is_active', e.target.checked)} />
          {T.activeInput}
        </label>
        <p className="field__hint">{T.activeHint}</p>
      </div>
      <EditFormEnd unchanged={unchanged} update={update} failedTitle={T.updateFailed} onCancel={onCancel} />
    </form>
  );
}
