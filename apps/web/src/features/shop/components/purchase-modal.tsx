import type { UserProfile } from '@rankmatch/shared';
import { BadgeChip } from '../../../components/badge-chip.tsx';
import { Icon } from '../../../components/icon.tsx';
import { Modal } from '../../../components/modal.tsx';
import { Notice } from '../../../components/notice.tsx';
import { formatYen } from '../../../lib/format.ts';
import type { PurchaseError } from '../hooks/use-purchase.ts';
import { availabilityOf, type ShopItem } from '../shop-items.ts';
import { SHOP_TEXTS as T } from '../texts.ts';
import { ProfilePreview } from './profile-preview.tsx';

interface PurchaseModalProps {
  item: ShopItem;
  mode: 'stripe' | 'test';
  /** The buyer's profile, for the preview (absent while it loads). */
  profile: UserProfile | undefined;
  busy: boolean;
  redirecting: boolean;
  error: PurchaseError | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** 購入内容の確認: the profile wearing the badge, its details, the price, how payment works; キャンセル / 購入する. */
export function PurchaseModal({
  item,
  mode,
  profile,
  busy,
  redirecting,
  error,
  onConfirm,
  onClose,
}: PurchaseModalProps) {
  const { offer, badge } = item;
  const close = () => {
    if (!redirecting) onClose();
  };
  return (
    <Modal
      title={T.confirmTitle}
      onClose={close}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={close} disabled={redirecting}>
            {T.cancel}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={onConfirm}
            disabled={busy || availabilityOf(offer) !== 'available'}
          >
            {redirecting ? T.redirecting : busy ? T.processing : T.confirm}
          </button>
        </>
      }
    >
      <div className="purchase">
        {profile && <ProfilePreview profile={profile} label={T.preview} badges={[badge.id, profile.current_badge_2]} />}
        <div className="purchase__art" aria-hidden="true">
          <BadgeChip badgeId={badge.id} variant="card" />
        </div>
        <PurchaseDetails item={item} />
        <p className="purchase__secure">
          <Icon name="lock" size={18} />
          <span>{mode === 'test' ? T.testPayment : T.securePayment}</span>
        </p>
        <p className="purchase__note muted">{T.noRefunds}</p>
        {error && <PurchaseErrorNotice error={error} />}
      </div>
    </Modal>
  );
}

/** The badge's name, type, condition, stock (when limited) and price. */
function PurchaseDetails({ item: { offer, badge } }: { item: ShopItem }) {
  return (
    <>
      <h3 className="section-label purchase__heading">{T.details}</h3>
      <dl className="purchase__details">
        <div>
          <dt>{T.name}</dt>
          <dd>{badge.display}</dd>
        </div>
        <div>
          <dt>{T.type}</dt>
          <dd>{T.typeLabels[badge.type]}</dd>
        </div>
        <div>
          <dt>{T.condition}</dt>
          <dd>{badge.condition}</dd>
        </div>
        {offer.remaining !== null && (
          <div>
            <dt>{T.stock}</dt>
            <dd>{T.remaining(offer.remaining)}</dd>
          </div>
        )}
        <div className="purchase__price">
          <dt>{T.price}</dt>
          <dd>{formatYen(offer.price)}</dd>
        </div>
      </dl>
    </>
  );
}

/** Why the purchase failed; a server error adds its status and to try later. */
function PurchaseErrorNotice({ error }: { error: PurchaseError }) {
  return (
    <Notice tone="danger" live title={T.purchaseFailed}>
      <p>{error.message}</p>
      {error.serverStatus !== null && (
        <>
          <p>{T.serverError(error.serverStatus)}</p>
          <p>{T.tryLater}</p>
        </>
      )}
    </Notice>
  );
}
