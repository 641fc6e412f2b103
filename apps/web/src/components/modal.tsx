import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { COMMON_TEXTS } from '../lib/texts.ts';
import './modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons at the bottom (save, cancel…). */
  footer?: ReactNode;
  size?: 'md' | 'lg';
  /** A line under the title, used as the dialog's description. */
  description?: string;
  /** alertdialog: a question that needs an answer (ConfirmDialog). */
  role?: 'dialog' | 'alertdialog';
  /** An element inside the dialog that describes it, instead of `description`. */
  describedBy?: string;
}

/**
 * An accessible modal dialog: role=dialog with aria-modal, labelled by its title; focus moves in, Tab stays inside,
 * Escape closes and focus returns to where it was. Render it only while open.
 */
export function Modal({
  title,
  onClose,
  children,
  footer,
  size = 'md',
  description,
  role = 'dialog',
  describedBy,
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const backdropRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const first =
      dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? dialog)?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // A press on the backdrop itself (outside the dialog) closes, like Escape.
    const backdrop = backdropRef.current;
    const onBackdrop = (event: MouseEvent) => {
      if (event.target === backdrop) onCloseRef.current();
    };
    backdrop?.addEventListener('mousedown', onBackdrop);
    return () => {
      backdrop?.removeEventListener('mousedown', onBackdrop);
      document.body.style.overflow = overflow;
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = [...dialogRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hidden);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div ref={backdropRef} className="modal-backdrop">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the role is dialog or alertdialog, chosen by a prop */}
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the role is dialog or alertdialog, chosen by a prop */}
      <div
        ref={dialogRef}
        className={`modal modal--${size}`}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy ?? (description ? descriptionId : undefined)}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="modal__header">
          <div>
            <h2 id={titleId} className="modal__title">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="modal__description">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            className="icon-button"
            onClick={() => onCloseRef.current()}
            aria-label={COMMON_TEXTS.close}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </header>
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
