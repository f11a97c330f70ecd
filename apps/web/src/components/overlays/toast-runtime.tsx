import { Notifications, notifications } from '@mantine/notifications';
import { timings, zIndex } from '@opora/contracts';
import { IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { i18n } from '@/lib/i18n/i18n.ts';
import type { ToastOptions, ToastVariant } from './toast.tsx';
import classes from './toast-runtime.module.css';

const variants = {
  success: { color: 'teal', icon: <IconCheck size={20} aria-hidden /> },
  error: { color: 'red', icon: <IconAlertTriangle size={20} aria-hidden /> },
  info: { color: 'opora', icon: <IconInfoCircle size={20} aria-hidden /> },
} as const;

export function showToast(variant: ToastVariant, message: ReactNode, options: ToastOptions): string {
  const { color, icon } = variants[variant];
  return notifications.show({
    message,
    title: options.title,
    color,
    icon,
    closeButtonProps: { 'aria-label': i18n.t('confirm.close') },
    ...(options.autoClose !== undefined ? { autoClose: options.autoClose } : {}),
  });
}

export function hideToast(id: string): void {
  notifications.hide(id);
}

/**
 * Top-right, 6000 ms with a visible countdown line, above every other layer; just below the sticky
 * header, so a toast never covers the user menu or the language switcher.
 */
export function ToastContainer() {
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
