import { Link } from 'react-router';
import { Modal } from '../../../components/modal.tsx';
import { SHOP_TEXTS as T } from '../texts.ts';

/** 購入にはログインが必要です: a visitor pressed 購入する (nothing is sent). A dialog, seen wherever the card is. */
export function LoginRequiredModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      title={T.loginRequired}
      onClose={onClose}
      footer={
        <Link to="/?tab=mypage" className="button button--primary">
          {T.login}
        </Link>
      }
    >
      <p>{T.loginRequiredDetail}</p>
    </Modal>
  );
}
