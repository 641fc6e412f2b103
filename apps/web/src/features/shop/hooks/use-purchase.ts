import { isCheckoutUrl } from '@rankmatch/shared';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { browser } from '../../../lib/browser.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useCreateCheckout } from '../api/create-checkout.ts';
import type { ShopItem } from '../shop-items.ts';
import { SHOP_TEXTS as T } from '../texts.ts';

// Purchase (spec admin side §4 "Shop purchase", §5, §8): create the checkout with the spec's body, then leave for the
// returned url, but only when it is Stripe's checkout or this site's test payment page.

export interface PurchaseError {
  message: string;
  /** The HTTP status of a server error (500 and above), for the developer notice. */
  serverStatus: number | null;
}

function purchaseErrorOf(error: Error): PurchaseError {
  const status = error instanceof ApiError ? error.status : 0;
  return { message: error.message, serverStatus: status >= 500 ? status : null };
}

export function usePurchase() {
  const checkout = useCreateCheckout();
  const create = useSingleFlight(checkout);
  const [error, setError] = useState<PurchaseError | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  // Back from the checkout page to a page restored from the back/forward cache: the buttons work again.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRedirecting(false);
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  const start = ({ offer, badge }: ShopItem, userId: string) => {
    setError(null);
    create(
      { badgeId: badge.id, badgeName: badge.display, price: offer.price, userId },
      {
        onSuccess: ({ url }) => {
          if (!isCheckoutUrl(url, window.location.origin)) {
            setError({ message: T.invalidCheckoutUrl, serverStatus: null });
            return;
          }
          setRedirecting(true);
          browser.assign(url);
        },
        onError: (err) => setError(purchaseErrorOf(err)),
      },
    );
  };

  return {
    start,
    /** A checkout is being created, or the browser is leaving for it: every buy button waits. */
    busy: checkout.isPending || redirecting,
    redirecting,
    error,
    clearError: () => setError(null),
  };
}
