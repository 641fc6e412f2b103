import { useMemo, useState } from 'react';
import { Icon } from '../../../../components/icon.tsx';
import { EmptyState, ErrorState, Notice } from '../../../../components/notice.tsx';
import { Skeleton } from '../../../../components/skeleton.tsx';
import { useMaster } from '../../../../lib/master.ts';
import { useShopOffers } from '../../api/get-shop-badges.ts';
import { shopBadgeRows } from '../../shop-badge-edit.ts';
import { ADMIN_TEXTS } from '../../texts.ts';
import { ShopBadgeList } from './shop-badge-list.tsx';

const T = ADMIN_TEXTS.shop;

/**
 * ショップのバッジ: the shop's list (price, stock, sold, remaining) joined with the catalogue (names, and the shop
 * badges the shop no longer lists because they were set inactive), one edit form open at a time.
 */
export function ShopBadgesSection({ adminId }: { adminId: string }) {
  const master = useMaster(adminId);
  const offers = useShopOffers();
  const [editing, setEditing] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const rows = useMemo(
    () => (master.data && offers.data ? shopBadgeRows(master.data.badges, offers.data.badges) : []),
    [master.data, offers.data],
  );

  const onEdit = (badgeId: string | null) => {
    setSaved(null);
    setEditing(badgeId);
  };

  return (
    <section className="card" aria-labelledby="admin-shop-badges-title">
      <h2 id="admin-shop-badges-title" className="card__title">
        <Icon name="medal" className="card__title-icon" />
        {T.badgesTitle}
      </h2>
      <p className="field__hint">{T.badgesLead}</p>
      {saved && (
        <Notice tone="success" live>
          <p>{saved}</p>
        </Notice>
      )}
      {master.isPending || offers.isPending ? (
        <Skeleton lines={6} />
      ) : master.isError ? (
        <ErrorState message={T.catalogueFailed} onRetry={() => master.refetch()} />
      ) : offers.isError ? (
        <Notice tone="danger" title={T.badgesFailed} live>
          <p>{offers.error.message}</p>
        </Notice>
      ) : rows.length === 0 ? (
        <EmptyState>{T.badgesEmpty}</EmptyState>
      ) : (
        <ShopBadgeList
          rows={rows}
          editing={editing}
          onEdit={onEdit}
          onSaved={(name) => {
            setEditing(null);
            setSaved(T.updated(name));
          }}
        />
      )}
    </section>
  );
}
