import type { Badge } from '@rankmatch/shared';
import { useId, useMemo } from 'react';
import { BadgeChip } from '../../../../components/badge-chip.tsx';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.seasons.awards;

/** One reward: a select over the badge catalogue (or なし) with the chosen badge's preview. */
export function AwardSelect({
  label,
  value,
  catalogue,
  onChange,
}: {
  label: string;
  value: string | null;
  catalogue: readonly Badge[];
  onChange: (badgeId: string | null) => void;
}) {
  const id = useId();
  // The same option elements on every render: typing elsewhere in the form does not re-render 147 options per select.
  const options = useMemo(
    () =>
      catalogue.map((b) => (
        <option key={b.id} value={b.id}>
          {T.option(b.display, b.id)}
        </option>
      )),
    [catalogue],
  );
  return (
    <div className="field admin-award">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="admin-award__control">
        <select id={id} className="input" value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
          <option value="">{T.none}</option>
          {options}
        </select>
        <span className="admin-award__preview">{value && <BadgeChip badgeId={value} />}</span>
      </div>
    </div>
  );
}
