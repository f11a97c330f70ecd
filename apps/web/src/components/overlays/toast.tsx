import { Notifications, notifications } from '@mantine/notifications';
import { timings, zIndex } from '@opora/contracts';
import { IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { i18n } from '@/lib/i18n/i18n.ts';
import classes from './toast.module.css';

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

/**
 * Mounted once in the app provider. Top-right, 6000 ms with a visible countdown line (SPEC §9), above
 * every other layer; just below the sticky header, so a toast never covers the user menu or the language
 * switcher.
 */
export function Toasts() {
  return (
    <Notifications
      position="top-right"
      classNames={{ root: classes.root }}
      autoClose={timings.toast}
      zIndex={zIndex.notification}
      withAutoCloseProgress
      limit={4}
    />
  );
}
