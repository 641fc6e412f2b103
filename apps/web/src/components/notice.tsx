import type { ReactNode } from 'react';
import { COMMON_TEXTS } from '../lib/texts.ts';

type Tone = 'info' | 'success' | 'warning' | 'danger';

/** A coloured message box. Errors are announced (role=alert), the rest politely (role=status) when live. */
export function Notice({
  tone = 'info',
  title,
  children,
  live = false,
}: {
  tone?: Tone;
  title?: string;
  children?: ReactNode;
  live?: boolean;
}) {
  const role = live ? (tone === 'danger' ? 'alert' : 'status') : undefined;
  return (
    <div className={`notice notice--${tone}`} role={role}>
      {title && <p className="notice__title">{title}</p>}
      {children && <div className="notice__body">{children}</div>}
    </div>
  );
}

/** A failed load: the error text and a 再試行 button. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="error-state" role="alert">
      <p className="error-state__message">{message}</p>
      {onRetry && (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          {COMMON_TEXTS.retry}
        </button>
      )}
    </div>
  );
}

/** Nothing to show yet. */
export function EmptyState({ children, icon }: { children: ReactNode; icon?: ReactNode }) {
  return (
    <div className="empty-state">
      {icon && <div className="empty-state__icon">{icon}</div>}
      <p>{children}</p>
    </div>
  );
}
