import { useEffect, useState } from 'react';
import { COMMON_TEXTS } from '../lib/texts.ts';
import { TOAST_DURATION_MS, type Toast, useToasts } from '../lib/toast/toast-provider.tsx';
import { Icon } from './icon.tsx';
import './toast.css';

/**
 * The toasts of the app, in one polite live region (role=status) that is always present, so screen readers announce
 * each toast as it is added. Each toast goes after TOAST_DURATION_MS, paused while its close button has the focus.
 */
export function ToastHost() {
  const { toasts, dismiss } = useToasts();
  return (
    <div role="status" aria-label={COMMON_TEXTS.notifications}>
      <ul className="toast-host">
        {toasts.map((toast) => (
          <ToastCard key={toast.id} toast={toast} dismiss={dismiss} />
        ))}
      </ul>
    </div>
  );
}

function ToastCard({ toast, dismiss }: { toast: Toast; dismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismiss(toast.id), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [paused, toast.id, dismiss]);

  return (
    <li className="toast" onFocus={() => setPaused(true)} onBlur={() => setPaused(false)}>
      <Icon name="sparkles" className="toast__icon" />
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        {toast.content}
      </div>
      <button
        type="button"
        className="toast__close"
        onClick={() => dismiss(toast.id)}
        aria-label={COMMON_TEXTS.dismissNotification}
      >
        <span aria-hidden="true">×</span>
      </button>
    </li>
  );
}
