import { Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { modals, useModals } from '@mantine/modals';
import { timings, zIndex } from '@opora/contracts';
import type { ReactNode } from 'react';
import { i18n } from '@/lib/i18n/i18n.ts';
import { useModalLayer } from '@/lib/modal-stack.ts';

export type ConfirmOptions = {
  title: ReactNode;
  message: ReactNode;
  /** Defaults to the translated "Confirm". */
  confirmLabel?: ReactNode;
  /** Defaults to the translated "Cancel". */
  cancelLabel?: ReactNode;
  /**
   * An action that cannot be undone: a red confirm button, and focus starts on the message rather than
   * on a button (Enter still confirms, SPEC §4).
   */
  danger?: boolean;
};

let nextId = 1;

/**
 * Asks the user to confirm (SPEC §2, §4) in Mantine's confirm modal. Resolves true on confirm, false on
 * cancel, close or Escape. Enter confirms and Escape cancels, in the topmost dialog only (Mantine's
 * modals show one at a time, the latest opened).
 */
export function confirm(options: ConfirmOptions): Promise<boolean> {
  const modalId = `confirm-${nextId++}`;
  return new Promise((resolve) => {
    modals.openConfirmModal({
      modalId,
      title: options.title,
      children: (
        <ConfirmMessage
          modalId={modalId}
          danger={options.danger}
          onEnter={() => {
            resolve(true);
            modals.close(modalId);
          }}
        >
          {options.message}
        </ConfirmMessage>
      ),
      labels: {
        confirm: options.confirmLabel ?? i18n.t('confirm.confirm'),
        cancel: options.cancelLabel ?? i18n.t('confirm.cancel'),
      },
      confirmProps: options.danger ? { color: 'red.9' } : { 'data-autofocus': true },
      groupProps: { mt: 'xl', gap: 'sm' },
      onConfirm: () => resolve(true),
      // Every way of closing ends here, the confirm button too (after onConfirm: a settled promise stays).
      onClose: () => resolve(false),
      centered: true,
      zIndex: zIndex.modal,
      transitionProps: { duration: timings.modalIn, exitDuration: timings.modalOut },
      closeButtonProps: { 'aria-label': i18n.t('confirm.close') },
    });
  });
}

type ConfirmMessageProps = {
  modalId: string;
  danger: boolean | undefined;
  onEnter: () => void;
  children: ReactNode;
};

/** The question, and SPEC §4's Enter-to-confirm, which Mantine's confirm modal does not have. */
function ConfirmMessage({ modalId, danger, onEnter, children }: ConfirmMessageProps) {
  // Still rendered while the modal fades out: only an open dialog listens.
  const open = useModals().modals.some((modal) => modal.id === modalId);
  // Above the mobile menu, whose Escape waits for the top layer.
  const isTop = useModalLayer(open);

  useWindowEvent('keydown', (event) => {
    if (!open || event.key !== 'Enter' || event.isComposing || !isTop()) return;
    const target = event.target instanceof Element ? event.target : null;
    // A focused button, link or text area keeps its own Enter (the confirm button clicks itself).
    if (target?.closest('button, a[href], textarea')) return;
    event.preventDefault();
    onEnter();
  });

  return (
    // A destructive question starts on its text, not on a button: it is read first, Enter confirms and
    // Tab reaches Cancel; no single key press lands on the destructive button (decision 0020).
    <Text
      tabIndex={danger ? -1 : undefined}
      data-autofocus={danger ? true : undefined}
      // Room for the focus ring inside the modal body, which clips what overflows it.
      p={4}
      mx={-4}
      style={{ outlineOffset: -2 }}
    >
      {children}
    </Text>
  );
}
