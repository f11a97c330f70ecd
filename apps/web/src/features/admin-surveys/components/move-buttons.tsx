import { ActionIcon, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';

/**
 * Up, down and remove for one item of a list (a part, a question, a choice): buttons with the item
 * named in their labels, each marked (`data-move`) so the keyboard can be put back on it after the move.
 */
export function MoveButtons({
  itemId,
  labels,
  canMoveUp,
  canMoveDown,
  canRemove,
  onMove,
  onRemove,
}: {
  itemId: string;
  labels: { up: string; down: string; remove: string };
  canMoveUp: boolean;
  canMoveDown: boolean;
  canRemove: boolean;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        color="dark"
        size="lg"
        aria-label={labels.up}
        title={labels.up}
        disabled={!canMoveUp}
        onClick={() => onMove(-1)}
        data-move={`${itemId}:up`}
      >
        <IconArrowUp size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="dark"
        size="lg"
        aria-label={labels.down}
        title={labels.down}
        disabled={!canMoveDown}
        onClick={() => onMove(1)}
        data-move={`${itemId}:down`}
      >
        <IconArrowDown size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red.9"
        size="lg"
        aria-label={labels.remove}
        title={labels.remove}
        disabled={!canRemove}
        onClick={onRemove}
        data-move={`${itemId}:remove`}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

/** After a move: the same button again, or its other direction when the item reached an end. */
export function afterMove(itemId: string, delta: -1 | 1): string[] {
  const [same, other] = delta === -1 ? ['up', 'down'] : ['down', 'up'];
  return [
    `[data-move="${CSS.escape(`${itemId}:${same}`)}"]`,
    `[data-move="${CSS.escape(`${itemId}:${other}`)}"]`,
  ];
}
