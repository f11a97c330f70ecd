import { Button, Group, NativeSelect, NumberInput, Radio, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  isOneOf,
  type SurveyDefinition,
  type SurveyDefinitionInput,
  SurveyDefinitionInputSchema,
  type SurveyDefinitionSummary,
  type SurveyType,
  surveyTypes,
} from '@opora/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailDialog } from '@/components/overlays/detail-dialog.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton } from '@/components/ui/async-button.tsx';
import { paths } from '@/config/paths.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { createSurveyDefinition, storeSurveyDefinitionChange } from '../api/survey-definitions.ts';
import { newestPublished, nextVersion, suggestedCode } from '../utils/codes.ts';
import { starterDocument } from '../utils/document-editing.ts';
import { toDocumentJson } from '../utils/document-model.ts';
import classes from './admin-surveys.module.css';

type Values = { type: string; code: string; version: number | string; start: 'blank' | 'copy' };

/**
 * A new platform questionnaire, as a draft: its type, code and version (the next of the type and the
 * shipped codes' pattern suggested), started from a copy of the type's newest published one when there
 * is one, or from one part with one question. Opened when made.
 */
export function NewSurveyDialog({
  definitions,
  opened,
  onClose,
}: {
  definitions: readonly SurveyDefinitionSummary[];
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-surveys');
  return (
    <DetailDialog opened={opened} onClose={onClose} title={t('create.title')} size="lg">
      {opened ? <NewSurveyForm definitions={definitions} onClose={onClose} /> : null}
    </DetailDialog>
  );
}

function suggestionFor(definitions: readonly SurveyDefinitionSummary[], type: SurveyType) {
  const version = nextVersion(definitions, type);
  return {
    version,
    code: suggestedCode(definitions, type, version),
    start: newestPublished(definitions, type) ? ('copy' as const) : ('blank' as const),
  };
}

function NewSurveyForm({
  definitions,
  onClose,
}: {
  definitions: readonly SurveyDefinitionSummary[];
  onClose: () => void;
}) {
  const { t } = useTranslation('admin-surveys');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const initialType: SurveyType = 'service';

  const { form, onSubmit, submitButton } = useContractForm<Values, SurveyDefinitionInput, SurveyDefinition>({
    schema: SurveyDefinitionInputSchema,
    mode: 'controlled',
    initialValues: { type: initialType, ...suggestionFor(definitions, initialType) },
    toInput: (values) => {
      const type = isOneOf(surveyTypes, values.type) ? values.type : undefined;
      const copy = type && values.start === 'copy' ? newestPublished(definitions, type) : undefined;
      return {
        type,
        code: values.code.trim(),
        version: typeof values.version === 'number' ? values.version : undefined,
        definition: JSON.stringify(copy ? copy.definition : toDocumentJson(starterDocument())),
      };
    },
    fields: ['type', 'code', 'version'],
    submit: (body, { signal }) => createSurveyDefinition(body, signal),
    leavesOnSuccess: true,
    onSuccess: async (created) => {
      toast.success(t('create.done', { code: created.code }));
      await storeSurveyDefinitionChange(queryClient, { changedId: created.id });
      onClose();
      await navigate(paths.adminSurvey.getHref({ surveyDefinitionId: created.id }));
    },
  });

  const type = isOneOf(surveyTypes, form.values.type) ? form.values.type : initialType;
  const copyOf = newestPublished(definitions, type);

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <NativeSelect
          label={t('create.type')}
          data={surveyTypes.map((each) => ({ value: each, label: t(`type.${each}.name`) }))}
          description={t(`type.${type}.hint`)}
          {...form.getInputProps('type')}
          onChange={(event) => {
            const next = event.currentTarget.value;
            form.setFieldValue('type', next);
            if (isOneOf(surveyTypes, next)) form.setValues(suggestionFor(definitions, next));
          }}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput
            label={t('meta.code')}
            description={t('meta.codeHint')}
            withAsterisk
            maxLength={100}
            classNames={{ input: classes.codeInput }}
            {...form.getInputProps('code')}
          />
          <NumberInput
            size="md"
            label={t('meta.version')}
            description={t('meta.versionHint')}
            withAsterisk
            min={1}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            {...form.getInputProps('version')}
          />
        </SimpleGrid>
        <Radio.Group label={t('create.start')} {...form.getInputProps('start')}>
          <Stack gap="xs" mt="xs">
            {copyOf ? (
              <Radio
                value="copy"
                label={t('create.startCopy', { code: copyOf.code, version: copyOf.version })}
              />
            ) : null}
            <Radio value="blank" label={t('create.startBlank')} />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('create.cancel')}
          </Button>
          <AsyncButton type="submit" {...submitButton}>
            {t('create.submit')}
          </AsyncButton>
        </Group>
      </Stack>
    </form>
  );
}
