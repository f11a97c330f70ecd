import { notifications, useNotifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { lazyPart } from '@/components/ui/lazy-part.tsx';
import { i18n } from '@/lib/i18n/i18n.ts';

export type ToastOptions = {
  title?: ReactNode;
  /** Milliseconds before the toast closes; the default is the product-wide 6000 ms. */
  autoClose?: number | false;
};

const variants = {
  success: { color: 'teal', icon: <IconCheck size={20} aria-hidden /> },
  error: { color: 'red', icon: <IconAlertTriangle size={20} aria-hidden /> },
  info: { color: 'opora', icon: <IconInfoCircle size={20} aria-hidden /> },
} as const;

function show(variant: keyof typeof variants, message: ReactNode, options: ToastOptions = {}): string {
  return notifications.show({
    message,
    ...variants[variant],
    closeButtonProps: { 'aria-label': i18n.t('confirm.close') },
    ...options,
  });
}

/** Global toasts (SPEC §2): our three variants over Mantine's notifications; messages are translated text. */
export const toast = {
  success: (message: ReactNode, options?: ToastOptions) => show('success', message, options),
  error: (message: ReactNode, options?: ToastOptions) => show('error', message, options),
  info: (message: ReactNode, options?: ToastOptions) => show('info', message, options),
  dismiss: (id: string) => notifications.hide(id),
};

// Mantine's container (its transitions and portal) is downloaded with the first toast: the store above
// holds what was shown meanwhile, and the container shows it once mounted (decision 0093).
const ToastContainer = lazyPart(() =>
  import('./toast-container.tsx').then((module) => module.ToastContainer),
);

/** Mounted once in the app provider; renders the container once a toast has been shown. */
export function Toasts() {
  const { notifications: shown, queue } = useNotifications();
  if (shown.length === 0 && queue.length === 0) return null;
  return <ToastContainer fallback={null} />;
}
