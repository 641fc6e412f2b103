import { type Badge, badgeMatchesSearch } from '@rankmatch/shared';
import { useId, useState } from 'react';
import { BadgeChip } from '../../../../components/badge-chip.tsx';
import { Modal } from '../../../../components/modal.tsx';
import { EmptyState, ErrorState } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { useMaster } from '../../../../lib/master.ts';
import { ADMIN_TEXTS } from '../../texts.ts';

const T = ADMIN_TEXTS.users;

/** Ids still checked keep their order; newly checked ones follow in catalogue order. */
function orderedSelection(previous: readonly string[], checked: ReadonlySet<string>, catalogue: string[]) {
  const kept = previous.filter((id) => checked.has(id));
  const added = catalogue.filter((id) => checked.has(id) && !previous.includes(id));
  return [...kept, ...added];
}

/** The set with id added, or removed when it was there. */
function toggled(set: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The whole badge catalogue (GET /api/master) as a searchable checkbox grid; applying replaces the owned list. */
export function BadgeCataloguePicker({
  adminId,
  selected,
  onApply,
  onClose,
}: {
  adminId: string;
  selected: string[];
  onApply: (ids: string[]) => void;
  onClose: () => void;
}) {
  const master = useMaster(adminId);
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set(selected));
  const [query, setQuery] = useState('');
  const searchId = useId();
  const catalogue = master.data?.badges ?? [];
  const shown = catalogue.filter((b) => badgeMatchesSearch(b, query));

  const toggle = (id: string) => setChecked((prev) => toggled(prev, id));

  const apply = () =>
    onApply(
      orderedSelection(
        selected,
        checked,
        catalogue.map((b) => b.id),
      ),
    );

  return (
    <Modal
      title={T.pickerTitle}
      description={T.pickerDescription}
      onClose={onClose}
      size="lg"
      footer={
        <>
          <span className="admin-picker__count" role="status">
            {T.pickerSelected(checked.size)}
          </span>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {ADMIN_TEXTS.cancel}
          </button>
          <button type="button" className="button button--primary" onClick={apply} disabled={!master.data}>
            {T.pickerApply}
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor={searchId} className="field__label">
          {T.pickerSearch}
        </label>
        <input
          id={searchId}
          className="input"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={T.pickerSearchPlaceholder}
          data-autofocus
        />
      </div>
      {master.isPending ? (
        <Skeleton lines={4} />
      ) : master.isError ? (
        <ErrorState message={T.pickerLoadFailed} onRetry={() => master.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyState>{T.pickerNoMatch}</EmptyState>
      ) : (
        <CatalogueList badges={shown} checked={checked} onToggle={toggle} />
      )}
    </Modal>
  );
}

/** The badges shown, each a checkbox with its art, name and id. */
function CatalogueList({
  badges,
  checked,
  onToggle,
}: {
  badges: Pick<Badge, 'id' | 'display'>[];
  checked: ReadonlySet<string>;
  onToggle: (id: string) => void;
}) {
  return (
    <ul className="admin-catalogue" aria-label={T.pickerTitle}>
      {badges.map((b) => (
        <li key={b.id}>
          <label className="admin-catalogue__option">
            <input type="checkbox" checked={checked.has(b.id)} onChange={() => onToggle(b.id)} />
            <span className="admin-catalogue__art">
              <BadgeChip badgeId={b.id} variant="card" />
            </span>
            <span className="admin-catalogue__name">{b.display}</span>
            <span className="admin-catalogue__id admin-mono">{b.id}</span>
          </label>
        </li>
      ))}
    </ul>
  );
}
