// What a toast is, shared by the provider (toast.tsx) and the Snackbar it loads with the first
// toast (toast-view.tsx).
import type { ReactNode } from 'react';

export type ToastVariant = 'default' | 'success' | 'destructive' | 'info' | 'warning';

export type ToastInput = {
  title: string;
  description?: ReactNode;
  variant?: ToastVariant;
  /** Milliseconds; default 5000 (docs/product.md#notifications). */
  duration?: number;
};

export type ToastState = ToastInput & { id: number };

export const TOAST_DURATION = 5000;
