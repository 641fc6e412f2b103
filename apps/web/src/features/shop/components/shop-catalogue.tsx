import { useState } from 'react';
import { Icon } from '../../../components/icon.tsx';
import { EmptyState } from '../../../components/notice.tsx';
import { matchesFilter, type ShopItem } from '../shop-items.ts';
import { type ShopFilter, SHOP_TEXTS as T } from '../texts.ts';
import { BadgeFilter } from './badge-filter.tsx';
import { ShopBadgeCard } from './shop-badge-card.tsx';

interface ShopCatalogueProps {
  items: ShopItem[];
  busy: boolean;
  onBuy: (item: ShopItem) => void;
}

/** Cards whose art comes with the page (the first row on a phone); the others' art loads as they come near. */
const FIRST_ROW = 2;

/** The type filter and the grid of badges on sale (or 販売中のバッジはありません). */
export function ShopCatalogue({ items, busy, onBuy }: ShopCatalogueProps) {
  const [filter, setFilter] = useState<ShopFilter>('all');
  const shown = items.filter((item) => matchesFilter(item, filter));
  return (
    <>
      <BadgeFilter value={filter} onChange={setFilter} />
      {shown.length === 0 ? (
        <EmptyState icon={<Icon name="medal" size={32} />}>{T.empty}</EmptyState>
      ) : (
        <ul className="shop-grid">
          {shown.map((item, index) => (
            <li key={item.badge.id}>
              <ShopBadgeCard item={item} busy={busy} onBuy={onBuy} artWhenNear={index >= FIRST_ROW} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
