import type { ReactNode } from 'react';
import { requestToastHost } from './toast-host.tsx';

export type ToastVariant = 'success' | 'error' | 'info';

export type ToastOptions = {
  title?: ReactNode;
  /** Milliseconds before the toast closes; the default is the product-wide 6000 ms. */
  autoClose?: number | false;
};

// The notification system is downloaded with the first toast, not with every page.
const loadRuntime = () => import('./toast-runtime.tsx');

function show(variant: ToastVariant, message: ReactNode, options: ToastOptions = {}): Promise<string> {
  requestToastHost();
  return loadRuntime().then((runtime) => runtime.showToast(variant, message, options));
}

/** Global toasts (SPEC §2); messages are already translated text. Each call resolves with the toast id. */
export const toast = {
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
  info: (message: ReactNode, options?: ToastOptions) => show('info', message, options),
  dismiss: (id: string) => loadRuntime().then((runtime) => runtime.hideToast(id)),
};
