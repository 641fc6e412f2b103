import { type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { COMMON_TEXTS } from '../lib/texts.ts';
import { Modal } from './modal.tsx';

// The site's own confirmation (instead of window.confirm): an alertdialog with the question, paragraphs split at blank
// lines, and two buttons. Cancel has the focus, so Enter never confirms an irreversible step by accident.

export interface ConfirmOptions {
  title: string;
  /** The question; blank lines separate paragraphs, single line breaks stay. */
  message: string;
  /** The confirming button's words (削除する, 有効化する…). */
  confirmLabel: string;
  /** danger: irreversible or harmful steps (the default); primary otherwise. */
  tone?: 'danger' | 'primary';
}

export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  tone = 'danger',
  onConfirm,
  onCancel,
}: ConfirmOptions & { onConfirm: () => void; onCancel: () => void }) {
  const messageId = useId();
  return (
    <Modal
      title={title}
      onClose={onCancel}
      role="alertdialog"
      describedBy={messageId}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={onCancel} data-autofocus>
            {COMMON_TEXTS.cancel}
          </button>
          <button
            type="button"
            className={`button ${tone === 'danger' ? 'button--danger' : 'button--primary'}`}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <div id={messageId} className="confirm-dialog__message">
        {message.split(/\n{2,}/).map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    </Modal>
  );
}

/**
 * `const confirm = useConfirm()`; render `confirm.dialog`; `if (!(await confirm.ask({…}))) return;` — the same
 * flow as window.confirm, in the site's own dialog. A second question while one is open answers the first with no.
 */
export function useConfirm(): { ask: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [open, setOpen] = useState<ConfirmOptions | null>(null);
  const answer = useRef<((yes: boolean) => void) | null>(null);

  const settle = useCallback((yes: boolean) => {
    answer.current?.(yes);
    answer.current = null;
    setOpen(null);
  }, []);

  const ask = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        answer.current?.(false);
        answer.current = resolve;
        setOpen(options);
      }),
    [],
  );

  const dialog = open ? (
    <ConfirmDialog {...open} onConfirm={() => settle(true)} onCancel={() => settle(false)} />
  ) : null;
  return { ask, dialog };
}
