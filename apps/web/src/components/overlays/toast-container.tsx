import { Notifications } from '@mantine/notifications';
import { timings, zIndex } from '@opora/contracts';
import classes from './toast.module.css';

/**
 * Mantine's notifications container, loaded with the first toast (`Toasts` in toast.tsx). Top-right,
 * 6000 ms with a visible countdown line (SPEC §9), above every other layer; just below the sticky
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
