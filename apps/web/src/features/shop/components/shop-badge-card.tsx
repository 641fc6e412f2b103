import { useId } from 'react';
import { BadgeChip } from '../../../components/badge-chip.tsx';
import { formatYen } from '../../../lib/format.ts';
import { type Availability, availabilityOf, type ShopItem } from '../shop-items.ts';
import { SHOP_TEXTS as T } from '../texts.ts';

const BUTTON_LABELS: Record<Availability, string> = { available: T.buy, sold_out: T.soldOut, owned: T.owned };

interface ShopBadgeCardProps {
  item: ShopItem;
  /** A purchase is being processed: no second one meanwhile. */
  busy: boolean;
  onBuy: (item: ShopItem) => void;
  /** The badge's art loads as the card comes near the screen (cards past the first row). */
  artWhenNear?: boolean;
}

/** One badge on sale: preview, name, stock left when limited, price and the buy button. */
export function ShopBadgeCard({ item, busy, onBuy, artWhenNear = false }: ShopBadgeCardProps) {
  const { offer, badge } = item;
  const availability = availabilityOf(offer);
  const nameId = useId();
  return (
    <article className={`shop-card shop-card--${availability}`} aria-labelledby={nameId}>
      <div className="shop-card__art" aria-hidden="true">
        <BadgeChip badgeId={badge.id} variant="card" artWhenNear={artWhenNear} />
      </div>
      <h3 id={nameId} className="shop-card__name">
        {badge.display}
      </h3>
      {/* No type chip: the art shows what the badge is (the filter and the purchase details name the type). */}
      {availability === 'available' && offer.remaining !== null && (
        <p className="shop-card__meta">
          <span className="shop-card__stock">{T.remaining(offer.remaining)}</span>
        </p>
      )}
      <p className="shop-card__price">{formatYen(offer.price)}</p>
      <button
        type="button"
        className="button button--primary shop-card__buy"
        disabled={availability !== 'available' || busy}
        onClick={() => onBuy(item)}
      >
        {BUTTON_LABELS[availability]}
      </button>
    </article>
  );
}
