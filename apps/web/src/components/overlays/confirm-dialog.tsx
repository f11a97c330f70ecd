import { Button, Group, Modal, Text } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { timings, zIndex } from '@opora/contracts';
import { useTranslation } from 'react-i18next';
import { useModalLayer } from '@/lib/modal-stack.ts';
import { type ConfirmEntry, removeConfirm, settleConfirm } from './confirm.ts';

export function ConfirmDialog({ entry }: { entry: ConfirmEntry }) {
  const { t } = useTranslation();
  const isTop = useModalLayer(entry.opened);

  useWindowEvent('keydown', (event) => {
    if (!entry.opened || event.isComposing || !isTop()) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      settleConfirm(entry.id, false);
      return;
    }
    if (event.key !== 'Enter') return;
    const target = event.target instanceof Element ? event.target : null;
    // A focused button, link or text area keeps its own Enter (the confirm button clicks itself).
    if (target?.closest('button, a[href], textarea')) return;
    event.preventDefault();
    settleConfirm(entry.id, true);
  });

  return (
    <Modal
      opened={entry.opened}
      onClose={() => settleConfirm(entry.id, false)}
      onExitTransitionEnd={() => removeConfirm(entry.id)}
      closeOnEscape={false}
      title={entry.options.title}
      zIndex={zIndex.modal}
      transitionProps={{ duration: timings.modalIn, exitDuration: timings.modalOut }}
      closeButtonProps={{ 'aria-label': t('confirm.close') }}
      centered
    >
      {/* A destructive question starts on its text, not on a button: it is read first, Enter confirms
          (SPEC §4) and Tab reaches Cancel; no single key press lands on the destructive button. */}
      <Text
        tabIndex={entry.options.danger ? -1 : undefined}
        data-autofocus={entry.options.danger ? true : undefined}
        // Room for the focus ring inside the modal body, which clips what overflows it.
        p={4}
        mx={-4}
        style={{ outlineOffset: -2 }}
      >
        {entry.options.message}
      </Text>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={() => settleConfirm(entry.id, false)}>
          {entry.options.cancelLabel ?? t('confirm.cancel')}
        </Button>
        <Button
          color={entry.options.danger ? 'red.9' : undefined}
          data-autofocus={entry.options.danger ? undefined : true}
          onClick={() => settleConfirm(entry.id, true)}
        >
          {entry.options.confirmLabel ?? t('confirm.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
