import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
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

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'number', 'password', 'tel', 'url']);

const opensKeyboard = (el: HTMLElement) =>
  el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(el.type));

const touchScreen = () => window.matchMedia?.('(pointer: coarse)').matches === true;

/**
 * While the dialog is open: focus moves in (to [data-autofocus], else the first control, else the dialog; on a touch
 * screen, not to a text field), the page
 * behind stops scrolling, a press on the backdrop closes; on close, focus returns to where it was.
 */
function useModalFocus(
  dialogRef: RefObject<HTMLDivElement | null>,
  backdropRef: RefObject<HTMLDivElement | null>,
  onCloseRef: RefObject<() => void>,
) {
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    const first =
      dialog?.querySelector<HTMLElement>('[data-autofocus]') ?? dialog?.querySelector<HTMLElement>(FOCUSABLE);
    // On a touch screen a text field that takes the focus opens the keyboard over half the dialog before the player
    // asked to type: the dialog takes it then (a tap on the field types).
    (first && !(opensKeyboard(first) && touchScreen()) ? first : dialog)?.focus();
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
  }, [dialogRef, backdropRef, onCloseRef]);
}

/** The key in history.state listing the open dialogs' ids, innermost last. */
const DIALOGS_KEY = 'rankmatchDialogs';
/** The dialogs mounted now (a StrictMode remount finds itself here and keeps its entry). */
const mountedDialogs = new Set<string>();
// Unique across page loads: history.state outlives a reload, and an id from before must not pass for a new dialog's.
const PAGE_LOAD = Math.random().toString(36).slice(2);
let dialogCount = 0;
const newDialogId = () => `${PAGE_LOAD}-${++dialogCount}`;

const openDialogsOf = (state: unknown): string[] => {
  const list = state && typeof state === 'object' ? (state as Record<string, unknown>)[DIALOGS_KEY] : undefined;
  return Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : [];
};

/** A Back of ours on its way: its popstate must not close the dialog opened meanwhile (it waits for it). */
let backInFlight: Promise<void> | null = null;

function takeEntryOff() {
  backInFlight = new Promise((resolve) => {
    const arrived = () => {
      backInFlight = null;
      resolve();
    };
    window.addEventListener('popstate', arrived, { once: true });
  });
  window.history.back();
}

/**
 * The browser's Back closes the dialog, and only the dialog (a phone's back gesture left the page, and the report
 * wizard's answers with it): an open dialog adds a history entry of the same address, and Back, which takes it off,
 * closes the dialog whose entry is gone. A dialog closed otherwise (its button, Escape, the backdrop) takes its entry
 * off itself, unless a navigation put another entry on top (a link in the dialog). The router's state is kept.
 */
function useBackCloses(id: string, onCloseRef: RefObject<() => void>) {
  useEffect(() => {
    let active = true;
    mountedDialogs.add(id);
    const onPop = () => {
      if (!openDialogsOf(window.history.state).includes(id)) onCloseRef.current();
    };
    const enter = () => {
      if (!active) return;
      const open = openDialogsOf(window.history.state);
      const top = open.at(-1);
      if (top !== id) {
        // The entry of a dialog closed in this same render is reused rather than left behind.
        const stale = top !== undefined && !mountedDialogs.has(top);
        const state = { ...window.history.state, [DIALOGS_KEY]: [...(stale ? open.slice(0, -1) : open), id] };
        if (stale) window.history.replaceState(state, '');
        else window.history.pushState(state, '');
      }
      window.addEventListener('popstate', onPop);
    };
    if (backInFlight) void backInFlight.then(enter);
    else enter();
    return () => {
      active = false;
      window.removeEventListener('popstate', onPop);
      mountedDialogs.delete(id);
      // After this render: a StrictMode remount (or the next dialog) has run its effect by then.
      setTimeout(() => {
        if (!mountedDialogs.has(id) && openDialogsOf(window.history.state).at(-1) === id) takeEntryOff();
      }, 0);
    };
  }, [id, onCloseRef]);
}

/** Tab and Shift+Tab wrap around the dialog's controls (with none, focus stays where it is). */
function keepTabInside(event: KeyboardEvent<HTMLDivElement>, dialog: HTMLElement) {
  const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hidden);
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) {
    event.preventDefault();
    return;
  }
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * An accessible modal dialog: role=dialog with aria-modal, labelled by its title; focus moves in, Tab stays inside,
 * Escape and the browser's Back close and focus returns to where it was. Render it only while open.
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
  useModalFocus(dialogRef, backdropRef, onCloseRef);
  const [historyId] = useState(newDialogId);
  useBackCloses(historyId, onCloseRef);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key === 'Tab' && dialogRef.current) keepTabInside(event, dialogRef.current);
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
        <ModalHeader
          title={title}
          titleId={titleId}
          description={description}
          descriptionId={descriptionId}
          onClose={() => onCloseRef.current()}
        />
        <div className="modal__body">{children}</div>
        {footer && <footer className="modal__footer">{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}

/** The title (the dialog's label), the description under it, and the close button. */
function ModalHeader({
  title,
  titleId,
  description,
  descriptionId,
  onClose,
}: {
  title: string;
  titleId: string;
  description: string | undefined;
  descriptionId: string;
  onClose: () => void;
}) {
  return (
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
      <button type="button" className="icon-button" onClick={onClose} aria-label={COMMON_TEXTS.close}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </header>
  );
}
