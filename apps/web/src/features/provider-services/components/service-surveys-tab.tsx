import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type Locale,
  type ProviderServiceSurveys,
  type ProviderSurveyDefinitionInput,
  ProviderSurveyDefinitionInputSchema,
} from '@opora/contracts';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@/components/overlays/confirm.tsx';
import { toast } from '@/components/overlays/toast.tsx';
import { AsyncButton, mutationOutcome } from '@/components/ui/async-button.tsx';
import { LoadError, LoadingState } from '@/components/ui/page-states.tsx';
import { toastError } from '@/lib/forms/notify.ts';
import { useContractForm } from '@/lib/forms/use-contract-form.ts';
import { useFormTranslation } from '@/lib/forms/use-form-translation.ts';
import { useLocale } from '@/lib/i18n/use-locale.ts';
import {
  createProviderSurveyDefinition,
  useDeleteProviderSurvey,
  useRefreshedAfter,
  useSaveServiceSurveys,
  useServiceSurveys,
} from '../api/provider-services.ts';

/**
 * The Surveys tab of a service (issue 23 §3): which questionnaires a carer fills in when requesting
 * it — the platform's and the provider's own — and a simple editor for a new one of the provider's.
 */
export function ServiceSurveysTab({
  providerId,
  serviceId,
  manage,
}: {
  providerId: string;
  serviceId: string;
  manage: boolean;
}) {
  const { t } = useTranslation('provider-services');
  const surveys = useServiceSurveys(providerId, serviceId);
  if (surveys.isError) {
    return (
      <LoadError
        title={t('detail.errorTitle')}
        text={t('detail.errorText')}
        retryLabel={t('detail.retry')}
        retrying={surveys.isFetching}
        onRetry={() => void surveys.refetch()}
      />
    );
  }
  if (!surveys.data) {
    return (
      <LoadingState label={t('surveys.loading')}>
        <Stack gap="sm">
          <Skeleton height={24} width="50%" />
          <Skeleton height={120} />
        </Stack>
      </LoadingState>
    );
  }
  return (
    <Stack gap="xl">
      <Text>{t('surveys.intro')}</Text>
      <SurveyChoice
        key={surveys.data.attached.map((survey) => survey.id).join()}
        providerId={providerId}
        serviceId={serviceId}
        surveys={surveys.data}
        manage={manage}
      />
      {manage ? <NewSurvey providerId={providerId} /> : <Text c="dimmed">{t('surveys.readOnly')}</Text>}
    </Stack>
  );
}

