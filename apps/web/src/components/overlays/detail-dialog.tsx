import { Modal } from '@mantine/core';
import { timings, zIndex } from '@opora/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A dialog (the request detail's, the provider profile's): Mantine's modal, whose title bar is a `<header>` — outside any
 * landmark of the page it would read as a second site banner, so it is presented as a plain bar.
 */
export function DetailDialog({
  opened,
  onClose,
  title,
  size,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size?: 'md' | 'lg';
  children: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      zIndex={zIndex.modal}
      transitionProps={{ duration: timings.modalIn, exitDuration: timings.modalOut }}
      size={size ?? 'md'}
      centered
    >
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header role="none">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label={t('confirm.close')} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
