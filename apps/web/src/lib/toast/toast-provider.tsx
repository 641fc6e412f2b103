import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';

// Short notices over the page (a badge was granted…). Any part of the app shows one with `useToasts().show`; the
// shell's <ToastHost> renders them and lets each go after TOAST_DURATION_MS or when dismissed.

/** How long a toast stays (the host pauses it while focused). */
export const TOAST_DURATION_MS = 6000;
/** Older toasts give way when more arrive at once (a season end may grant several badges). */
export const MAX_TOASTS = 3;

export interface ToastInput {
  title: string;
  content?: ReactNode;
}

export interface Toast extends ToastInput {
  id: number;
}

interface ToastApi {
  toasts: readonly Toast[];
  show: (toast: ToastInput) => void;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  const lastId = useRef(0);

  const show = useCallback((toast: ToastInput) => {
    lastId.current += 1;
    const id = lastId.current;
    setToasts((previous) => [...previous, { ...toast, id }].slice(-MAX_TOASTS));
  }, []);
  const dismiss = useCallback((id: number) => setToasts((previous) => previous.filter((t) => t.id !== id)), []);

  const api = useMemo(() => ({ toasts, show, dismiss }), [toasts, show, dismiss]);
  return <ToastContext.Provider value={api}>{children}</ToastContext.Provider>;
}

export function useToasts(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToasts needs a <ToastProvider> above it');
  return api;
}
