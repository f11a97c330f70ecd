import { Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import {
  type SurveyDefinitionSummary,
  type SurveyDefinitionVersion,
  SurveyDefinitionVersionSchema,
} from '@opora/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailDialog } from '@/components/overlays/detail-dialog.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { paths } from '@/config/paths.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import {
  createSurveyDefinitionVersion,
  storeSurveyDefinitionChange,
  useSurveyDefinitions,
} from '../api/survey-definitions.ts';
import { nextVersion, suggestedCode } from '../utils/codes.ts';
import classes from './admin-surveys.module.css';

/**
 * A new version of a published or retired questionnaire: a draft copy numbered after the newest
 * version of its type, under a new code (the shipped ones' pattern suggested); opened when made.
 */
export function NewVersionDialog({
  source,
  opened,
  onClose,
}: {
  source: SurveyDefinitionSummary;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-surveys');
  return (
    <DetailDialog opened={opened} onClose={onClose} title={t('newVersion.title')}>
      {opened ? <NewVersionContent source={source} onClose={onClose} /> : null}
    </DetailDialog>
  );
}

/** The suggested code needs the codes taken: the form waits for the list (read or failed). */
function NewVersionContent({ source, onClose }: { source: SurveyDefinitionSummary; onClose: () => void }) {
  const { t } = useTranslation('admin-surveys');
  const list = useSurveyDefinitions();
  if (list.isPending) {
    return (
      <Group gap="xs">
        <Loader size="sm" aria-hidden />
        <Text>{t('newVersion.loading')}</Text>
      </Group>
    );
  }
  return <NewVersionForm source={source} definitions={list.data ?? []} onClose={onClose} />;
}

function NewVersionForm({
  source,
  definitions,
  onClose,
}: {
  source: SurveyDefinitionSummary;
  definitions: readonly SurveyDefinitionSummary[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-surveys');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const platform = source.providerId === null;
  const version = platform ? nextVersion(definitions, source.type) : source.version + 1;
  const { form, onSubmit, submitButton } = useContractForm<
    { code: string },
    SurveyDefinitionVersion,
    SurveyDefinitionSummary
  >({
    schema: SurveyDefinitionVersionSchema,
    initialValues: { code: suggestedCode(definitions, source.type, version) },
    toInput: (values) => ({ code: values.code.trim() }),
    submit: (body, { signal }) => createSurveyDefinitionVersion(source.id, body, signal),
    leavesOnSuccess: true,
    onSuccess: async (created) => {
      toast.success(t('newVersion.done', { version: created.version, code: created.code }));
      await storeSurveyDefinitionChange(queryClient, { summary: created });
      onClose();
      await navigate(paths.adminSurvey.getHref({ surveyDefinitionId: created.id }));
    },
  });
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <Text>{t('newVersion.text', { code: source.code, version })}</Text>
        <TextInput
          label={t('meta.code')}
          description={t('meta.codeHint')}
          withAsterisk
          maxLength={100}
          classNames={{ input: classes.codeInput }}
          data-autofocus
          key={form.key('code')}
          {...form.getInputProps('code')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('newVersion.cancel')}
          </Button>
          <AsyncButton type="submit" {...submitButton}>
            {t('newVersion.submit')}
          </AsyncButton>
        </Group>
      </Stack>
    </form>
  );
}
