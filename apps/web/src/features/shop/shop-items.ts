import { type Badge, getBadge, type ShopBadge } from '@rankmatch/shared';
import type { ShopFilter } from './texts.ts';

// The shop's list as the page shows it: the server's offers (price, stock, owned) joined with the bundled
// catalogue's display data (name, type, colours, images).

export interface ShopItem {
  offer: ShopBadge;
  badge: Badge;
}

/** Offers with their display data; an id the bundled catalogue does not know is left out. */
export function shopItems(offers: readonly ShopBadge[]): ShopItem[] {
  return offers.flatMap((offer) => {
    const badge = getBadge(offer.id);
    return badge ? [{ offer, badge }] : [];
  });
}

/** すべて shows every type (basic too); グラデーション and 画像 show their type only. */
export function matchesFilter(item: ShopItem, filter: ShopFilter): boolean {
  return filter === 'all' || item.badge.type === filter;
}

export type Availability = 'available' | 'sold_out' | 'owned';

/** What the buy button offers: an owned badge says so even when it has sold out since. */
export function availabilityOf(offer: ShopBadge): Availability {
  if (offer.owned) return 'owned';
  return offer.sold_out ? 'sold_out' : 'available';
}
