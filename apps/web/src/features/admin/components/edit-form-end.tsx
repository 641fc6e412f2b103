import { Notice } from '../../../components/notice.tsx';
import { ADMIN_TEXTS } from '../texts.ts';
import { SaveButton } from './save-button.tsx';

/**
 * The end of an edit form of the panel: "nothing to save" after a submit without a change, the failed save's
 * message, and 戻る/保存 (both off while saving).
 */
export function EditFormEnd({
  unchanged,
  update,
  failedTitle,
  onCancel,
}: {
  unchanged: boolean;
  update: { isPending: boolean; error: Error | null };
  failedTitle: string;
  onCancel: () => void;
}) {
  return (
    <>
      {unchanged && (
        <Notice tone="info" live>
          <p>{ADMIN_TEXTS.noChanges}</p>
        </Notice>
      )}
      {update.error && (
        <Notice tone="danger" title={failedTitle} live>
          <p>{update.error.message}</p>
        </Notice>
      )}
      <div className="admin-form-actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={update.isPending}>
          {ADMIN_TEXTS.cancel}
        </button>
        <SaveButton pending={update.isPending} />
      </div>
    </>
  );
}
