import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';

/** A field the conflict compares: its label and its value as one line of text. */
export type ConflictField<Values> = { label: string; text: (values: Values) => string };

type Schema<Record> = { safeParse(input: unknown): { success: true; data: Record } | { success: false } };

/**
 * The other person's save that made ours fail (409 `RecordChangedByAnother`, decision 0099): their
 * values as the form would hold them, kept until the person decides. `onError` goes to the form's
 * `useContractForm` options; it claims the conflict so no toast says it too.
 */
export function useRecordConflict<Values extends { revision: number }, Record>(
  schema: Schema<Record>,
  toValues: (record: Record) => Values,
) {
  const [theirs, setTheirs] = useState<Values | null>(null);
  const onError = (error: unknown): boolean => {
    if (!(error instanceof ApiError) || error.code !== 'RecordChangedByAnother') return false;
    const current = schema.safeParse(error.current);
    if (!current.success) return false;
    setTheirs(toValues(current.data));
    return true;
  };
  return { theirs, onError, clear: () => setTheirs(null) };
}

/**
 * Someone else saved the record while the person edited it: their values beside the person's (only
 * the fields that differ), nothing of what the person typed lost. "Use theirs" takes the saved
 * record into the form; "Keep mine" saves the person's values over it, knowingly.
 */
export function RecordConflict<Values>({
  fields,
  mine,
  theirs,
  onTakeTheirs,
  onKeepMine,
}: {
  fields: readonly ConflictField<Values>[];
  mine: Values;
  theirs: Values;
  onTakeTheirs: () => void;
  onKeepMine: () => void;
}) {
  const { t } = useTranslation('provider-profile');
  const differing = fields.filter((field) => field.text(mine) !== field.text(theirs));
  return (
    <Alert
      color="yellow"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('conflict.title')}
    >
      <Stack gap="sm">
        <Text>{t('conflict.text')}</Text>
        {differing.length > 0 ? (
          <Table.ScrollContainer minWidth={420}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('conflict.field')}</Table.Th>
                  <Table.Th scope="col">{t('conflict.mine')}</Table.Th>
                  <Table.Th scope="col">{t('conflict.theirs')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {differing.map((field) => (
                  <Table.Tr key={field.label}>
                    <Table.Th scope="row">{field.label}</Table.Th>
                    <Table.Td>{field.text(mine) || t('conflict.empty')}</Table.Td>
                    <Table.Td>{field.text(theirs) || t('conflict.empty')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text>{t('conflict.same')}</Text>
        )}
        <Group gap="sm">
          <Button variant="default" onClick={onTakeTheirs}>
            {t('conflict.takeTheirs')}
          </Button>
          <Button onClick={onKeepMine}>{t('conflict.keepMine')}</Button>
        </Group>
      </Stack>
    </Alert>
  );
}
