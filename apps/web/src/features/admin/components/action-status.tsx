import type { ReactNode } from 'react';
import { statusErrorText } from '../errors.ts';

/** The state of a button's call (a TanStack mutation): running, failed (status code and text) or done. */
export interface ActionState {
  status: 'idle' | 'pending' | 'error' | 'success';
  error: Error | null;
}

/** One line under a tool's button: the progress text, the error with its status code, or the result. */
export function ActionStatus({
  action,
  pending,
  children,
}: {
  action: ActionState;
  pending: string;
  /** The result, shown once the call succeeded. */
  children?: ReactNode;
}) {
  if (action.status === 'pending') {
    return (
      <p className="action-status" role="status">
        {pending}
      </p>
    );
  }
  if (action.status === 'error' && action.error) {
    return (
      <p className="action-status action-status--error" role="alert">
        {statusErrorText(action.error)}
      </p>
    );
  }
  if (action.status === 'success' && children) {
    return (
      <div className="action-status action-status--success" role="status">
        {children}
      </div>
    );
  }
  return null;
}
