import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive' | 'info' | 'warning';

export type ToastInput = {
  title: string;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds; default 5000 (spec section 9). */
  duration?: number;
};

export type ToastState = ToastInput & { id: number };

type ToastContextValue = { toast: (t: ToastInput) => void; dismiss: () => void };

const ToastContext = createContext<ToastContextValue | null>(null);

export const TOAST_DURATION = 5000;

// The Snackbar is loaded with the first toast: it is not part of the initial bundle.
const ToastView = lazy(() => import('./toast-view'));

let nextId = 1;

/** One toast at a time: a new toast replaces the current one. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ToastState | null>(null);
  const [open, setOpen] = useState(false);

  const toast = useCallback((t: ToastInput) => {
    setCurrent({ ...t, id: nextId++ });
    setOpen(true);
  }, []);
  const dismiss = useCallback(() => setOpen(false), []);
  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={value}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <ToastView toast={current} open={open} onClose={dismiss} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastContextValue {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used inside <ToastProvider>');
  return ctx;
}
