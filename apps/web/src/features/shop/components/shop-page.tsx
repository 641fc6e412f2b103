import { PUBLIC_PAGES } from '@rankmatch/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/icon.tsx';
import { Notice } from '../../../components/notice.tsx';
import { SkeletonBlock } from '../../../components/skeleton.tsx';
import { useSession } from '../../../lib/auth/session.ts';
import { useMyProfile } from '../../../lib/auth/user.ts';
import { browser } from '../../../lib/browser.ts';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { COMMON_TEXTS } from '../../../lib/texts.ts';
import { useShopBadges } from '../api/get-shop-badges.ts';
import { usePurchase } from '../hooks/use-purchase.ts';
import { type ShopItem, shopItems } from '../shop-items.ts';
import { SHOP_TEXTS as T } from '../texts.ts';
import { CheckoutReturnNotice } from './checkout-return-notice.tsx';
import { LoginRequiredModal } from './login-required-modal.tsx';
import { ProfilePreview } from './profile-preview.tsx';
import { PurchaseModal } from './purchase-modal.tsx';
import { ShopCatalogue } from './shop-catalogue.tsx';
import './shop.css';

const SHOP_PLACEHOLDER_HEIGHT = 900;

/** /shop (spec admin side §2 "Shop"): the badges on sale, the purchase confirmation, the return from checkout. */
export default function ShopPage() {
  usePageMeta(PUBLIC_PAGES.shop.meta);
  const userId = useSession()?.user.user_id ?? null;
  const profile = useMyProfile();
  const shop = useShopBadges();
  const purchase = usePurchase();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [loginRequired, setLoginRequired] = useState(false);

  const items = shop.data ? shopItems(shop.data.badges) : [];
  // The modal follows the live list: a 409 reloads it, and the badge shows sold out or owned there too.
  const selected = items.find((item) => item.badge.id === selectedId);

  const onBuy = (item: ShopItem) => {
    if (!userId) {
      setLoginRequired(true);
      return;
    }
    purchase.clearError();
    setSelectedId(item.badge.id);
  };

  return (
    <div className="shop">
      <CheckoutReturnNotice />

      <ShopHeader testMode={shop.data?.mode === 'test'} />

      {profile && <ProfilePreview profile={profile} label={T.yourProfile} />}

      {shop.isPending ? (
        // Until the catalogue is in, one placeholder taller than a phone's screen stands for everything below the
        // title: the test-mode notice, the catalogue and the footer then appear at their size rather than growing
        // the page under each other (issue 25).
        <SkeletonBlock height={SHOP_PLACEHOLDER_HEIGHT} label={T.catalogueLoading} />
      ) : (
        <>
          <CatalogueSection error={shop.isError ? shop.error : null} items={items} busy={purchase.busy} onBuy={onBuy} />

          <footer className="shop__footer">
            <Link to="/commercial">{T.commercial}</Link>
          </footer>
        </>
      )}

      {loginRequired && !userId && <LoginRequiredModal onClose={() => setLoginRequired(false)} />}
      {selected && userId && shop.data && (
        <PurchaseModal
          item={selected}
          mode={shop.data.mode}
          profile={profile}
          busy={purchase.busy}
          redirecting={purchase.redirecting}
          error={purchase.error}
          onConfirm={() => purchase.start(selected, userId)}
          onClose={() => setSelectedId(null)}
        />
      )}
    </div>
  );
}

/** The page title, how purchased badges are granted, and a warning in test mode. */
function ShopHeader({ testMode }: { testMode: boolean }) {
  return (
    <header className="card shop__header">
      <h1 className="shop__title">
        <Icon name="medal" size={28} className="card__title-icon" />
        {PUBLIC_PAGES.shop.meta.title}
      </h1>
      <Notice tone="info">
        <p>{T.grantNotice}</p>
      </Notice>
      {testMode && (
        <Notice tone="warning" title={T.testMode}>
          <p>{T.testModeDetail}</p>
        </Notice>
      )}
    </header>
  );
}

/** The badges on sale, or why they could not be read (with a reload). */
function CatalogueSection({
  error,
  items,
  busy,
  onBuy,
}: {
  error: Error | null;
  items: ShopItem[];
  busy: boolean;
  onBuy: (item: ShopItem) => void;
}) {
  return (
    <section className="card" aria-labelledby="shop-catalogue-title">
      <h2 id="shop-catalogue-title" className="card__title">
        {T.catalogueTitle}
      </h2>
      {error ? (
        <div className="error-state" role="alert">
          <p className="error-state__message">{T.catalogueFailed}</p>
          <p>{error.message}</p>
          <button type="button" className="button button--secondary" onClick={() => browser.reload()}>
            {COMMON_TEXTS.reload}
          </button>
        </div>
      ) : (
        <ShopCatalogue items={items} busy={busy} onBuy={onBuy} />
      )}
    </section>
  );
}