function SurveyChoice({
  providerId,
  serviceId,
  surveys,
  manage,
}: {
  providerId: string;
  serviceId: string;
  surveys: ProviderServiceSurveys;
  manage: boolean;
}) {
  const { t } = useTranslation('provider-services');
  const { t: tf } = useFormTranslation();
  const { locale } = useLocale();
  const [chosen, setChosen] = useState(surveys.attached.map((survey) => survey.id));
  const save = useSaveServiceSurveys(providerId, serviceId);
  const remove = useDeleteProviderSurvey(providerId);

  const deleteSurvey = async (id: string) => {
    const confirmed = await confirm({
      title: t('surveys.deleteTitle'),
      message: t('surveys.deleteText'),
      confirmLabel: t('surveys.delete'),
      danger: true,
    });
    if (!confirmed) return;
    // The promise, not mutate's callbacks: the refetch after the change re-keys this list, and callbacks
    // passed to `mutate` are dropped when their component unmounts first.
    await remove.mutateAsync(id).then(
      () => toast.success(t('surveys.deleted')),
      (error: unknown) => toastError(tf, error),
    );
  };

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('surveys.attached')}
      </Title>
      {surveys.available.length === 0 ? (
        <Text>{t('surveys.none')}</Text>
      ) : (
        <Checkbox.Group value={chosen} onChange={setChosen} label={t('surveys.choose')}>
          <Stack gap="sm" mt="xs">
            {surveys.available.map((survey) => (
              <Paper key={survey.id} withBorder radius="md" p="sm">
                <Group justify="space-between" align="flex-start" gap="xs">
                  <Checkbox
                    value={survey.id}
                    disabled={!manage}
                    label={survey.definition.title[locale]}
                    description={`${survey.code} · ${t('surveys.version', { version: survey.version })}`}
                  />
                  <Group gap="xs" justify="flex-end">
                    <Badge
                      variant="light"
                      color={survey.providerId ? 'opora' : 'gray'}
                      c={survey.providerId ? 'opora.9' : 'gray.9'}
                      tt="none"
                    >
                      {survey.providerId ? t('surveys.own') : t('surveys.platform')}
                    </Badge>
                    {survey.answered ? (
                      <Badge
                        variant="light"
                        color="yellow"
                        c="gray.9"
                        tt="none"
                        title={t('surveys.answeredHint')}
                      >
                        {t('surveys.answered')}
                      </Badge>
                    ) : null}
                    {manage && survey.providerId && !survey.answered ? (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={`${t('surveys.delete')}: ${survey.definition.title[locale]}`}
                        onClick={() => void deleteSurvey(survey.id)}
                      >
                        <IconTrash size={20} aria-hidden />
                      </ActionIcon>
                    ) : null}
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        </Checkbox.Group>
      )}
      {manage && surveys.available.length > 0 ? (
        <Group>
          <AsyncButton
            busy={save.isPending}
            outcome={mutationOutcome(save)}
            leftSection={<IconDeviceFloppy size={20} aria-hidden />}
            onClick={() =>
              void save.mutateAsync(chosen).then(
                () => toast.success(t('surveys.saved')),
                (error: unknown) => toastError(tf, error),
              )
            }
          >
            {t('surveys.save')}
          </AsyncButton>
        </Group>
      ) : null}
    </Stack>
  );
}

type Localized = Record<Locale, string>;
type QuestionValues = { type: 'text' | 'single'; label: Localized; required: boolean; choices: Localized[] };
type SurveyValues = { code: string; version: number | string; title: Localized; questions: QuestionValues[] };

const blank = (): Localized => ({ cs: '', en: '', sk: '' });
const labelOrder = ['cs', 'sk', 'en'] as const;

/** The simple questionnaire editor: a code, a version, a title and text or single-choice questions in cs, sk, en. */
function NewSurvey({ providerId }: { providerId: string }) {
  const { t } = useTranslation('provider-services');
  const refresh = useRefreshedAfter();
  const initialValues: SurveyValues = {
    code: '',
    version: 1,
    title: blank(),
    questions: [{ type: 'text', label: blank(), required: true, choices: [] }],
  };
  const { form, onSubmit, submitButton } = useContractForm({
    schema: ProviderSurveyDefinitionInputSchema,
    initialValues,
    mode: 'controlled',
    toInput: (values: SurveyValues) => ({
      ...values,
      version: values.version === '' ? undefined : Number(values.version),
      questions: values.questions.map((question) => ({
        ...question,
        choices: question.type === 'single' ? question.choices : [],
      })),
    }),
    fields: ['code', 'version', 'questions', 'title'],
    submit: (body) => createProviderSurveyDefinition(providerId, body as ProviderSurveyDefinitionInput),
    onSuccess: async () => {
      form.setValues(initialValues);
      await refresh();
      toast.success(t('surveys.created'));
    },
  });
  const labelName = { cs: t('surveys.labelCs'), sk: t('surveys.labelSk'), en: t('surveys.labelEn') };
  const { questions } = form.getValues();

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('surveys.newTitle')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('surveys.code')}
            description={t('surveys.codeHint')}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            required
            withAsterisk
            {...form.getInputProps('code')}
          />
          <NumberInput
            label={t('surveys.versionLabel')}
            min={1}
            allowDecimal={false}
            required
            withAsterisk
            {...form.getInputProps('version')}
          />
        </SimpleGrid>
        <Fieldset legend={t('surveys.titleLabel')}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {labelOrder.map((language) => (
              <TextInput
                key={language}
                label={`${t('surveys.titleLabel')} – ${labelName[language]}`}
                required
                withAsterisk
                {...form.getInputProps(`title.${language}`)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
        {questions.map((question, index) => (
          <Fieldset
            key={form.key(`questions.${index}`)}
            legend={t('surveys.question', { number: index + 1 })}
          >
            <Stack gap="sm">
              <Group justify="space-between" align="flex-end">
                <Stack gap={4}>
                  <Text size="sm" fw={500} id={`question-type-${index}`}>
                    {t('surveys.questionType')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby={`question-type-${index}`}
                    data={[
                      { value: 'text', label: t('surveys.typeText') },
                      { value: 'single', label: t('surveys.typeSingle') },
                    ]}
                    {...form.getInputProps(`questions.${index}.type`)}
                    onChange={(value) => {
                      form.setFieldValue(`questions.${index}.type`, value as 'text' | 'single');
                      if (value === 'single' && question.choices.length < 2) {
                        form.setFieldValue(`questions.${index}.choices`, [blank(), blank()]);
                      }
                    }}
                  />
                </Stack>
                <Switch
                  label={t('surveys.required')}
                  {...form.getInputProps(`questions.${index}.required`, { type: 'checkbox' })}
                />
                {questions.length > 1 ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    size="lg"
                    aria-label={t('surveys.removeQuestion', { number: index + 1 })}
                    onClick={() => form.removeListItem('questions', index)}
                  >
                    <IconTrash size={20} aria-hidden />
                  </ActionIcon>
                ) : null}
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                {labelOrder.map((language) => (
                  <TextInput
                    key={language}
                    label={`${t('surveys.question', { number: index + 1 })} – ${labelName[language]}`}
                    required
                    withAsterisk
                    {...form.getInputProps(`questions.${index}.label.${language}`)}
                  />
                ))}
              </SimpleGrid>
              {question.type === 'single' ? (
                <Stack gap="xs">
                  {question.choices.map((_choice, choiceIndex) => (
                    <Group
                      key={form.key(`questions.${index}.choices.${choiceIndex}`)}
                      align="flex-end"
                      wrap="nowrap"
                    >
                      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" style={{ flex: 1 }}>
                        {labelOrder.map((language) => (
                          <TextInput
                            key={language}
                            label={`${t('surveys.choice', { number: choiceIndex + 1 })} – ${labelName[language]}`}
                            required
                            withAsterisk
                            {...form.getInputProps(`questions.${index}.choices.${choiceIndex}.${language}`)}
                          />
                        ))}
                      </SimpleGrid>
                      {question.choices.length > 2 ? (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          size="lg"
                          aria-label={t('surveys.removeChoice', { number: choiceIndex + 1 })}
                          onClick={() => form.removeListItem(`questions.${index}.choices`, choiceIndex)}
                        >
                          <IconTrash size={20} aria-hidden />
                        </ActionIcon>
                      ) : null}
                    </Group>
                  ))}
                  {form.errors[`questions.${index}.choices`] ? (
                    <Text c="red.8" size="sm">
                      {form.errors[`questions.${index}.choices`]}
                    </Text>
                  ) : null}
                  <Button
                    variant="subtle"
                    leftSection={<IconPlus size={18} aria-hidden />}
                    onClick={() => form.insertListItem(`questions.${index}.choices`, blank())}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    {t('surveys.addChoice')}
                  </Button>
                </Stack>
              ) : null}
            </Stack>
          </Fieldset>
        ))}
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconPlus size={20} aria-hidden />}
            onClick={() =>
              form.insertListItem('questions', { type: 'text', label: blank(), required: false, choices: [] })
            }
          >
            {t('surveys.addQuestion')}
          </Button>
          <AsyncButton
            type="submit"
            {...submitButton}
            leftSection={<IconDeviceFloppy size={20} aria-hidden />}
          >
            {t('surveys.create')}
          </AsyncButton>
        </Group>
      </Stack>
    </form>
  );
}
