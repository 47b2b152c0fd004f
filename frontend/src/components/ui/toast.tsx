import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

import { type ToastInput, type ToastState } from './toast-state';

export { TOAST_DURATION, type ToastInput, type ToastState, type ToastVariant } from './toast-state';

type ToastContextValue = { toast: (t: ToastInput) => void; dismiss: () => void };

const ToastContext = createContext<ToastContextValue | null>(null);

// The Snackbar is loaded with the first toast: it is not part of the initial bundle.
const ToastView = lazy(() => import('./toast-view'));

let nextId = 1;

/**
 * One toast at a time, in order: a toast fired while another shows waits in a queue and appears
 * when the current one closes (after its exit transition), so none is lost or cut short.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [queue, setQueue] = useState<ToastState[]>([]);
  const [open, setOpen] = useState(true);

  const toast = useCallback((t: ToastInput) => {
    setQueue((q) => [...q, { ...t, id: nextId++ }]);
  }, []);
  const dismiss = useCallback(() => setOpen(false), []);
  // The closed toast has left the screen: show the next one.
  const next = useCallback(() => {
    setQueue((q) => q.slice(1));
    setOpen(true);
  }, []);
  const value = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);
  const current = queue[0];

  return (
    <ToastContext.Provider value={value}>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <ToastView key={current.id} toast={current} open={open} onClose={dismiss} onExited={next} />
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
