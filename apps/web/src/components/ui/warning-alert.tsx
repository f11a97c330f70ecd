import { Alert, type AlertProps } from '@mantine/core';
import type { ReactNode } from 'react';

const styles = { title: { color: 'var(--mantine-color-gray-9)' } };

/**
 * A yellow notice (something to do, a payment to retry). Mantine's yellow title falls below AA
 * contrast on its tint, so the title is near-black, as the light badges' text is.
 */
export function WarningAlert(
  props: Omit<AlertProps, 'color' | 'variant' | 'styles'> & { children?: ReactNode },
) {
  return <Alert color="yellow" variant="light" styles={styles} {...props} />;
}
