import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client.ts';
import { type ContractForm, type ContractFormOptions, useContractForm } from './use-contract-form.ts';

/** A field the conflict compares: its label and its value as one line of text. */
export type ConflictField<Values> = { label: string; text: (values: Values) => string };

type RecordSchema<Record> = {
  safeParse(input: unknown): { success: true; data: Record } | { success: false };
};

export type RevisionedFormOptions<
  Values extends { revision: number },
  Body,
  Result,
  Record,
> = ContractFormOptions<Values, Body, Result> & {
  /** The record as its read operation answers it (a 409's `current`, and a save's answer). */
  recordSchema: RecordSchema<Record>;
  /** The record as the form's values, its `revision` included. */
  toValues: (record: Record) => Values;
  /** What the conflict sets side by side, field by field. */
  conflictFields: readonly ConflictField<Values>[];
  /**
   * The record as the page reads it now, when the page reads it again while the form is open (a status
   * change, a refetch): untouched fields follow it; typed ones stay, and their save meets the conflict.
   */
  stored?: Values;
};

export type RevisionedForm<Values> = ContractForm<Values> & {
  /** The other person's values beside the person's, while a save waits for their choice; else null. */
  conflict: ReactNode;
};

const sameFields = <Values extends { revision: number }>(a: Values, b: Values) =>
  JSON.stringify({ ...a, revision: 0 }) === JSON.stringify({ ...b, revision: 0 });

/**
 * A contracts form over a record several people edit, each save naming the revision it was made on
 * (decision 0099). A 409 `RecordChangedByAnother` keeps what the person typed and shows `conflict`: the
 * fields that differ, theirs beside the person's, with "use the saved values" (the form takes the record
 * and its revision) or "keep mine and save" (saves the person's values on the new revision, knowingly).
 * A successful save becomes the form's new starting point.
 */
export function useRevisionedForm<Values extends { revision: number }, Body, Result, Record>(
  options: RevisionedFormOptions<Values, Body, Result, Record>,
): RevisionedForm<Values> {
  const { recordSchema, toValues, conflictFields, stored, ...contract } = options;
  const [theirs, setTheirs] = useState<Values | null>(null);
  // What the form was last set to from the server: a refetch that changed none of it only moves the revision.
  const baseline = useRef(options.initialValues);
  const take = (values: Values) => {
    baseline.current = values;
    form.setValues(values);
    form.resetDirty(values);
  };

  const { form, onSubmit, ...rest } = useContractForm<Values, Body, Result>({
    ...contract,
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'RecordChangedByAnother') {
        const current = recordSchema.safeParse(error.current);
        if (current.success) {
          setTheirs(toValues(current.data));
          return true;
        }
      }
      return contract.onError?.(error) ?? false;
    },
    onSuccess: (result, body, values) => {
      setTheirs(null);
      const saved = recordSchema.safeParse(result);
      if (saved.success) take(toValues(saved.data));
      return contract.onSuccess?.(result, body, values);
    },
  });

  const storedRevision = stored?.revision;
  // Only a new revision of the stored record moves the form; its other renders do not.
  useEffect(() => {
    if (!stored || stored.revision <= form.getValues().revision) return;
    if (sameFields(stored, baseline.current)) {
      baseline.current = stored;
      form.setValues({ revision: stored.revision } as Partial<Values>);
    } else if (!form.isDirty()) {
      take(stored);
    }
  }, [storedRevision]);

  const conflict = theirs ? (
    <RecordConflict
      fields={conflictFields}
      mine={form.getValues()}
      theirs={theirs}
      onTakeTheirs={() => {
        take(theirs);
        setTheirs(null);
      }}
      onKeepMine={() => {
        form.setValues({ revision: theirs.revision } as Partial<Values>);
        setTheirs(null);
        onSubmit();
      }}
    />
  ) : null;

  return { form, onSubmit, ...rest, conflict };
}

/**
 * Someone else saved the record while the person edited it: their values beside the person's (only
 * the fields that differ), nothing of what the person typed lost.
 */
function RecordConflict<Values>({
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
  const { t } = useTranslation('common');
  const differing = fields.filter((field) => field.text(mine) !== field.text(theirs));
  return (
    <Alert
      color="yellow"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle aria-hidden />}
      title={t('recordConflict.title')}
    >
      <Stack gap="sm">
        <Text>{t('recordConflict.text')}</Text>
        {differing.length > 0 ? (
          <Table.ScrollContainer minWidth={420}>
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('recordConflict.field')}</Table.Th>
                  <Table.Th scope="col">{t('recordConflict.mine')}</Table.Th>
                  <Table.Th scope="col">{t('recordConflict.theirs')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {differing.map((field) => (
                  <Table.Tr key={field.label}>
                    <Table.Th scope="row">{field.label}</Table.Th>
                    <Table.Td>{field.text(mine) || t('recordConflict.empty')}</Table.Td>
                    <Table.Td>{field.text(theirs) || t('recordConflict.empty')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : (
          <Text>{t('recordConflict.same')}</Text>
        )}
        <Group gap="sm">
          <Button variant="default" onClick={onTakeTheirs}>
            {t('recordConflict.takeTheirs')}
          </Button>
          <Button onClick={onKeepMine}>{t('recordConflict.keepMine')}</Button>
        </Group>
      </Stack>
    </Alert>
  );
}
