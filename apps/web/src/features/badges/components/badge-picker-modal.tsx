import { type Badge, badgeMatchesSearch, getBadge } from '@rankmatch/shared';
import { useId, useState } from 'react';
import { BadgeChip } from '../../../components/badge-chip.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Modal } from '../../../components/modal.tsx';
import { EmptyState, ErrorState, Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { type EquipInput, useEquipBadges } from '../api/equip-badges.ts';
import { useOwnedBadges } from '../api/get-owned-badges.ts';
import { BADGE_TEXTS as T } from '../texts.ts';
import './badge-picker.css';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';

interface BadgePickerProps {
  slot: 1 | 2;
  userId: string;
  /** The badges equipped now (slot 1, slot 2). */
  current: { primary: string | null; secondary: string | null };
  onClose: () => void;
}

/** The badges a slot may show: owned ones, without the other slot's badge, matching the search. */
export function selectableBadges(owned: string[], otherSlot: string | null, query: string): Badge[] {
  return owned
    .filter((id) => id !== otherSlot)
    .map((id) => getBadge(id))
    .filter((b): b is Badge => b !== undefined)
    .filter((b) => badgeMatchesSearch(b, query));
}

/** One slot's badge picker: search, pick, unequip; saving sends both slots. */
export function BadgePickerModal({ slot, userId, current, onClose }: BadgePickerProps) {
  const owned = useOwnedBadges(userId);
  const equip = useEquipBadges(userId);
  const equipOnce = useSingleFlight(equip);
  const mine = slot === 1 ? current.primary : current.secondary;
  const other = slot === 1 ? current.secondary : current.primary;
  const [selected, setSelected] = useState<string | null>(mine);
  const [query, setQuery] = useState('');
  const searchId = useId();

  const save = (badgeId: string | null) => {
    const input: EquipInput =
      slot === 1
        ? { primary_badge: badgeId, secondary_badge: other }
        : { primary_badge: other, secondary_badge: badgeId };
    equipOnce(input, { onSuccess: onClose });
  };

  const badges = owned.data ? selectableBadges(owned.data.owned_badges, other, query) : [];

  return (
    <Modal
      title={T.pickerTitle(slot)}
      description={T.pickerDescription}
      onClose={onClose}
      size="lg"
      footer={
        <PickerFooter
          pending={equip.isPending}
          canUnequip={mine !== null}
          canSave={selected !== mine && selected !== null}
          onUnequip={() => save(null)}
          onCancel={onClose}
          onSave={() => save(selected)}
        />
      }
    >
      <div className="field">
        <label htmlFor={searchId} className="field__label">
          {T.search}
        </label>
        <input
          id={searchId}
          className="input"
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={T.searchPlaceholder}
          data-autofocus
        />
      </div>
      {equip.isError && (
        <Notice tone="danger" live title={T.equipFailed}>
          {equip.error.message}
        </Notice>
      )}
      {owned.isPending ? (
        <Skeleton lines={4} />
      ) : owned.isError ? (
        <ErrorState message={T.loadFailed} onRetry={() => owned.refetch()} />
      ) : owned.data.owned_badges.length === 0 ? (
        <EmptyState icon={<Icon name="medal" size={32} />}>{T.noOwned}</EmptyState>
      ) : badges.length === 0 ? (
        <EmptyState>{T.noMatch}</EmptyState>
      ) : (
        <BadgeGrid
          label={T.pickerTitle(slot)}
          badges={badges}
          selected={selected}
          equipped={mine}
          onSelect={setSelected}
        />
      )}
    </Modal>
  );
}

/** The badges to pick from, each a toggle card: art, name, condition, and whether it is the slot's badge now. */
function BadgeGrid({
  label,
  badges,
  selected,
  equipped,
  onSelect,
}: {
  label: string;
  badges: Badge[];
  selected: string | null;
  /** The slot's badge now. */
  equipped: string | null;
  onSelect: (badgeId: string) => void;
}) {
  return (
    <ul className="badge-grid" aria-label={label}>
      {badges.map((b) => (
        <li key={b.id}>
          <button
            type="button"
            className="badge-option"
            aria-pressed={selected === b.id}
            onClick={() => onSelect(b.id)}
          >
            {/* Only the picked card carries the check (aria-pressed says it to assistive technology). */}
            {selected === b.id && (
              <span className="badge-option__check" aria-hidden="true">
                <Icon name="check" size={14} />
              </span>
            )}
            <span className="badge-option__art">
              <BadgeChip badgeId={b.id} variant="card" />
            </span>
            {/* The name is shown whole; the condition keeps to two lines, cut with an ellipsis (the tooltip has it all). */}
            <span className="badge-option__name" title={b.display}>
              {b.display}
            </span>
            <span className="badge-option__condition" title={b.condition || undefined}>
              {b.condition || '—'}
            </span>
            {equipped === b.id && <span className="badge-option__tag">{T.equipped}</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Unequip (when the slot has a badge), cancel, and equip the picked badge (when it is a change). */
function PickerFooter({
  pending,
  canUnequip,
  canSave,
  onUnequip,
  onCancel,
  onSave,
}: {
  pending: boolean;
  canUnequip: boolean;
  canSave: boolean;
  onUnequip: () => void;
  onCancel: () => void;
  onSave: () => void;
}) {
  return (
    <>
      <button
        type="button"
        className="button button--danger-ghost"
        onClick={onUnequip}
        disabled={pending || !canUnequip}
      >
        {T.unequip}
      </button>
      <span className="modal__footer-spacer" />
      <button type="button" className="button button--ghost" onClick={onCancel}>
        {T.cancel}
      </button>
      <button type="button" className="button button--primary" onClick={onSave} disabled={pending || !canSave}>
        {pending ? T.saving : T.equip}
      </button>
    </>
  );
}
