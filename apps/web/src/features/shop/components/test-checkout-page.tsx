import { getBadge, type TestCheckout } from '@rankmatch/shared';
import { Link, useParams } from 'react-router';
import { BadgeChip } from '../../../components/badge-chip.tsx';
import { ErrorState, Notice } from '../../../components/notice.tsx';
import { Skeleton } from '../../../components/skeleton.tsx';
import { browser } from '../../../lib/browser.ts';
import { formatDateTime, formatYen } from '../../../lib/format.ts';
import { useDocumentTitle } from '../../../lib/page-meta.ts';
import { useTestCheckout } from '../api/get-test-checkout.ts';
import { isFinalError } from '../checkout-outcome.ts';
import { SHOP_TEXTS as T } from '../texts.ts';
import { TestPayForm } from './test-pay-form.tsx';
import './test-checkout.css';

/** /shop/test-checkout/:sessionId: the built-in test payment (shop mode 'test'), standing in for Stripe's page. */
export default function TestCheckoutPage() {
  useDocumentTitle(T.testCheckoutTitle);
  const { sessionId = '' } = useParams();
  const checkout = useTestCheckout(sessionId);
  return (
    <section className="card test-checkout" aria-labelledby="test-checkout-title">
      <header className="test-checkout__header">
        <span className="test-checkout__flag">{T.testBadge}</span>
        <h1 id="test-checkout-title" className="test-checkout__title">
          {T.testCheckoutTitle}
        </h1>
        <p className="muted">{T.testCheckoutLead}</p>
      </header>
      {checkout.isPending ? (
        <Skeleton lines={5} label={T.testCheckoutLoading} />
      ) : checkout.isError && isFinalError(checkout.error) ? (
        // Unknown (or not this player's): asking again will not change it.
        <Notice tone="danger" live title={checkout.error.message}>
          <Link to="/shop">{T.backToShop}</Link>
        </Notice>
      ) : checkout.isError ? (
        <ErrorState message={checkout.error.message} onRetry={() => checkout.refetch()} />
      ) : (
        <TestCheckoutBody checkout={checkout.data} />
      )}
    </section>
  );
}

function TestCheckoutBody({ checkout }: { checkout: TestCheckout }) {
  const badge = getBadge(checkout.badge_id);
  return (
    <>
      <dl className="test-checkout__summary">
        <div>
          <dt>{T.item}</dt>
          <dd className="test-checkout__item">
            <span aria-hidden="true">
              <BadgeChip badgeId={checkout.badge_id} variant="card" />
            </span>
            <span>{badge?.display ?? checkout.badge_id}</span>
          </dd>
        </div>
        <div>
          <dt>{T.amount}</dt>
          <dd className="test-checkout__amount">{formatYen(checkout.amount)}</dd>
        </div>
      </dl>
      {checkout.status === 'open' ? (
        <>
          <p className="muted">{T.expiresAt(formatDateTime(checkout.expires_at))}</p>
          <TestPayForm sessionId={checkout.session_id} onCancel={() => browser.assign(checkout.cancel_url)} />
        </>
      ) : (
        <Notice tone="warning" title={checkout.status === 'complete' ? T.testComplete : T.testExpired}>
          <Link to="/shop">{T.backToShop}</Link>
        </Notice>
      )}
    </>
  );
}
