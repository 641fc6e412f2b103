import { BadgeChip } from '../../../../components/badge-chip.tsx';
import { formatInteger, formatYen } from '../../../../lib/format.ts';
import type { ShopBadgeRow } from '../../shop-badge-edit.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { ShopBadgeForm } from './shop-badge-form.tsx';

const T = ADMIN_TEXTS.shop;

const count = (n: number) => T.count(formatInteger(n));

/** Each shop badge: chip, name and id, sale state, price, sold / limit / remaining, and 編集 (the form opens below). */
export function ShopBadgeList({
  rows,
  editing,
  onEdit,
  onSaved,
}: {
  rows: ShopBadgeRow[];
  editing: string | null;
  onEdit: (badgeId: string | null) => void;
  onSaved: (name: string) => void;
}) {
  return (
    <ul className="admin-shop-badges">
      {rows.map((row) => (
        <li key={row.id} className="admin-shop-badge">
          <div className="admin-shop-badge__summary">
            <span className="admin-shop-badge__chip" aria-hidden="true">
              <BadgeChip badgeId={row.id} />
            </span>
            <div className="admin-shop-badge__main">
              <p className="admin-shop-badge__name">
                {row.display}
                <span className={`admin-mark ${row.on_sale ? 'admin-mark--success' : ''}`}>
                  {row.on_sale ? T.onSale : T.stopped}
                </span>
              </p>
              <p className="admin-shop-badge__numbers muted">
                <span className="admin-mono">{row.id}</span>
                <span>
                  {T.price} {formatYen(row.price)}
                </span>
                <span>
                  {T.sold} {count(row.current_sales)}
                </span>
                <span>
                  {T.maxSales} {row.max_sales === 0 ? T.unlimited : count(row.max_sales)}
                </span>
                {row.remaining !== null && (
                  <span>
                    {T.remaining} {count(row.remaining)}
                  </span>
                )}
              </p>
            </div>
            {editing !== row.id && (
              <button
                type="button"
                className="button button--secondary button--small"
                onClick={() => onEdit(row.id)}
                aria-label={T.editLabel(row.display)}
              >
                {ADMIN_TEXTS.edit}
              </button>
            )}
          </div>
          {editing === row.id && (
            <ShopBadgeForm row={row} onCancel={() => onEdit(null)} onSaved={() => onSaved(row.display)} />
          )}
        </li>
      ))}
    </ul>
  );
}
