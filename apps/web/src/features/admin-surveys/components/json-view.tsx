import { Alert, Button, Group, List, Stack, Textarea } from '@mantine/core';
import { type SurveyDocument, SurveyDocumentSchema, toErrorDetails } from '@opora/contracts';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/forms/form-errors.tsx';
import classes from './admin-surveys.module.css';

/**
 * The document as JSON (the format of docs/surveys.md), as it will be sent. A draft's can be edited
 * here and taken into the editor once it is a valid document; until then the editor keeps its own.
 */
export function JsonView({
  json,
  readOnly,
  onApply,
}: {
  json: unknown;
  readOnly: boolean;
  onApply: (document: SurveyDocument) => void;
}) {
  const { t } = useTranslation('admin-surveys');
  // Problems' messages name their namespace (`validation:required`).
  const { t: message } = useTranslation();
  const current = JSON.stringify(json, null, 2);
  const [typed, setTyped] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[] | null>(null);

  const apply = () => {
    if (typed === null) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(typed);
    } catch {
      setProblems([t('json.notJson')]);
      return;
    }
    const result = SurveyDocumentSchema.safeParse(parsed);
    if (!result.success) {
      setProblems(
        toErrorDetails(result.error)
          .slice(0, 5)
          .map((detail) => `${detail.property || '—'}: ${translateMessage(message, detail)}`),
      );
      return;
    }
    onApply(result.data);
    setTyped(null);
    setProblems(null);
  };

  return (
    <Stack gap="sm" className={readOnly ? classes.readOnly : undefined}>
      <Textarea
        size="md"
        label={t('json.label')}
        description={readOnly ? t('json.readOnlyHint') : t('json.hint')}
        value={typed ?? current}
        readOnly={readOnly}
        autosize
        minRows={12}
        maxRows={40}
        spellCheck={false}
        className={classes.json}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          setProblems(null);
        }}
      />
      {problems ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle aria-hidden />}
          title={t('json.invalid')}
        >
          <List size="sm">
            {problems.map((problem) => (
              <List.Item key={problem} className={classes.code}>
                {problem}
              </List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {readOnly ? null : (
        <Group gap="sm">
          <Button leftSection={<IconCheck size={18} aria-hidden />} disabled={typed === null} onClick={apply}>
            {t('json.apply')}
          </Button>
          <Button
            variant="default"
            disabled={typed === null}
            onClick={() => {
              setTyped(null);
              setProblems(null);
            }}
          >
            {t('json.discard')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
