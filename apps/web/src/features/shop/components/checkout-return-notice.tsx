import { Link } from 'react-router';
import { Notice } from '../../../components/notice.tsx';
import { useSession } from '../../../lib/auth/session.ts';
import type { CheckoutOutcome } from '../checkout-outcome.ts';
import { useCheckoutOutcome } from '../hooks/use-checkout-outcome.ts';
import { useCheckoutReturn } from '../hooks/use-checkout-return.ts';
import { SHOP_TEXTS as T } from '../texts.ts';

/** Back from the checkout page: 購入をキャンセルしました, or the order followed until the badge is granted. */
export function CheckoutReturnNotice() {
  const checkoutReturn = useCheckoutReturn();
  const userId = useSession()?.user.user_id ?? null;
  if (checkoutReturn.kind === 'none') return null;
  if (checkoutReturn.kind === 'cancel') {
    return (
      <Notice tone="info" live>
        <p>{T.cancelled}</p>
      </Notice>
    );
  }
  if (!userId) {
    return (
      <Notice tone="warning" live>
        <p>{T.returnSignedOut}</p>
      </Notice>
    );
  }
  return <OrderOutcome userId={userId} sessionId={checkoutReturn.sessionId} />;
}

function OrderOutcome({ userId, sessionId }: { userId: string; sessionId: string }) {
  const outcome = useCheckoutOutcome(userId, sessionId);
  return <OutcomeNotice outcome={outcome} />;
}

function OutcomeNotice({ outcome }: { outcome: CheckoutOutcome }) {
  switch (outcome.kind) {
    case 'checking':
      return (
        <Notice tone="info" live title={T.checking}>
          <p>{T.checkingDetail}</p>
        </Notice>
      );
    case 'fulfilled':
      return (
        <Notice tone="success" live title={T.fulfilled}>
          <Link to="/?tab=mypage">{T.toMyPage}</Link>
        </Notice>
      );
    case 'sold_out':
    case 'paid_problem':
      return (
        <Notice tone="danger" live title={outcome.kind === 'sold_out' ? T.soldOutAfterPayment : T.paidProblem}>
          <p>{T.orderReference(outcome.orderId)}</p>
        </Notice>
      );
    case 'error':
      return <Notice tone="danger" live title={outcome.message} />;
    default:
      return <Notice tone="warning" live title={MESSAGES[outcome.kind]} />;
  }
}

const MESSAGES = { slow: T.slow, expired: T.expired, failed: T.failed, refunded: T.refunded } as const;
